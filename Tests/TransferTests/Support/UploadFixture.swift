import Foundation
import Logging
import Storage
import TestSupport
import Transfer

/// A data folder with pending items, and helpers to build the uploader for a server.
final class UploadFixture {
    let folder: TemporaryDirectory
    let store: DataStore
    let participant = UUID().uuidString

    init() throws {
        folder = try TemporaryDirectory("upload")
        store = try DataStore(root: folder.path("data"))
    }

    /// Writes `bytes` random bytes as a finished recording (run `run`) and catalogues it.
    @discardableResult
    func addRecording(
        run: Int = 1, bytes: Int = 200_000, state: TransmissionState = .pending, participant: String? = nil, kind: ItemKind = .recording
    ) throws -> (CatalogItem, Data) {
        let who = participant ?? self.participant
        var generator = SystemRandomNumberGenerator()
        let data = Data((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let name =
            switch kind {
            case .consent: FileNaming.consent(study: "unit", participant: who)
            case .consentPDF: FileNaming.consentPDF(study: "unit", participant: who)
            default: FileNaming.recording(paradigm: "rest", day: 1, session: 1, run: run, participant: who)
            }
        let url = try store.unusedURL(participant: who, fileName: name)
        try data.write(to: url)
        let item = CatalogItem(
            kind: kind, path: store.relativePath(of: url), participant: who, run: run, created: Date().addingTimeInterval(Double(run)),
            size: Int64(data.count), sha256: try SHA256.hex(ofFile: url), state: state)
        try store.catalog.insert(item)
        return (item, data)
    }

    /// A configuration uploading to `url` with quick retries and short time limits.
    func configuration(
        url: String, encryption: EncryptionSettings = EncryptionSettings(), email: EmailSettings? = nil, connection: ConnectionSettings? = nil,
        canList: Bool = false
    ) -> TransferConfiguration {
        TransferConfiguration(
            webdav: WebDAVSettings(url: url, connection: connection ?? ConnectionSettings(connectTimeout: 3, stallTimeout: 3), canList: canList),
            email: email, encryption: encryption, backoff: BackoffPolicy(initial: 0, maximum: 0))
    }

    /// An uploader for `configuration` with the test server's upload-only account.
    func uploader(
        _ configuration: TransferConfiguration, server: WebDAVTestServer?, user: String = "uploader", password: String? = nil,
        smtp: Credentials? = nil
    ) throws -> Uploader {
        let webdav = Credentials(user: user, password: password ?? server?.password ?? "no-server")
        return try Uploader(
            store: store, configuration: configuration, secrets: TransferSecrets(webdav: webdav, smtp: smtp), logger: Logger(label: "test"))
    }

    /// An uploader to `destination` (and `fallback`), with quick retries and the given encryption policy.
    func uploader(
        destination: (any UploadDestination)?, fallback: (any UploadDestination)? = nil, fallbackAfterFailures: Int = 0,
        encryption: EncryptionSettings = EncryptionSettings()
    ) -> Uploader {
        let configuration = TransferConfiguration(webdav: nil, email: nil, encryption: encryption, backoff: BackoffPolicy(initial: 0, maximum: 0))
        return Uploader(
            store: store, configuration: configuration, destination: destination, fallback: fallback, fallbackAfterFailures: fallbackAfterFailures,
            logger: Logger(label: "test"))
    }

    func item(_ id: String) throws -> CatalogItem {
        guard let item = try store.catalog.item(id: id) else { throw CatalogError.noSuchItem(id) }
        return item
    }
}
