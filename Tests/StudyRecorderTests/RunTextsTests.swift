import Foundation
import TestSupport
import Testing

/// What `run` shows a participant, through the real CLI: announcements from the study team in the
/// enrolled locale (also in `--json`), and refusal of a locale the study is not written in.
@Suite(.tags(.process, .server))
struct RunTextsTests {
    struct Report: Decodable {
        struct Shown: Decodable {
            var title: String
            var text: String
            var locale: String
        }
        var state: String
        var announcements: [Shown]
    }

    @Test(.enabled(if: Executables.available([], python: true)))
    func announcementsArrivingDuringRunAreShownInTheEnrolledLocaleAlsoAsJSON() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("run-announce")
        let setup = try TransferCLISetup(
            folder: dir, webdavURL: server.baseURL, password: server.password, extra: ["announcements": ["url": server.baseURL]])
        let enrolled = try CLI.run([
            "enroll", RunCommandTests.mynd, "--data", setup.data.path, "--name", "Hans", "--helper", "Eva", "--locale", "de", "--auto", "--json",
        ])
        try #require(enrolled.status == 0, "\(enrolled.stderr)")
        try Data(
            #"""
            {"type": "info", "messages": [
              {"locale": "en", "title": "Hello #patientName#", "text": "#possessivePatient# next session"},
              {"locale": "de", "title": "Hallo #patientName#", "text": "#possessivePatient# nächste Sitzung, #mystery#"}]}
            """#.utf8
        ).write(to: server.root.appendingPathComponent("message.json"))

        // No --locale: the participant enrolled in German.
        let json = try CLI.run(["run", RunCommandTests.mynd, "--data", setup.data.path, "--auto", "--speed", "100", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(json.stdout.utf8))
        #expect(report.announcements.count == 1)
        #expect(report.announcements.first?.title == "Hallo Hans")
        // The German possessive of a name ending in s, as in the study's own texts; the unknown
        // placeholder is left out (with a warning), never shown raw.
        #expect(report.announcements.first?.text == "Hans’ nächste Sitzung, ")
        #expect(report.announcements.first?.locale == "de")
        #expect(json.stderr.contains("#mystery#"))

        // A new message on a run without --json appears on the participant's screen.
        try Data(#"{"type": "info", "messages": [{"locale": "de", "title": "Neu für #patientName#", "text": "Tag #day#?"}]}"#.utf8)
            .write(to: server.root.appendingPathComponent("message.json"))
        try? FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: server.root.appendingPathComponent("message.json").path)
        let shown = try CLI.run(["run", RunCommandTests.mynd, "--data", setup.data.path, "--auto", "--speed", "100"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("✉ Neu für Hans"), "\(shown.stdout)")
        #expect(!shown.stdout.contains("#day#"))
    }

    @Test(arguments: [["run"], ["enroll", "--name", "X", "--auto"], ["validate"]])
    func aLocaleTheStudyIsNotWrittenInIsRefused(_ command: [String]) throws {
        let dir = try TemporaryDirectory("run-locale")
        var arguments = [command[0], RunCommandTests.mynd, "--locale", "fr"] + command.dropFirst()
        if command[0] != "validate" { arguments += ["--data", dir.path("data").path] }
        let result = try CLI.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("unknown --locale 'fr'") && result.stderr.contains("en, de"), "\(result.stderr)")
        // A regional variant of a language the study has is fine.
        let regional = try CLI.run(["validate", RunCommandTests.mynd, "--locale", "de-AT"])
        #expect(regional.status == 0, "\(regional.stderr)")
    }
}
