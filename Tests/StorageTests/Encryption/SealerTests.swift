import Foundation
import Storage
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

@Suite(.tags(.process), .enabled(if: Executables.available(["gpg", "gpgconf"])))
struct SealerTests {
    @Test(arguments: [false, true])
    func sealingAtRestReplacesThePlaintextWithACataloguedOpenPGPFile(armored: Bool) async throws {
        let f = try EncryptionFixture()
        let (item, bytes) = try f.pendingRecording()
        let sealer = try Sealer(store: f.store, policy: f.policy(.atRest, armored: armored))
        let sealed = try await sealer.seal(item)
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

    @Test func sealingTwiceIsANoOp() async throws {
        let f = try EncryptionFixture()
        let (item, _) = try f.pendingRecording()
        let sealer = try Sealer(store: f.store, policy: f.policy(.atRest))
        let once = try await sealer.seal(item)
        #expect(try await sealer.seal(item) == once)
        #expect(try await sealer.seal(once) == once)
    }

    @Test(arguments: [EncryptionMode.none, .atUpload])
    func otherModesLeaveThePlaintext(mode: EncryptionMode) async throws {
        let f = try EncryptionFixture()
        let (item, _) = try f.pendingRecording()
        let sealer = try Sealer(store: f.store, policy: f.policy(mode))
        #expect(try await sealer.seal(item) == item)
        #expect(FileManager.default.fileExists(atPath: f.store.url(of: item.path).path))
    }

    @Test func aRequiredPolicyWithoutKeyIsAClearError() throws {
        let f = try EncryptionFixture()
        #expect(throws: EncryptionError.notConfigured("no key file (encryption.keyFile)")) {
            try Sealer(store: f.store, policy: EncryptionPolicy(mode: .atRest, fingerprint: f.fingerprint))
        }
    }

    @Test func recoveryAfterACrashBeforeTheCatalogUpdateSealsAgain() async throws {
        let f = try EncryptionFixture()
        let (item, bytes) = try f.pendingRecording()
        let plain = f.store.url(of: item.path)
        // A crash after the rename but before the catalog transaction: an uncatalogued .gpg and a
        // half-written partial next to the catalogued plaintext.
        try Data("torn".utf8).write(to: plain.appendingPathExtension("gpg"))
        let partial = plain.deletingLastPathComponent().appendingPathComponent(".\(plain.lastPathComponent).gpg.4242.partial")
        try Data("half".utf8).write(to: partial)
        let sealer = try Sealer(store: f.store, policy: f.policy(.atRest))
        let report = try await sealer.recover()
        #expect(report.sealed == [item.id])
        #expect(Set(report.partialsRemoved).count == 2)
        let now = try #require(try f.store.catalog.item(id: item.id))
        #expect(now.encryption == .openpgp)
        #expect(try f.gpg.decrypt(f.store.url(of: now.path)) == bytes)
        #expect(!FileManager.default.fileExists(atPath: plain.path))
        #expect(!FileManager.default.fileExists(atPath: partial.path))
    }

    @Test func recoveryAfterACrashAfterTheCatalogUpdateRemovesThePlaintext() async throws {
        let f = try EncryptionFixture()
        let (item, bytes) = try f.pendingRecording()
        let plain = f.store.url(of: item.path)
        let sealer = try Sealer(store: f.store, policy: f.policy(.atRest))
        let sealed = try await sealer.seal(item)
        // Simulate the crash between the catalog transaction and the removal of the plaintext.
        try bytes.write(to: plain)
        try Data("journal".utf8).write(to: URL(fileURLWithPath: plain.path + ".journal"))
        let report = try await sealer.recover()
        #expect(report.plaintextsRemoved == [item.path])
        #expect(report.sealed.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: plain.path))
        #expect(!FileManager.default.fileExists(atPath: plain.path + ".journal"))
        #expect(try f.store.catalog.item(id: item.id) == sealed)
    }

    @Test func recoveryLeavesRecordingsInProgressAlone() async throws {
        let f = try EncryptionFixture()
        let (item, _) = try f.pendingRecording()
        try f.store.catalog.update(id: item.id) { $0.state = .writing }
        let sealer = try Sealer(store: f.store, policy: f.policy(.atRest))
        #expect(try await sealer.recover().sealed.isEmpty)
        #expect(FileManager.default.fileExists(atPath: f.store.url(of: item.path).path))
    }

