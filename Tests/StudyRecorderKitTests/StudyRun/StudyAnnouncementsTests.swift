import Foundation
import Storage
import Study
import StudyRecorderKit
import Synchronization
import TestSupport
import Testing
import Transfer

/// When the study file names the lab's signing key (`settings.announcements`), a participant is
/// shown only what that key signed, even with a `transfer.json` that names no key: a message signed
/// by another key, changed after signing or unsigned is refused (real gpg, real WebDAV server). A
/// `transfer.json` naming another key than the study's is refused in one line.
@Suite(.tags(.server), .enabled(if: Executables.available(["gpg"], python: true)))
struct StudyAnnouncementsTests {
    /// A study folder whose study file names `fingerprint` and the key file `keys/lab.asc` beside it.
    static func studyFolder(in dir: TemporaryDirectory, fingerprint: String) throws -> URL {
        try StudyFolderFixture.make(in: dir, settings: ["announcements": ["signingKeyFile": "keys/lab.asc", "signingFingerprint": fingerprint]])
    }

    @Test func theStudysKeyDecidesWhatIsShown() async throws {
        let gpg = try GPGTestHome()
        let lab = try gpg.generateKey(userID: "Lab <lab@example.invalid>")
        let other = try gpg.generateKey(userID: "Someone <someone@example.invalid>")
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("study-announce-key")
        // The fingerprint as a person copies it from `gpg --fingerprint`: groups of four, lower case.
        let grouped = stride(from: 0, to: lab.count, by: 4).map { i in
            String(lab.lowercased().dropFirst(i).prefix(4))
        }.joined(separator: " ")
        let folder = try Self.studyFolder(in: dir, fingerprint: grouped)
        try gpg.exportPublic(lab, to: folder.appendingPathComponent("keys/lab.asc"))
        let study = try StudyLoader.load(folder: folder)
        #expect(study.settings.announcements?.signingFingerprint == lab.uppercased())
        #expect(study.settings.announcements?.signingKeyFile == folder.appendingPathComponent("keys/lab.asc").standardizedFileURL.path)

        func place(_ text: String, for participant: String, signer: String?, changeAfterSigning: Bool = false) throws {
            let folder = server.root.appendingPathComponent(participant)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let message = folder.appendingPathComponent("message.json")
            let json = { (t: String) in Data(#"{"type": "info", "messages": [{"locale": "en", "title": "\#(t)", "text": "Hello"}]}"#.utf8) }
            try json(text).write(to: message)
            if let signer {
                try gpg.run([
                    "--local-user", signer, "--detach-sign", "--output", folder.appendingPathComponent("message.json.sig").path, message.path,
                ])
            }
            if changeAfterSigning { try json(text + " (changed)").write(to: message) }
        }
        // transfer.json names the location only: the study file's key is the one that counts.
        func check(_ participant: String, transfer extra: [String: Any] = [:]) async throws -> (shown: [String], notices: [String]) {
            let folder = try TemporaryDirectory("study-announce-\(participant.prefix(8))")
            defer { withExtendedLifetime(folder) {} }
            let setup = try TransferCLISetup(
                folder: folder, webdavURL: server.baseURL, password: server.password,
                extra: ["announcements": ["url": server.baseURL].merging(extra) { $1 }])
            let store = try DataStore(root: setup.data)
            let notices = Mutex<[String]>([])
            let shown = await StudyAnnouncements.new(
                for: participant, locale: "en", transfer: TransferSetup(dataFolder: setup.data), store: store, study: study,
                notice: { line in notices.withLock { $0.append(line) } })
            return (shown.map(\.title), notices.withLock { $0 })
        }

        let good = UUID().uuidString, foreign = UUID().uuidString, changed = UUID().uuidString, unsigned = UUID().uuidString
        try place("Signed", for: good, signer: lab)
        try place("Foreign", for: foreign, signer: other)
        try place("Changed", for: changed, signer: lab, changeAfterSigning: true)
        try place("Unsigned", for: unsigned, signer: nil)

        let shown = try await check(good)
        #expect(shown.shown == ["Signed"] && shown.notices.isEmpty, "\(shown)")
        for (participant, reason) in [(foreign, "signed by another key"), (changed, "does not match the message"), (unsigned, "it is not signed")] {
            let result = try await check(participant)
            #expect(result.shown.isEmpty, "\(reason): \(result)")
            #expect(result.notices.count == 1 && result.notices.first?.contains("\(participant)/message.json: not shown: ") == true, "\(result)")
            #expect(result.notices.first?.contains(reason) == true, "\(reason): \(result)")
        }

        // transfer.json naming the same key (another key file, the same fingerprint) changes nothing.
        let otherFile = dir.path("same-key.asc")
        try gpg.exportPublic(lab, to: otherFile)
        let same = try await check(good, transfer: ["signingKeyFile": otherFile.path, "signingFingerprint": lab])
        #expect(same.shown == ["Signed"] && same.notices.isEmpty, "\(same)")
        // transfer.json naming another key: nothing is shown, and one line says why.
        let otherKeyFile = dir.path("other.asc")
        try gpg.exportPublic(other, to: otherKeyFile)
        let conflict = try await check(foreign, transfer: ["signingKeyFile": otherKeyFile.path, "signingFingerprint": other])
        #expect(conflict.shown.isEmpty, "\(conflict)")
        #expect(conflict.notices.count == 1, "\(conflict.notices)")
        #expect(
            conflict.notices.first?.contains("announcements.signingFingerprint \(other) is not the study's signing key \(lab.uppercased())") == true,
            "\(conflict.notices)")
    }
}
