import Foundation
import Storage
import TestSupport

/// A data folder plus a study key pair made with the real gpg: the public key file the device gets,
/// and a GnuPG home holding the secret key to decrypt what the device produced.
final class EncryptionFixture {
    let folder: TemporaryDirectory
    let gpg: GPGTestHome
    let store: DataStore
    let fingerprint: String
    let keyFile: URL
    var keyRing: URL { folder.path("data/private/gnupg") }

    init(armoredKeyFile: Bool = true) throws {
        folder = try TemporaryDirectory("encryption")
        gpg = try GPGTestHome()
        fingerprint = try gpg.generateKey()
        keyFile = folder.path(armoredKeyFile ? "study-key.asc" : "study-key.gpg")
        try gpg.exportPublic(fingerprint, to: keyFile, binary: !armoredKeyFile)
        store = try DataStore(root: folder.path("data"))
    }

    func policy(_ mode: EncryptionMode, armored: Bool = false) -> EncryptionPolicy {
        EncryptionPolicy(mode: mode, keyFile: keyFile.path, fingerprint: fingerprint, armored: armored)
    }

    /// Writes `bytes` random bytes as a pending recording of a new participant and catalogues it.
    func pendingRecording(bytes: Int = 300_000, participant: String = UUID().uuidString) throws -> (CatalogItem, Data) {
        var generator = SystemRandomNumberGenerator()
        let data = Data((0..<bytes).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let name = FileNaming.recording(paradigm: "rest", day: 1, session: 1, run: 1, participant: participant)
        let url = try store.unusedURL(participant: participant, fileName: name)
        try data.write(to: url)
        let item = CatalogItem(
            kind: .recording, path: store.relativePath(of: url), participant: participant, run: 1, size: Int64(data.count),
            sha256: try SHA256.hex(ofFile: url), state: .pending)
        try store.catalog.insert(item)
        return (item, data)
    }

    deinit { GPGTestHome.stopAgent(home: keyRing) }
}
