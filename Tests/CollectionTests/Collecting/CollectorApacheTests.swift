import Collection
import Foundation
import Storage
import Study
import TestSupport
import Testing
import Transfer

/// The collector against a real Apache mod_dav with the read account: downloads run several at once,
/// each over a kept-alive connection of its own and never more than asked for, and give the same
/// mirror as one connection does. The whole command (two participants, gpg, BIDS) is
/// `CollectCommandTests`.
@Suite(.tags(.server), .enabled(if: (ProjectPaths.isCI || ApacheWebDAVServer.isInstalled) && Executables.available([], python: true)))
struct CollectorApacheTests {
    /// Three participants with `count` trial tables of 256 KiB each (manifests beside), placed on the
    /// server as the uploader leaves them.
    static func placeTables(on server: ApacheWebDAVServer, count: Int) throws -> [String] {
        var names: [String] = []
        for p in 0..<3 {
            let participant = UUID().uuidString
            for run in 1...count {
                let name = "t_reaction_1_\(run)_\(run)_\(participant).json"
                var bytes = Data(count: 256 << 10)
                bytes[0] = UInt8(p)
                bytes[1] = UInt8(run)
                try server.place(bytes, at: "\(participant)/\(name)")
                let item = CatalogItem(
                    kind: .trials, path: "\(participant)/\(name)", participant: participant, study: "reaction-time", title: "reaction", day: 1,
                    session: 2, run: run, size: Int64(bytes.count), sha256: try SHA256.hex(ofFile: server.root.appendingPathComponent("\(participant)/\(name)")),
                    state: .transmitted)
                let manifest = UploadManifest(item: item, uploaded: .init(name: name, size: item.size, sha256: item.sha256 ?? "", encrypted: false))
                try server.place(try manifest.encoded(), at: "\(participant)/\(name)\(UploadManifest.suffix)")
                names.append("\(participant)/\(name)")
            }
        }
        return names
    }

    /// Every file of the mirror by its path below it, with its SHA-256.
    static func mirror(of out: URL) throws -> [String: String] {
        let root = out.appendingPathComponent(".collect/mirror")
        var files: [String: String] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: root.path) where path.hasSuffix(".json") && !path.hasPrefix(".") {
            files[path] = try SHA256.hex(ofFile: root.appendingPathComponent(path))
        }
        return files
    }

    @Test func downloadsOverlapOnAtMostTheConnectionsAskedForAndGiveTheSameMirrorAsOne() async throws {
        // 512 KiB/s per response: each table takes half a second, long enough that downloads over
        // several connections overlap in the log however loaded the machine is.
        let server = try ApacheWebDAVServer(rateLimit: 512)
        let names = try Self.placeTables(on: server, count: 3)
        let dir = try TemporaryDirectory("collect-parallel")
        let study = try CollectorFolderTests.study()
        let source = CollectionSource.webdav(
            base: server.baseURL, credentials: Credentials(user: "reader", password: server.password), connection: ConnectionSettings())
        var results: [Int: (mirror: [String: String], gets: [WebDAVTestShare.Request])] = [:]
        var seen = 0
        for connections in [1, 4] {
            var collector = Collector(source: source, study: study, out: dir.path("dataset-\(connections)"))
            collector.connections = connections
            let report = try await collector.run()
            #expect(report.problems.isEmpty && report.collected.sorted() == names.sorted(), "\(report)")
            // Each item and its manifest, all logged.
            let all = try server.requests(atLeast: seen + 2 * names.count) { $0.method == "GET" }
            results[connections] = (try Self.mirror(of: dir.path("dataset-\(connections)")), Array(all.dropFirst(seen)))
            seen = all.count
        }
        let one = try #require(results[1]), four = try #require(results[4])
        #expect(one.mirror.count == names.count && one.mirror == four.mirror)
        // One connection: one GET at a time, all over one TCP connection.
        #expect(WebDAVTestShare.mostAtOnce(one.gets) == 1)
        #expect(Set(one.gets.compactMap(\.remotePort)).count == 1)
        // Four: GETs overlap, over at most four connections.
        #expect(four.gets.allSatisfy { $0.begin != nil && $0.end != nil })
        let atOnce = WebDAVTestShare.mostAtOnce(four.gets)
        #expect(atOnce >= 2 && atOnce <= 4, "\(atOnce) at once")
        let ports = Set(four.gets.compactMap(\.remotePort))
        #expect(ports.count >= 2 && ports.count <= 4, "\(ports)")
    }
}
