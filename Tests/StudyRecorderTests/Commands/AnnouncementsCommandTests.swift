import Foundation
import Storage
import TestSupport
import Testing

@Suite(.tags(.process, .server), .enabled(if: Executables.available([], python: true)))
struct AnnouncementsCommandTests {
    @Test func showsNewMessagesWithNamesFilledOnTheDeviceThenNothingNew() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("cli-announce")
        let setup = try TransferCLISetup(
            folder: dir, webdavURL: server.baseURL, password: server.password, extra: ["announcements": ["url": server.baseURL]])
        let store = try DataStore(root: setup.data)
        var participant = Participant(name: "Ada")
        participant.id = UUID().uuidString
        try ParticipantRegistry(store: store).save(participant)
        try Data(
            #"{"type": "info", "messages": [{"locale": "de", "title": "Hallo #patientName#", "text": "Neu"}, {"locale": "en", "title": "Hi #patientName#", "text": "New"}]}"#
                .utf8
        )
        .write(to: server.root.appendingPathComponent("message.json"))
        try FileManager.default.createDirectory(at: server.root.appendingPathComponent(participant.id), withIntermediateDirectories: true)
        try Data("{broken".utf8).write(to: server.root.appendingPathComponent("\(participant.id)/message.json"))

        let first = try CLI.run(["announcements", "--data", setup.data.path, "--locale", "de-CH"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("[an alle, neu] Hallo Ada"), "\(first.stdout)")
        #expect(first.stderr.contains("warning: participant"))
        #expect(first.stderr.contains("malformed"))
        // The name was filled on the device: the server only ever saw the template.
        #expect(try server.requests().allSatisfy { !$0.path.contains("Ada") })

        let second = try CLI.run(["announcements", "--data", setup.data.path, "--locale", "de"])
        #expect(second.stdout.contains("keine neuen Mitteilungen"))
        let all = try CLI.run(["announcements", "--data", setup.data.path, "--all", "--json", "--locale", "en"])
        let decoded = try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [String: Any]
        #expect((decoded?["shown"] as? [[String: Any]])?.first?["title"] as? String == "Hi Ada")
        #expect((decoded?["refused"] as? [Any])?.isEmpty == true)
    }

