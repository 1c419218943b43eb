import Foundation
import Study
import StudyRecorderKit
import TestSupport
import Testing

/// A study that requires OpenPGP names the keys the lab decrypts with (`encryption.recipients`); a
/// device configured to encrypt to another key is refused before anything is stored, in one line,
/// since what it uploaded nobody in the lab could read. Real gpg makes the keys; the device's key is
/// imported as `run` imports it.
@Suite struct StudyRecipientsTests {
    /// Two keys: the lab's and somebody else's, their public key files, and a data folder whose
    /// `transfer.json` encrypts at rest to the lab's key.
    final class Keys {
        let folder: TemporaryDirectory
        let gpg: GPGTestHome
        let lab: String, other: String
        let labFile: URL, otherFile: URL
        let setup: TransferCLISetup
        let store: DataStore

        init() throws {
            folder = try TemporaryDirectory("study-recipients")
            gpg = try GPGTestHome()
            lab = try gpg.generateKey(userID: "Lab <lab@example.invalid>")
            other = try gpg.generateKey(userID: "Other <other@example.invalid>")
            labFile = folder.path("study/keys/lab.asc")
            otherFile = folder.path("study/keys/other.asc")
            try FileManager.default.createDirectory(at: labFile.deletingLastPathComponent(), withIntermediateDirectories: true)
            try gpg.exportPublic(lab, to: labFile)
            try gpg.exportPublic(other, to: otherFile)
            setup = try TransferCLISetup(
                folder: folder, webdavURL: "http://127.0.0.1:9/", password: "unused",
                encryption: ["mode": "at-rest", "keyFile": labFile.path, "fingerprint": lab])
            store = try DataStore(root: setup.data)
        }

        deinit { GPGTestHome.stopAgent(home: store.root.appendingPathComponent("private/gnupg")) }

        /// The mynd example requiring OpenPGP to `recipients`.
        func study(_ recipients: [String]) throws -> StudyDefinition {
            var study = try StudyLoader.load(folder: ProjectPaths.root.appendingPathComponent("Studies/mynd-example"))
            study.settings.encryption = EncryptionRequirement(scheme: .openpgp, recipients: recipients)
            return study
        }

        func check(_ recipients: [String]) async throws {
            try await TransferSetup(dataFolder: setup.data).check(try study(recipients), store: store)
        }
    }

    @Test func theDevicesKeyNamedByFingerprintOrKeyFilePasses() async throws {
        let keys = try Keys()
        try await keys.check([keys.lab])
        // Spaced and lower-case, as people copy fingerprints; beside another recipient.
        let spaced = stride(from: 0, to: keys.lab.count, by: 4).map { i -> String in
            let start = keys.lab.index(keys.lab.startIndex, offsetBy: i)
            return String(keys.lab[start..<keys.lab.index(start, offsetBy: 4)]).lowercased()
        }.joined(separator: " ")
        try await keys.check([keys.other, spaced])
        try await keys.check([keys.otherFile.path, keys.labFile.path])
    }

    @Test func anotherKeyIsRefusedInOneLineNamingBoth() async throws {
        let keys = try Keys()
        for recipients in [[keys.other], [keys.otherFile.path]] {
            do {
                try await keys.check(recipients)
                Issue.record("a device encrypting to another key passed for \(recipients)")
            } catch let error as RecorderError {
                #expect(error.code == .configuration)
                #expect(error.message.contains(keys.lab) && !error.message.contains("\n"), "\(error.message)")
                #expect(error.message.contains(recipients == [keys.other] ? keys.other : "other.asc"), "\(error.message)")
            }
        }
        // The check imports nothing into the device's key ring but the device's own key.
        let listing = try ProcessRunner.run(
            try Executables.require("gpg"), ["--homedir", keys.store.root.appendingPathComponent("private/gnupg").path, "--list-keys", "--with-colons"])
        #expect(listing.stdout.contains(keys.lab) && !listing.stdout.contains(keys.other))
    }

    @Test func anUnreadableRecipientKeyFileIsAConfigurationError() async throws {
        let keys = try Keys()
        do {
            try await keys.check([keys.folder.path("study/keys/missing.asc").path])
            Issue.record("a missing recipient key file passed")
        } catch let error as RecorderError {
            #expect(error.code == .configuration)
            #expect(error.message.contains("missing.asc"), "\(error.message)")
        }
    }
}