    @Test func anEncryptedCopyForUploadDecryptsToThePlaintext() async throws {
        let f = try EncryptionFixture()
        let (item, bytes) = try f.pendingRecording()
        let sealer = try Sealer(store: f.store, policy: f.policy(.atUpload, armored: true))
        let copy = try await sealer.encryptedCopy(of: item, into: f.folder.path("outbox"))
        #expect(copy.pathExtension == "asc")
        #expect(try f.gpg.decrypt(copy) == bytes)
        #expect(FileManager.default.fileExists(atPath: f.store.url(of: item.path).path))
    }
}

@Suite(.tags(.process), .enabled(if: Executables.available(["gpg", "gpgconf"])))
struct SealerRecoveryInteractionTests {
    @Test func startUpRecoveryDoesNotAdoptWhatAnInterruptedSealLeft() async throws {
        let f = try EncryptionFixture()
        let (first, _) = try f.pendingRecording()
        let (second, _) = try f.pendingRecording()
        let sealer = try Sealer(store: f.store, policy: f.policy(.atRest))
        // First: crash after the catalog update (plaintext left). Second: crash before it (orphan .gpg).
        let sealed = try await sealer.seal(first)
        try Data("plain".utf8).write(to: f.store.url(of: first.path))
        try Data("orphan".utf8).write(to: f.store.url(of: second.path + ".gpg"))
        let report = await Recovery.run(store: f.store)
        #expect(report.adopted.isEmpty, "\(report.adopted.map(\.path))")
        #expect(try f.store.catalog.items().count == 2)
        let recovered = try await sealer.recover()
        #expect(recovered.plaintextsRemoved == [first.path])
        #expect(recovered.sealed == [second.id])
        #expect(try f.store.catalog.item(id: first.id) == sealed)
        #expect(try f.store.catalog.items().allSatisfy { $0.encryption == .openpgp })
    }
}

/// Sealing runs on the blocking executor: calls blocked inside it (on the plaintext's lock, as when
/// another process seals the same file) leave the cooperative pool free.
@Suite(.tags(.process), .enabled(if: Executables.available(["gpg", "gpgconf"])))
struct SealerExecutorTests {
    @Test func sealsWaitingForAPlaintextsLockHoldNoThreadOfThePool() async throws {
        let f = try EncryptionFixture()
        let sealer = try Sealer(store: f.store, policy: f.policy(.atRest))
        let count = CooperativePoolProbe.width + 2
        let items = try (0..<count).map { _ in try f.pendingRecording(bytes: 4096).0 }
        // The test holds each plaintext's lock (its own open file description), as a second sealer would.
        let locks = LockedValue(
            items.map { item -> Int32 in
                let fd = open(f.store.url(of: item.path).path, O_RDONLY | O_CLOEXEC)
                flock(fd, LOCK_EX)
                return fd
            })
        let outcome = try await CooperativePoolProbe.probe(calls: count, deadline: 60) { i in
            _ = try await sealer.seal(items[i])
        } release: {
            locks.withLock { fds in
                for fd in fds { close(fd) }
                fds = []
            }
        }
        #expect(outcome.poolStayedFree)
        #expect(outcome.returnedEarly == 0)
        for item in items { #expect(try f.store.catalog.item(id: item.id)?.encryption == .openpgp) }
    }
    /// Making a sealer imports the study key (GPGME, gpg): calls blocked inside the import (their
    /// gpg waiting for a key ring another gpg holds) leave the cooperative pool free.
    @Test func keyImportsWaitingForTheKeyRingHoldNoThreadOfThePool() async throws {
        let f = try EncryptionFixture()
        let count = CooperativePoolProbe.width + 2
        let rings = try HeldKeyRings((0..<count).map { f.folder.path("ring-\($0)") })
        defer { for ring in rings.homes { GPGTestHome.stopAgent(home: ring) } }
        let made = LockedValue(0)
        let store = f.store, policy = f.policy(.atRest)
        let outcome = try await CooperativePoolProbe.probe(calls: count, deadline: 60) { i in
            let sealer = try await Sealer.make(store: store, policy: policy, keyRing: rings.homes[i])
            if sealer.encryptor != nil { made.withLock { $0 += 1 } }
        } release: {
            rings.release()
        }
        #expect(outcome.poolStayedFree)
        #expect(outcome.returnedEarly == 0)
        #expect(made.withLock { $0 } == count)
    }
}
