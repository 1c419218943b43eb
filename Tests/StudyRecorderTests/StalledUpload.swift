import Foundation
import Storage
import TestSupport

/// An `upload` run hung on a stalled server: a recording is stored in a folder wired to a real WebDAV
/// server behind a ``FaultProxy``, the proxy stalls, and `study-recorder upload` is started and
/// waited on until it has claimed the item (`sending`). The tests then kill or signal it.
///
/// The waits block their thread on purpose: a `Task.sleep` poll was starved for the whole 3 s stall
/// window when other suites ran their command-line tools on the cooperative pool at the same time.
struct StalledUpload {
    let server: WebDAVTestServer
    let proxy: FaultProxy
    let setup: TransferCLISetup
    let store: DataStore
    /// The recording the run is sending.
    let item: CatalogItem
    /// The running `upload`.
    let process: Process

    /// Starts it; `webdav` replaces the folder's WebDAV settings (the URL is the proxy's). Throws when
    /// the run has not claimed the item within 10 s.
    init(folder: TemporaryDirectory, webdav: [String: Any] = [:]) throws {
        server = try WebDAVTestServer()
        proxy = try FaultProxy(upstreamPort: server.port)
        let settings = ["url": proxy.baseURL, "connectTimeout": 2, "stallTimeout": 3].merging(webdav) { $1 }
        setup = try TransferCLISetup(folder: folder, webdavURL: proxy.baseURL, password: server.password, extra: ["webdav": settings])
        let recorded = try CLI.run(["record", "--data", setup.data.path, "--duration", "1s", "--speed", "0", "--json"])
        item = try JSONDecoder.iso.decode(CatalogItem.self, from: Data(recorded.stdout.utf8))
        try proxy.inject(.stall)
        process = Process()
        process.executableURL = try CLI.binary()
        process.arguments = ["upload", "--data", setup.data.path]
        process.standardOutput = FileHandle.nullDevice
        let errors = folder.path("upload.stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.runWithTerminationSignals()
        store = try DataStore(root: setup.data)
        let deadline = Date().addingTimeInterval(10)
        while try store.catalog.item(id: item.id)?.state != .sending {
            guard Date() < deadline, process.isRunning else {
                process.terminate()
                let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
                throw TestToolError.serverDidNotStart("upload never claimed \(item.id) behind the stalled proxy: \(said)")
            }
            usleep(20_000)
        }
    }

    /// The item as the catalog holds it now.
    func current() throws -> CatalogItem? { try store.catalog.item(id: item.id) }

    /// Waits for the run to end (a killed or signalled run ends within moments).
    func waitForExit() {
        process.waitUntilExit()
    }
}
