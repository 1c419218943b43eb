import Foundation
import Storage
import TestSupport
import Testing

@Suite(.tags(.process), .enabled(if: Executables.available(["gpg", "gpgconf"])))
struct SealerTests {
    @Test(arguments: [false, true])
    func sealingAtRestReplacesThePlaintextWithACataloguedOpenPGPFile(armored: Bool) throws {
        let f = try EncryptionFixture()
        let (item, bytes) = try f.pendingRecording()
        let sealer = try Sealer(store: f.store, policy: f.policy(.atRest, armored: armored))
        let sealed = try sealer.seal(item)
        #expect(sealed.path == item.path + (armored ? ".asc" : ".gpg"))
        #expect(sealed.encryption == (armored ? .openpgpArmored : .openpgp))
        #expect(try f.store.catalog.item(id: item.id) == sealed)
        let file = f.store.url(of: sealed.path)
        #expect(sealed.size == Int64(try Data(contentsOf: file).count))
        #expect(sealed.sha256 == (try SHA256.hex(ofFile: file)))
        #expect(!FileManager.default.fileExists(atPath: f.store.url(of: item.path).path))
        #expect(try f.gpg.decrypt(file) == bytes)
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(names == [file.lastPathComponent])
    }

    @Test func sealingTwiceIsANoOp() throws {
        let f = try EncryptionFixture()
        let (item, _) = try f.pendingRecording()
        let sealer = try Sealer(store: f.store, policy: f.policy(.atRest))
        let once = try sealer.seal(item)
        #expect(try sealer.seal(item) == once)
        #expect(try sealer.seal(once) == once)
    }

    @Test(arguments: [EncryptionMode.none, .atUpload])
    func otherModesLeaveThePlaintext(mode: EncryptionMode) throws {
        let f = try EncryptionFixture()
        let (item, _) = try f.pendingRecording()
        let sealer = try Sealer(store: f.store, policy: f.policy(mode))
        #expect(try sealer.seal(item) == item)
        #expect(FileManager.default.fileExists(atPath: f.store.url(of: item.path).path))
    }

    @Test func aRequiredPolicyWithoutKeyIsAClearError() throws {
        let f = try EncryptionFixture()
        #expect(throws: EncryptionError.notConfigured("no key file (encryption.keyFile)")) {
            try Sealer(store: f.store, policy: EncryptionPolicy(mode: .atRest, fingerprint: f.fingerprint))
        }
    }

    @Test func recoveryAfterACrashBeforeTheCatalogUpdateSealsAgain() throws {
        let f = try EncryptionFixture()
        let (item, bytes) = try f.pendingRecording()
        let plain = f.store.url(of: item.path)
        // A crash after the rename but before the catalog transaction: an uncatalogued .gpg and a
        // half-written partial next to the catalogued plaintext.
        try Data("torn".utf8).write(to: plain.appendingPathExtension("gpg"))
        let partial = plain.deletingLastPathComponent().appendingPathComponent(".\(plain.lastPathComponent).gpg.4242.partial")
        try Data("half".utf8).write(to: partial)
        let sealer = try Sealer(store: f.store, policy: f.policy(.atRest))
        let report = try sealer.recover()
        #expect(report.sealed == [item.id])
        #expect(Set(report.partialsRemoved).count == 2)
        let now = try #require(try f.store.catalog.item(id: item.id))
        #expect(now.encryption == .openpgp)
        #expect(try f.gpg.decrypt(f.store.url(of: now.path)) == bytes)
        #expect(!FileManager.default.fileExists(atPath: plain.path))
        #expect(!FileManager.default.fileExists(atPath: partial.path))
    }

    @Test func recoveryAfterACrashAfterTheCatalogUpdateRemovesThePlaintext() throws {
        let f = try EncryptionFixture()
        let (item, bytes) = try f.pendingRecording()
        let plain = f.store.url(of: item.path)
        let sealer = try Sealer(store: f.store, policy: f.policy(.atRest))
        let sealed = try sealer.seal(item)
        // Simulate the crash between the catalog transaction and the removal of the plaintext.
        try bytes.write(to: plain)
        try Data("journal".utf8).write(to: URL(fileURLWithPath: plain.path + ".journal"))
        let report = try sealer.recover()
        #expect(report.plaintextsRemoved == [item.path])
        #expect(report.sealed.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: plain.path))
        #expect(!FileManager.default.fileExists(atPath: plain.path + ".journal"))
        #expect(try f.store.catalog.item(id: item.id) == sealed)
    }

    @Test func recoveryLeavesRecordingsInProgressAlone() throws {
        let f = try EncryptionFixture()
        let (item, _) = try f.pendingRecording()
        try f.store.catalog.update(id: item.id) { $0.state = .writing }
        let sealer = try Sealer(store: f.store, policy: f.policy(.atRest))
        #expect(try sealer.recover().sealed.isEmpty)
        #expect(FileManager.default.fileExists(atPath: f.store.url(of: item.path).path))
    }

    @Test func anEncryptedCopyForUploadDecryptsToThePlaintext() throws {
        let f = try EncryptionFixture()
        let (item, bytes) = try f.pendingRecording()
        let sealer = try Sealer(store: f.store, policy: f.policy(.atUpload, armored: true))
        let copy = try sealer.encryptedCopy(of: item, into: f.folder.path("outbox"))
        #expect(copy.pathExtension == "asc")
        #expect(try f.gpg.decrypt(copy) == bytes)
        #expect(FileManager.default.fileExists(atPath: f.store.url(of: item.path).path))
    }
}

@Suite(.tags(.process), .enabled(if: Executables.available(["gpg", "gpgconf"])))
struct SealerRecoveryInteractionTests {
    @Test func startUpRecoveryDoesNotAdoptWhatAnInterruptedSealLeft() throws {
        let f = try EncryptionFixture()
        let (first, _) = try f.pendingRecording()
        let (second, _) = try f.pendingRecording()
        let sealer = try Sealer(store: f.store, policy: f.policy(.atRest))
        // First: crash after the catalog update (plaintext left). Second: crash before it (orphan .gpg).
        let sealed = try sealer.seal(first)
        try Data("plain".utf8).write(to: f.store.url(of: first.path))
        try Data("orphan".utf8).write(to: f.store.url(of: second.path + ".gpg"))
        let report = Recovery.run(store: f.store)
        #expect(report.adopted.isEmpty, "\(report.adopted.map(\.path))")
        #expect(try f.store.catalog.items().count == 2)
        let recovered = try sealer.recover()
        #expect(recovered.plaintextsRemoved == [first.path])
        #expect(recovered.sealed == [second.id])
        #expect(try f.store.catalog.item(id: first.id) == sealed)
        #expect(try f.store.catalog.items().allSatisfy { $0.encryption == .openpgp })
    }
}
