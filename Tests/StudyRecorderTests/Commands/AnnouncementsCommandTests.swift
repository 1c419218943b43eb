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

    @Test func withoutAnAnnouncementsLocationItIsAConfigurationError() throws {
        let dir = try TemporaryDirectory("cli-announce-none")
        let setup = try TransferCLISetup(folder: dir, webdavURL: "http://127.0.0.1:9/", password: "x")
        let result = try CLI.run(["announcements", "--data", setup.data.path])
        #expect(result.status == 78)
    }
}
