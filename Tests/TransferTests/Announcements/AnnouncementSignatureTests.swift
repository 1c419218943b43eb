import Foundation
import Storage
import TestSupport
import Testing
import Transfer

/// With the study team's signing key in the settings, an announcement is shown only with a valid
/// detached signature by that key (`gpg --detach-sign`, made here with the real gpg) beside it: a
/// signature by another key, a message changed after signing, a missing signature and a signature
/// by a key that has expired since are each refused with one warning saying why.
@Suite(.tags(.server), .enabled(if: Executables.available(["gpg"], python: true)))
struct AnnouncementSignatureTests {
    @Test func onlyAMessageSignedByTheStudysKeyIsShown() async throws {
        let gpg = try GPGTestHome()
        let lab = try gpg.generateKey(userID: "Lab <lab@example.invalid>")
        let other = try gpg.generateKey(userID: "Someone <someone@example.invalid>")
        // A key valid in 2020 that expired after a year.
        let old = try gpg.generateKey(userID: "Old <old@example.invalid>", expire: "1y", fakedTime: "20200101T000000")
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("announce-signed")

        func place(_ text: String, for participant: String, signer: String?, fakedTime: String? = nil, changeAfterSigning: Bool = false) throws {
            let folder = server.root.appendingPathComponent(participant)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let message = folder.appendingPathComponent("message.json")
            try AnnouncementCheckerTests.message(text).write(to: message)
            if let signer {
                var arguments = [
                    "--local-user", signer, "--detach-sign", "--output", folder.appendingPathComponent("message.json.sig").path, message.path,
                ]
                if let fakedTime { arguments = ["--faked-system-time", fakedTime] + arguments }
                try gpg.run(arguments)
            }
            if changeAfterSigning { try AnnouncementCheckerTests.message(text + " (changed)").write(to: message) }
        }
        func check(_ participant: String, pinned: String) async throws -> AnnouncementChecker.Result {
            let keyFile = dir.path("key-\(pinned).asc")
            if !FileManager.default.fileExists(atPath: keyFile.path) { try gpg.exportPublic(pinned, to: keyFile) }
            let store = try DataStore(root: dir.path("data-\(participant)"))
            let settings = AnnouncementSettings(url: server.baseURL, signingKeyFile: keyFile.path, signingFingerprint: pinned)
            let checker = try AnnouncementChecker(
                store: store, settings: settings, credentials: Credentials(user: "reader", password: server.password))
            return try await checker.check(participant: participant, locale: "en")
        }

        let good = UUID().uuidString, foreign = UUID().uuidString, changed = UUID().uuidString, unsigned = UUID().uuidString
        let expired = UUID().uuidString
        try place("Signed", for: good, signer: lab)
        try place("Foreign", for: foreign, signer: other)
        try place("Changed", for: changed, signer: lab, changeAfterSigning: true)
        try place("Unsigned", for: unsigned, signer: nil)
        try place("Expired", for: expired, signer: old, fakedTime: "20200601T000000")

        let shown = try await check(good, pinned: lab)
        #expect(shown.announcements.map(\.title) == ["Signed (en)"] && shown.warnings.isEmpty, "\(shown)")
        let cases: [(String, String, String)] = [
            (foreign, lab, "signed by another key"), (changed, lab, "does not match the message"), (unsigned, lab, "it is not signed"),
            (expired, old, "expired"),
        ]
        for (participant, pinned, reason) in cases {
            let result = try await check(participant, pinned: pinned)
            #expect(result.announcements.isEmpty, "\(reason): \(result)")
            #expect(result.warnings.count == 1, "\(result.warnings)")
            #expect(result.warnings.first?.contains("\(participant)/message.json: not shown: ") == true, "\(result.warnings)")
            #expect(result.warnings.first?.contains(reason) == true, "\(reason): \(result.warnings)")
        }
    }

    @Test func aKeyFileHoldingAnotherKeyIsRefused() throws {
        let gpg = try GPGTestHome()
        let lab = try gpg.generateKey(userID: "Lab <lab@example.invalid>")
        let other = try gpg.generateKey(userID: "Someone <someone@example.invalid>")
        let dir = try TemporaryDirectory("announce-key")
        let keyFile = dir.path("lab.asc")
        try gpg.exportPublic(other, to: keyFile)
        #expect(throws: EncryptionError.self) {
            try OpenPGPSignatureCheck(keyFile: keyFile, fingerprint: lab, home: dir.path("ring"))
        }
    }

    @Test func theConfigurationNamesTheKeyRelativeToItselfAndBothKeysGoTogether() throws {
        let dir = try TemporaryDirectory("announce-config")
        let file = dir.path("transfer.json")
        try Data(
            #"{"announcements": {"url": "https://dav.example.org/d/", "signingKeyFile": "lab.asc", "signingFingerprint": "3F2A"}}"#.utf8
        ).write(to: file)
        let settings = try #require(try TransferConfiguration.load(from: file).announcements)
        #expect(settings.signingKeyFile == dir.path("lab.asc").standardizedFileURL.path && settings.signingFingerprint == "3F2A")
        try Data(#"{"announcements": {"url": "https://dav.example.org/d/", "signingKeyFile": "lab.asc"}}"#.utf8).write(to: file)
        #expect(throws: TransferError.self) { try TransferConfiguration.load(from: file) }
    }
}
