import Foundation
import Storage
import Study
import TestSupport
import Testing

/// `list` as an operator reads it: upload attempts, the next try and the last error in the table (not
/// only in `--json`), why a recording ended early kept apart from upload errors, every JSON key present.
@Suite(.tags(.process))
struct ListCommandTests {
    @Test func theTableShowsTriesNextTryLastErrorAndEndReasonSeparately() throws {
        let dir = try TemporaryDirectory("cli-list")
        let store = try DataStore(root: dir.url)
        let participant = UUID().uuidString
        let next = Date(timeIntervalSince1970: 1_900_000_000)
        var failing = CatalogItem(
            kind: .recording, path: "\(participant)/r_rest_1_1_1_\(participant).h5", participant: participant, run: 1, size: 10,
            state: .pending, outcome: .incomplete(reason: "interrupted by signal"))
        failing.attempts = 3
        failing.lastError = "PUT /x: HTTP 507 Insufficient Storage (the server is full)"
        failing.nextAttempt = next
        try store.catalog.insert(failing)
        try store.catalog.insert(
            CatalogItem(kind: .recording, path: "\(participant)/r_rest_1_1_2_\(participant).h5", participant: participant, run: 2, state: .pending))

        let table = try CLI.run(["list", "--data", dir.url.path, "--wide"])
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.contains("TRIES") == true && lines.first?.contains("NEXT TRY") == true)
        let row = try #require(lines.first { $0.contains("r_rest_1_1_1_") })
        #expect(row.contains(" 3 ") && row.contains(UTCTimestamp.iso8601(next)), "\(row)")
        #expect(lines.contains { $0.contains("ended early: interrupted by signal") }, "\(table.stdout)")
        #expect(lines.contains { $0.contains("last error:  PUT /x: HTTP 507") }, "\(table.stdout)")

        let json = try CLI.run(["list", "--data", dir.url.path, "--json"])
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(items.count == 2)
        let keys = ["endReason", "lastError", "nextAttempt", "transmittedAt", "remoteName", "sha256", "keptLocal", "study"]
        for item in items {
            for key in keys { #expect(item.keys.contains(key), "missing \(key) in \(item)") }
        }
        let fresh = try #require(items.first { ($0["run"] as? Int) == 2 })
        #expect(fresh["lastError"] is NSNull && fresh["endReason"] is NSNull && fresh["nextAttempt"] is NSNull)
        let failed = try #require(items.first { ($0["run"] as? Int) == 1 })
        #expect(failed["endReason"] as? String == "interrupted by signal")
        #expect((failed["lastError"] as? String)?.contains("507") == true)
    }

    /// The default table fits 80 columns: state, kind, run and the file name without the UUID; the
    /// reasons below a row are wrapped to the same width.
    @Test func theDefaultTableFitsEightyColumns() throws {
        let dir = try TemporaryDirectory("cli-list-narrow")
        let store = try DataStore(root: dir.url)
        let participant = UUID().uuidString
        var item = CatalogItem(
            kind: .questionnaire, path: "\(participant)/q_motivation_1_1_2_\(participant).json", participant: participant, run: 1,
            state: .pending)
        item.lastError = "PUT https://files.example.org/remote.php/dav/files/study/uploads/q_motivation.json: HTTP 507 Insufficient Storage"
        try store.catalog.insert(item)
        let table = try CLI.run(["list", "--data", dir.url.path])
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(table.stdout)")
        #expect(lines.first?.hasSuffix("NAME") == true)
        #expect(lines[1].hasPrefix("pending") && lines[1].hasSuffix(" q_motivation_1_1_2.json"), "\(lines[1])")
        #expect(table.stdout.contains("last error:  PUT"))
        // --wide keeps every detail, the full path included.
        #expect(try CLI.run(["list", "--data", dir.url.path, "--wide"]).stdout.contains("\(participant)/q_motivation_1_1_2_\(participant).json"))
    }

    /// The default table's headings and the labels under a row speak the participant's language:
    /// `--locale`, or the locale the `--participant` enrolled in.
    @Test func theHeadingsFollowTheParticipantsLocale() throws {
        let dir = try TemporaryDirectory("cli-list-de")
        let store = try DataStore(root: dir.url)
        let participant = UUID()
        var item = CatalogItem(
            kind: .recording, path: "\(participant.uuidString)/r_rest_1_1_1_\(participant.uuidString).h5", participant: participant.uuidString,
            run: 1, state: .pending, outcome: .incomplete(reason: "interrupted by signal"))
        item.lastError = "HTTP 507"
        try store.catalog.insert(item)
        let german = try CLI.run(["list", "--data", dir.url.path, "--locale", "de"])
        #expect(german.stdout.hasPrefix("ZUSTAND      ART            LAUF NAME\n"), "\(german.stdout)")
        #expect(german.stdout.contains("vorzeitig beendet: interrupted by signal") && german.stdout.contains("letzter Fehler: HTTP 507"))

        let study = try StudyLoader.load(folder: URL(fileURLWithPath: RunCommandTests.reaction))
        var progress = StudySchedule(study: study).enroll(participant: participant, at: Date())
        progress.locale = "de"
        try ProgressStore(dataFolder: dir.url).save(progress)
        #expect(try CLI.run(["list", "--data", dir.url.path, "--participant", participant.uuidString]).stdout.hasPrefix("ZUSTAND"))
        #expect(try CLI.run(["list", "--data", dir.url.path]).stdout.hasPrefix("STATE        KIND           RUN  NAME\n"))
    }

    @Test func aMistypedDataFolderFailsAndIsNotCreated() throws {
        let dir = try TemporaryDirectory("cli-list-missing")
        let typo = dir.path("stduy-data")
        for command in [["list"], ["upload"], ["upload", "--dry-run"], ["recover"], ["status", RunCommandTests.mynd]] {
            let result = try CLI.run(command + ["--data", typo.path])
            #expect(result.status == 66, "\(command): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.contains(typo.path))
            #expect(!FileManager.default.fileExists(atPath: typo.path), "\(command) created the folder")
        }
    }

    @Test func aConfigFileThatDoesNotExistIsAnErrorOnEveryCommand() throws {
        let dir = try TemporaryDirectory("cli-config-missing")
        let data = dir.path("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let missing = dir.path("transfer-typo.json").path
        let commands: [[String]] = [
            ["list"], ["upload"], ["announcements"],
            ["record", "--duration", "1s", "--speed", "0"],
            ["enroll", RunCommandTests.mynd, "--name", "A", "--auto"],
            ["run", RunCommandTests.mynd, "--auto", "--speed", "100"],
        ]
        for command in commands {
            let result = try CLI.run(command + ["--data", data.path, "--config", missing])
            #expect(result.status == 66, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("transfer-typo.json"), "\(command): \(result.stderr)")
        }
        // Nothing was recorded or enrolled on the way.
        #expect(try DataStore(root: data).catalog.items().isEmpty)
    }
}