    /// With the lab's signing key in `transfer.json`, an unsigned message is not shown (one warning
    /// line), and the same message shows once `gpg --detach-sign`'s signature is beside it.
    @Test(.enabled(if: Executables.available(["gpg"])))
    func aSigningKeyKeepsUnsignedMessagesFromTheParticipant() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("cli-announce-signed")
        let gpg = try GPGTestHome()
        let lab = try gpg.generateKey(userID: "Lab <lab@example.invalid>")
        let keyFile = dir.path("lab.asc")
        try gpg.exportPublic(lab, to: keyFile)
        let setup = try TransferCLISetup(
            folder: dir, webdavURL: server.baseURL, password: server.password,
            extra: ["announcements": ["url": server.baseURL, "signingKeyFile": keyFile.path, "signingFingerprint": lab]])
        let store = try DataStore(root: setup.data)
        try ParticipantRegistry(store: store).save(Participant(name: "Ada"))
        let message = server.root.appendingPathComponent("message.json")
        try Data(#"{"type": "info", "messages": [{"locale": "en", "title": "From the lab", "text": "Hello"}]}"#.utf8).write(to: message)

        let unsigned = try CLI.run(["announcements", "--data", setup.data.path, "--locale", "en"])
        #expect(unsigned.status == 0 && unsigned.stdout.contains("no new announcements"), "\(unsigned.stdout) \(unsigned.stderr)")
        let warnings = unsigned.stderr.split(separator: "\n").filter { $0.contains("not shown") }
        #expect(warnings == ["warning: global message.json: not shown: it is not signed (no message.json.sig beside it)"], "\(unsigned.stderr)")
        // `--json` lists the refused message beside the (empty) shown ones.
        let report = try CLI.run(["announcements", "--data", setup.data.path, "--locale", "en", "--all", "--json"])
        let json = try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any]
        let refused = json?["refused"] as? [[String: Any]]
        #expect((json?["shown"] as? [Any])?.isEmpty == true, "\(report.stdout)")
        #expect(refused?.count == 1 && refused?.first?["file"] as? String == "message.json" && refused?.first?["scope"] as? String == "global")
        #expect((refused?.first?["reason"] as? String)?.contains("not signed") == true)
        try gpg.run(["--local-user", lab, "--detach-sign", "--output", message.path + ".sig", message.path])
        let signed = try CLI.run(["announcements", "--data", setup.data.path, "--locale", "en"])
        #expect(signed.stdout.contains("[global, new] From the lab") && !signed.stderr.contains("not shown"), "\(signed.stdout) \(signed.stderr)")
    }

    /// `announcements --study FOLDER` takes the signing key from the study file (`settings.announcements`):
    /// with a `transfer.json` that names no key an unsigned message is refused, a signed one shown;
    /// a `transfer.json` naming another key is refused in one line, 78.
    @Test(.enabled(if: Executables.available(["gpg"])))
    func theStudyFileNamesTheSigningKey() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("cli-announce-study-key")
        let gpg = try GPGTestHome()
        let lab = try gpg.generateKey(userID: "Lab <lab@example.invalid>")
        let other = try gpg.generateKey(userID: "Someone <someone@example.invalid>")
        let folder = try Self.studyFolder(in: dir, fingerprint: lab)
        try gpg.exportPublic(lab, to: folder.appendingPathComponent("keys/lab.asc"))
        let setup = try TransferCLISetup(
            folder: dir, webdavURL: server.baseURL, password: server.password, extra: ["announcements": ["url": server.baseURL]])
        try ParticipantRegistry(store: try DataStore(root: setup.data)).save(Participant(name: "Ada"))
        let message = server.root.appendingPathComponent("message.json")
        try Data(#"{"type": "info", "messages": [{"locale": "en", "title": "From the lab", "text": "Hello"}]}"#.utf8).write(to: message)

        let arguments = ["announcements", "--data", setup.data.path, "--locale", "en", "--study", folder.path]
        let unsigned = try CLI.run(arguments)
        #expect(unsigned.status == 0 && unsigned.stdout.contains("no new announcements"), "\(unsigned.stdout) \(unsigned.stderr)")
        #expect(unsigned.stderr.contains("not shown: it is not signed"), "\(unsigned.stderr)")
        // Without --study, this device's transfer.json alone says nothing about signatures.
        let plain = try CLI.run(["announcements", "--data", setup.data.path, "--locale", "en", "--all"])
        #expect(plain.stdout.contains("From the lab"), "\(plain.stdout) \(plain.stderr)")
        try gpg.run(["--local-user", lab, "--detach-sign", "--output", message.path + ".sig", message.path])
        let signed = try CLI.run(arguments + ["--all"])
        #expect(signed.stdout.contains("From the lab") && !signed.stderr.contains("not shown"), "\(signed.stdout) \(signed.stderr)")

        let otherKey = dir.path("other.asc")
        try gpg.exportPublic(other, to: otherKey)
        let otherDevice = try TemporaryDirectory("cli-announce-other-key")
        let conflicting = try TransferCLISetup(
            folder: otherDevice, webdavURL: server.baseURL, password: server.password,
            extra: ["announcements": ["url": server.baseURL, "signingKeyFile": otherKey.path, "signingFingerprint": other]])
        try ParticipantRegistry(store: try DataStore(root: conflicting.data)).save(Participant(name: "Ada"))
        let refused = try CLI.run(["announcements", "--data", conflicting.data.path, "--locale", "en", "--study", folder.path])
        #expect(refused.status == 78, "\(refused.stderr)")
        #expect(refused.stderr.split(separator: "\n").count == 1 && refused.stderr.contains("is not the study's signing key"), "\(refused.stderr)")
        withExtendedLifetime(otherDevice) {}
    }

    /// The minimal study in `dir/study` whose study file names `fingerprint` and `keys/lab.asc`.
    static func studyFolder(in dir: TemporaryDirectory, fingerprint: String) throws -> URL {
        try StudyFolderFixture.make(in: dir, settings: ["announcements": ["signingKeyFile": "keys/lab.asc", "signingFingerprint": fingerprint]])
    }

    @Test func withoutAnAnnouncementsLocationItIsAConfigurationError() throws {
        let dir = try TemporaryDirectory("cli-announce-none")
        let setup = try TransferCLISetup(folder: dir, webdavURL: "http://127.0.0.1:9/", password: "x")
        let result = try CLI.run(["announcements", "--data", setup.data.path])
        #expect(result.status == 78)
    }
}
