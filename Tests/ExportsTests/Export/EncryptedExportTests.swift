import Foundation
import Storage
import TestSupport
import Testing

@testable import Exports

/// Encrypted items export with the secret key from GnuPG and are refused, in one line, without it; no
/// plaintext is left in the data folder or the export folder.
@Suite(.tags(.process))
struct EncryptedExportTests {
    @Test func exportsWithTheSecretKeyAndRefusesWithoutIt() throws {
        let fixture = try ExportFixture("encrypted", seconds: 6, quality: false)
        let gpg = try GPGTestHome()
        let fingerprint = try gpg.generateKey()
        let keyFile = fixture.dir.path("study.asc")
        try gpg.exportPublic(fingerprint, to: keyFile)
        let ring = fixture.dir.path("ring")
        defer { GPGTestHome.stopAgent(home: ring) }
        let encryptor = try OpenPGPEncryptor(keyFile: keyFile, fingerprint: fingerprint, home: ring)
        let plain = fixture.store.url(of: fixture.item.path)
        let sealed = URL(fileURLWithPath: plain.path + ".gpg")
        try encryptor.encrypt(plain, to: sealed, armored: false)
        let original = try Data(contentsOf: plain)
        try FileManager.default.removeItem(at: plain)
        try fixture.store.catalog.remove(id: fixture.item.id)
        var item = fixture.item
        item.id = UUID().uuidString
        item.path = fixture.store.relativePath(of: sealed)
        item.encryption = .openpgp
        try fixture.store.catalog.insert(item)
        let dataBefore = try FileManager.default.subpathsOfDirectory(atPath: fixture.store.root.path).sorted()

        // Without the secret key: one clear line naming the file, nothing written.
        let withoutKey = try fixture.exporter(.edf)
        let emptyRing = fixture.dir.path("empty-ring")
        try FileManager.default.createDirectory(at: emptyRing, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { GPGTestHome.stopAgent(home: emptyRing) }
        withoutKey.decryptor = OpenPGPDecryptor(home: emptyRing)
        let error = try #require(throws: ExportError.self) { try withoutKey.export(item) }
        #expect(error.description.contains(sealed.lastPathComponent) && !error.description.contains("\n"))
        withoutKey.discard()
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.out.path).isEmpty)

        // With it: the EDF of the decrypted recording, and the BIDS sourcedata holds the plaintext original.
        let withKey = try fixture.exporter(.edf)
        withKey.decryptor = OpenPGPDecryptor(home: gpg.url)
        let exported = try withKey.export(item)
        _ = try withKey.finish()
        #expect(exported.files == ["r_rest_1_1_1_\(RecordingFixture.participant).edf"] && exported.edf?.recordCount == 6)
        let bids = Exporter(
            store: fixture.store, destination: try ExportDestination(folder: fixture.dir.path("bids"), dataFolder: fixture.store.root), format: .bids)
        bids.decryptor = OpenPGPDecryptor(home: gpg.url)
        let dataset = try bids.export(item)
        _ = try bids.finish()
        #expect(try Data(contentsOf: fixture.dir.path("bids").appendingPathComponent(dataset.files.last ?? "")) == original)

        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.out.path) == exported.files, "the decrypted scratch copy is gone")
        #expect(
            try FileManager.default.subpathsOfDirectory(atPath: fixture.store.root.path).sorted() == dataBefore, "no plaintext in the data folder")
    }
}
