import Foundation
import TestSupport
import Testing

@testable import Storage

#if canImport(Glibc)
import Glibc
#endif

/// The decrypted-copy scratch: a private folder of the user, one locked folder per process, swept
/// when its process was killed, never swept while its process lives.
@Suite(.tags(.process))
struct PlaintextScratchTests {
    @Test func aFolderOfAKilledProcessIsSweptAndALiveOneIsKept() throws {
        let dir = try TemporaryDirectory("scratch-sweep")
        let parent = dir.path("plaintext")
        let scratch = try PlaintextScratch(decryptor: OpenPGPDecryptor(), dataFolder: dir.path("data"), parent: parent)
        #expect(FileManager.default.fileExists(atPath: scratch.folder.path))

        // A folder named after a live process that has not locked it yet (between its mkdir and its
        // flock): kept. Once that process is killed with SIGKILL: swept, with the plaintext in it.
        let sleeper = Process()
        sleeper.executableURL = URL(fileURLWithPath: "/bin/sleep")
        sleeper.arguments = ["60"]
        try sleeper.runWithTerminationSignals()
        let orphan = parent.appendingPathComponent("\(PlaintextScratch.prefix)\(sleeper.processIdentifier)-0badc0de")
        try FileManager.default.createDirectory(at: orphan, withIntermediateDirectories: false)
        try Data("plaintext".utf8).write(to: orphan.appendingPathComponent("r.h5"))
        #expect(PlaintextScratch.sweep(parent: parent).isEmpty)
        kill(sleeper.processIdentifier, SIGKILL)
        sleeper.waitUntilExit()
        #expect(PlaintextScratch.sweep(parent: parent).map(\.lastPathComponent) == [orphan.lastPathComponent])
        #expect(!FileManager.default.fileExists(atPath: orphan.path))
        #expect(FileManager.default.fileExists(atPath: scratch.folder.path), "a folder its process holds is never swept")

        // The next scratch sweeps too, and a closed scratch leaves nothing.
        let again = parent.appendingPathComponent("\(PlaintextScratch.prefix)\(sleeper.processIdentifier)-0badc0df")
        try FileManager.default.createDirectory(at: again, withIntermediateDirectories: false)
        let second = try PlaintextScratch(decryptor: OpenPGPDecryptor(), dataFolder: dir.path("data"), parent: parent)
        #expect(!FileManager.default.fileExists(atPath: again.path))
        second.close()
        scratch.close()
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path).isEmpty)
    }

    @Test func theParentIsPrivateAndOutsideTheDataFolder() throws {
        let dir = try TemporaryDirectory("scratch-private")
        let parent = dir.path("open")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o755])
        let scratch = try PlaintextScratch(decryptor: OpenPGPDecryptor(), dataFolder: dir.path("data"), parent: parent)
        defer { scratch.close() }
        let mode = { (url: URL) in ((try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]) as? NSNumber)?.intValue }
        #expect(mode(parent) == 0o700 && mode(scratch.folder) == 0o700)

        let data = dir.path("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        #expect(throws: PlaintextScratchError.self) {
            try PlaintextScratch(decryptor: OpenPGPDecryptor(), dataFolder: data, parent: data.appendingPathComponent("tmp"))
        }
    }

    @Test(.enabled(if: Executables.available(["gpg", "gpgconf"])))
    func aKeptCopyStaysUntilRemovedAndGoesWithTheScratch() async throws {
        let f = try EncryptionFixture()
        let (item, bytes) = try f.pendingRecording()
        let sealed = try await Sealer(store: f.store, policy: f.policy(.atRest)).seal(item)
        let stored = f.store.url(of: sealed.path)
        let scratch = try PlaintextScratch(decryptor: OpenPGPDecryptor(home: f.gpg.url), dataFolder: f.store.root, parent: f.folder.path("plaintext"))
        // One decryption, read as often as the caller likes, named like the file without `.gpg`, owner-only.
        let copy = try scratch.plaintext(of: stored)
        #expect(copy.deletingLastPathComponent().path == scratch.folder.path)
        #expect(copy.lastPathComponent == f.store.url(of: item.path).lastPathComponent)
        #expect(try Data(contentsOf: copy) == bytes && Data(contentsOf: copy) == bytes)
        let mode = ((try? FileManager.default.attributesOfItem(atPath: copy.path)[.posixPermissions]) as? NSNumber)?.intValue
        #expect(mode == 0o600)
        scratch.remove(copy)
        #expect(!FileManager.default.fileExists(atPath: copy.path))
        // A file that does not decrypt leaves no copy; one the caller keeps goes with the scratch.
        let foreign = f.folder.path("foreign.h5.gpg")
        try Data("not OpenPGP".utf8).write(to: foreign)
        #expect(throws: PlaintextScratchError.self) { try scratch.plaintext(of: foreign) }
        #expect(!FileManager.default.fileExists(atPath: scratch.folder.appendingPathComponent("foreign.h5").path))
        let kept = try scratch.plaintext(of: stored)
        scratch.close()
        #expect(!FileManager.default.fileExists(atPath: kept.path) && !FileManager.default.fileExists(atPath: scratch.folder.path))
    }
}
