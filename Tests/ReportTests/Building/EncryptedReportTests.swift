import Foundation
import Storage
import TestSupport
import Testing

@testable import Report

/// Encrypted items are reported with the secret key from GnuPG and refused, in one line, without it;
/// no plaintext is left behind, in the data folder or the scratch folder.
@Suite(.tags(.process))
struct EncryptedReportTests {
    @Test func reportsWithTheSecretKeyAndRefusesWithoutIt() async throws {
        let fixture = try ReportFixture("report-encrypted")
        let plainItem = try fixture.recording(seconds: 8, dropouts: 0)
        let gpg = try GPGTestHome()
        let fingerprint = try gpg.generateKey()
        let keyFile = fixture.dir.path("study.asc")
        try gpg.exportPublic(fingerprint, to: keyFile)
        let ring = fixture.dir.path("ring")
        defer { GPGTestHome.stopAgent(home: ring) }
        let encryptor = try OpenPGPEncryptor(keyFile: keyFile, fingerprint: fingerprint, home: ring)
        let plain = fixture.store.url(of: plainItem.path)
        let sealed = URL(fileURLWithPath: plain.path + ".gpg")
        try encryptor.encrypt(plain, to: sealed, armored: false)
        try FileManager.default.removeItem(at: plain)
        try fixture.store.catalog.remove(id: plainItem.id)
        var item = plainItem
        item.id = UUID().uuidString
        item.path = fixture.store.relativePath(of: sealed)
        item.encryption = .openpgp
        try fixture.store.catalog.insert(item)
        let before = try FileManager.default.subpathsOfDirectory(atPath: fixture.store.root.path).filter { !$0.hasPrefix("catalog.sqlite") }.sorted()
        let scratch = fixture.dir.path("scratch")

        let emptyRing = fixture.dir.path("empty-ring")
        try FileManager.default.createDirectory(at: emptyRing, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { GPGTestHome.stopAgent(home: emptyRing) }
        let without = ReportBuilder(store: fixture.store, decryptor: OpenPGPDecryptor(home: emptyRing), scratchParent: scratch)
        let error = try await #require(throws: ReportError.self) { try await without.sessionReport(for: [item]) }
        guard case .encrypted = error else { Issue.record("expected .encrypted, got \(error)"); return }
        #expect(error.description.contains(sealed.lastPathComponent) && !error.description.contains("\n"))

        let with = ReportBuilder(store: fixture.store, decryptor: OpenPGPDecryptor(home: gpg.url), scratchParent: scratch)
        let html = try await with.sessionReport(for: [item])
        #expect(html.contains("data-field=\"duration\">8.0 s</dd>") && html.contains(sealed.lastPathComponent))
        #expect(try FileManager.default.subpathsOfDirectory(atPath: scratch.path).isEmpty, "the decrypted copy and its folder are gone")
        #expect(
            try FileManager.default.subpathsOfDirectory(atPath: fixture.store.root.path).filter { !$0.hasPrefix("catalog.sqlite") }.sorted()
                == before, "no plaintext in the data folder")

        // A scratch folder inside the data folder is refused before anything is decrypted.
        let inside = ReportBuilder(store: fixture.store, decryptor: OpenPGPDecryptor(home: gpg.url), scratchParent: fixture.store.root)
        await #expect(throws: ReportError.self) { try await inside.sessionReport(for: [item]) }
    }
}
