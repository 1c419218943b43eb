import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

#if canImport(Glibc)
import Glibc
#endif

/// End-to-end: enrol, run whole sessions of the example studies through the real CLI at high speed,
/// and check every stored file, marker sequence, event table, answer and catalog entry.
@Suite(.tags(.process, .python))
struct RunCommandTests {
    static let mynd = ProjectPaths.root.appendingPathComponent("Studies/mynd-example").path
    static let reaction = ProjectPaths.root.appendingPathComponent("Studies/reaction-time").path
    static let name = "Zebulon Quillfeather"

    struct Report: Decodable {
        var state: String
        var session: String?
        var day: Int?
        var stored: [CatalogItem]
        var nextDayOpensAt: Date?
        var reason: String?
        var medianLatencyMs: Double?
    }

    static func run(_ study: String, data: URL, extra: [String] = []) throws -> (Report, ProcessResult) {
        let result = try CLI.run(["run", study, "--data", data.path, "--auto", "--speed", "100", "--json"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return (try JSONDecoder.iso.decode(Report.self, from: Data(result.stdout.utf8)), result)
    }

    struct H5Events: Decodable {
        var codes: [Int32]
        var labels: [String]
        var samples: [Int64]
        var marker_rows: [Int64]
        var rows: Int
        var block: Int
        var paradigm: String
        var condition_markers: [Int64]
        var quality: [String]
        var complete: Int
    }

    static func events(_ url: URL) throws -> H5Events {
        let script = """
            import h5py, json, sys
            f = h5py.File(sys.argv[1], 'r')
            r = f['Recording']
            m = r['Marker'][()].ravel()
            print(json.dumps({'codes': f['Events/Code'][()].tolist(), 'labels': list(f['Events/Label'].asstr()[()]),
              'samples': f['Events/SampleIndex'][()].tolist(), 'marker_rows': [int(i) for i in (m != 0).nonzero()[0]],
              'rows': r['Data'].shape[0], 'block': int(r.attrs['block']), 'paradigm': f['Paradigm'].attrs['Paradigm'],
              'condition_markers': f['Paradigm/ConditionMarkers'][()].ravel().tolist(),
              'quality': sorted(f['Quality'].keys()) if 'Quality' in f else [], 'complete': int(r.attrs['Complete'])}))
            """
        return try PythonTool.json(H5Events.self, script: script, arguments: [url.path])
    }

    @Test func aFullDayOfTheMyndExampleStudy() throws {
        let dir = try TemporaryDirectory("run-mynd")
        let enrolled = try CLI.run(["enroll", Self.mynd, "--data", dir.url.path, "--name", Self.name, "--auto", "--json"])
        #expect(enrolled.status == 0, "\(enrolled.stderr)")
        let answers = dir.path("answers.json")
        try Data(
            #"{"musicYears": 34, "handedness": 2, "instrument": "Cello – Ümlaut", "birthDate": "1990-05-01", "conditions": [1, 3], "motivation": 5, "mood": 7}"#
                .utf8
        ).write(to: answers)

        var reports: [Report] = []
        var logs = enrolled.stdout + enrolled.stderr
        for _ in 0..<5 {
            let (report, result) = try Self.run(Self.mynd, data: dir.url, extra: ["--answers", answers.path])
            logs += result.stderr
            reports.append(report)
            if report.state == "waiting" { break }
        }
        #expect(reports.map(\.state) == ["completed", "completed", "completed", "completed", "waiting"])
        #expect(reports.map(\.session) == ["initial", "motivation", "rest", "memories", nil])
        #expect(reports[3].nextDayOpensAt != nil)

        let store = try DataStore(root: dir.url)
        let items = try store.catalog.items()
        #expect(items.filter { $0.kind == .recording }.count == 6)
        #expect(items.filter { $0.kind == .questionnaire }.count == 3)  // enrolment, initial, motivation
        #expect(items.filter { $0.kind == .consent }.count == 1)
        #expect(items.allSatisfy { $0.state == .pending && $0.outcome.isComplete && $0.sha256 != nil && $0.size > 0 })
        let counted = items.filter { !$0.kind.holdsName && $0.title != "enrolment" }
        #expect(Set(counted.compactMap(\.run)).count == counted.count)  // one run index per block or questionnaire

        // Questionnaire answers keep their types and text.
        let initial = try #require(items.first { $0.title == "initial" })
        let record = try QuestionnaireStore.load(store.url(of: initial.path))
        #expect(record.answer("musicYears") == .integer(34) || record.answer("musicYears") == .number(34))
        #expect(record.answer("handedness") == .integer(2))
        #expect(record.answer("instrument") == .text("Cello – Ümlaut"))
        #expect(record.answer("birthDate") == .date("1990-05-01"))
        #expect(record.answer("conditions") == .choices([1, 3]))
        let motivation = try QuestionnaireStore.load(store.url(of: try #require(items.first { $0.title == "motivation" }).path))
        #expect(motivation.answer("motivation") == .integer(5))
        #expect([.integer(7), .number(7)].contains(motivation.answer("mood")))  // JSON writes 7.0 as 7
        #expect(record.day == 1 && record.locale == "en")

        // Rest blocks: welcome, shuffled eyes-open/eyes-closed trials, goodbye, with the reference's markers.
        let rest = items.filter { $0.kind == .recording && $0.title == "rest" }
        #expect(rest.count == 3)
        for (n, item) in rest.enumerated() {
            let e = try Self.events(store.url(of: item.path))
            #expect(e.block == n + 1)
            #expect(e.paradigm == "rest")
            #expect(e.condition_markers == [320, 420])
            #expect(e.complete == 1)
            #expect(e.codes.first == 910 && e.codes.last == 930)
            #expect(e.codes.filter { $0 == 310 }.count == 1 && e.codes.filter { $0 == 410 }.count == 1)
            #expect(e.codes.filter { $0 == 320 }.count == 1 && e.codes.filter { $0 == 420 }.count == 1)
            #expect(e.samples == e.samples.sorted())
            #expect(e.marker_rows == e.samples)  // every event is a marker at its own sample
            // A fixation of 60 s is 60 s of signal between its onset and the next marker.
            let fixation = try #require(e.codes.firstIndex(of: 320))
            let seconds = Double(e.samples[fixation + 1] - e.samples[fixation]) / 256
            #expect(abs(seconds - 60) < 1.5, "fixation lasted \(seconds) s")
            #expect(e.quality.contains("MyndQuality") || !e.quality.isEmpty)
        }
        // Memories blocks have 3 memories and 3 subtraction trials each.
        for item in items.filter({ $0.title == "memories" }) {
            let e = try Self.events(store.url(of: item.path))
            #expect(e.codes.filter { $0 == 320 }.count == 3 && e.codes.filter { $0 == 420 }.count == 3)
        }

        // The name is nowhere but in the consent record and the private registry: not in paths, files,
        // output or logs.
        let nameBytes = Data(Self.name.utf8)
        var holders: [String] = []
        for case let url as URL in FileManager.default.enumerator(at: dir.url, includingPropertiesForKeys: nil)! {
            #expect(!url.path.contains("Zebulon"))
            if let data = try? Data(contentsOf: url), data.range(of: nameBytes) != nil { holders.append(store.relativePath(of: url)) }
        }
        let consent = try #require(items.first { $0.kind == .consent })
        #expect(Set(holders) == [consent.path, "private/participants.json"])
        #expect(!logs.contains("Zebulon"))
        let status = try CLI.run(["status", Self.mynd, "--data", dir.url.path, "--json"])
        #expect(status.stdout.contains("\"waiting\""))
    }

    @Test func aReactionTimeSessionStoresTrialsScoreAndMarkers() throws {
        let dir = try TemporaryDirectory("run-rt")
        #expect(try CLI.run(["enroll", Self.reaction, "--data", dir.url.path, "--name", "Bo", "--auto"]).status == 0)
        let (questionnaire, _) = try Self.run(Self.reaction, data: dir.url)
        #expect(questionnaire.session == "state")
        let (report, _) = try Self.run(Self.reaction, data: dir.url)
        #expect(report.state == "completed")
        let recordings = report.stored.filter { $0.kind == .recording }
        let tables = report.stored.filter { $0.kind == .trials }
        #expect(recordings.count == 2 && tables.count == 2)
        let store = try DataStore(root: dir.url)
        struct Table: Decodable {
            struct Trial: Decodable { var outcome: String; var latencyMs: Double?; var foreperiod: Double; var stimulus: String }
            var trials: [Trial]
            var medianCorrectLatencyMs: Double?
            var recording: String
        }
        for (recording, table) in zip(recordings, tables) {
            let t = try JSONDecoder().decode(Table.self, from: Data(contentsOf: store.url(of: table.path)))
            #expect(t.trials.count == 30)
            #expect(t.recording == (recording.path as NSString).lastPathComponent)
            let correct = t.trials.filter { $0.outcome == "correct" }.compactMap(\.latencyMs).sorted()
            #expect(!correct.isEmpty && correct.allSatisfy { (150...600).contains($0) })
            let median = correct.count % 2 == 1 ? correct[correct.count / 2] : (correct[correct.count / 2 - 1] + correct[correct.count / 2]) / 2
            #expect(t.medianCorrectLatencyMs == median)
            #expect(t.trials.allSatisfy { (1...3).contains($0.foreperiod) && $0.stimulus == "X" })
            #expect(t.trials.filter { $0.outcome == "anticipation" }.allSatisfy { ($0.latencyMs ?? 0) < 0 })
            let e = try Self.events(store.url(of: recording.path))
            // Every trial has a foreperiod marker and exactly one of stimulus+response, stimulus+miss, anticipation.
            #expect(e.codes.filter { $0 == 502 }.count == 30)
            let stimuli = e.codes.filter { $0 == 510 }.count
            #expect(stimuli == t.trials.filter { $0.outcome != "anticipation" }.count)
            #expect(e.codes.filter { $0 == 520 }.count == t.trials.filter { $0.outcome == "correct" }.count)
            #expect(e.codes.filter { $0 == 530 }.count == t.trials.filter { $0.outcome == "anticipation" }.count)
        }
        #expect(report.medianLatencyMs != nil)
    }

    /// `run` ends with one line per recording saying what was lost and the verdict: the line
    /// `analyze` ends with for that recording.
    @Test func runEndsWithEachRecordingsLostTimeAndVerdict() throws {
        let dir = try TemporaryDirectory("run-account")
        #expect(try CLI.run(["enroll", Self.reaction, "--data", dir.url.path, "--name", "Bo", "--auto"]).status == 0)
        _ = try Self.run(Self.reaction, data: dir.url)
        let result = try CLI.run(["run", Self.reaction, "--data", dir.url.path, "--auto", "--speed", "100"])
        #expect(result.status == 0, "\(result.stderr)")
        let store = try DataStore(root: dir.url)
        let recordings = try store.catalog.items(kinds: [.recording])
        #expect(recordings.count == 2)
        for item in recordings {
            let name = (item.path as NSString).lastPathComponent
            let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix(name + ": lost ") })
            let analyzed = try CLI.run(["analyze", store.url(of: item.path).path])
            #expect(line.dropFirst(name.count + 2) == analyzed.stdout.split(separator: "\n").last ?? "")
            #expect(line.contains("verdict: "))
        }
    }

    /// `run --json` carries the same account per stored recording under `accounts`: the line
    /// `analyze` ends with, lost time and share, the windows and the verdict.
    @Test func runJSONCarriesEachRecordingsAccount() throws {
        let dir = try TemporaryDirectory("run-account-json")
        #expect(try CLI.run(["enroll", Self.reaction, "--data", dir.url.path, "--name", "Bo", "--auto"]).status == 0)
        _ = try Self.run(Self.reaction, data: dir.url)
        let result = try CLI.run(["run", Self.reaction, "--data", dir.url.path, "--auto", "--speed", "100", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        struct Printed: Decodable {
            struct Entry: Decodable {
                struct Account: Decodable {
                    var line: String; var lostSeconds: Double; var lostShare: Double; var windows: Int; var missingWindows: Int
                    var offHeadWindows: Int; var motionWindows: Int; var verdict: String?
                }
                var path: String
                var account: Account?
            }
            var state: String
            var accounts: [Entry]
        }
        let printed = try JSONDecoder().decode(Printed.self, from: Data(result.stdout.utf8))
        let store = try DataStore(root: dir.url)
        let recordings = try store.catalog.items(kinds: [.recording])
        #expect(recordings.count == 2 && printed.accounts.map(\.path).sorted() == recordings.map(\.path).sorted())
        for entry in printed.accounts {
            let account = try #require(entry.account)
            let analyzed = try CLI.run(["analyze", store.url(of: entry.path).path])
            #expect(account.line == analyzed.stdout.split(separator: "\n").last.map(String.init))
            #expect(account.windows > 0 && account.verdict != nil && account.line.hasSuffix("verdict: \(account.verdict ?? "")"))
        }
    }

    @Test func anInterruptedBlockIsStoredAsIncompleteAndResumed() async throws {
        let dir = try TemporaryDirectory("run-resume")
        #expect(try CLI.run(["enroll", Self.mynd, "--data", dir.url.path, "--name", "Cy", "--auto"]).status == 0)
        for _ in 0..<2 { _ = try Self.run(Self.mynd, data: dir.url) }  // the two questionnaires of day 1
        // The rest session at a speed where a block lasts about 15 s; interrupt the first block.
        let process = Process()
        process.executableURL = try CLI.binary()
        process.arguments = ["run", Self.mynd, "--data", dir.url.path, "--auto", "--speed", "10", "--json"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.runWithTerminationSignals()
        // Both waits hold this thread: on a loaded machine an async wait can be starved past the block.
        let journal = FileWaiter.firstBlocking(withExtension: "journal", below: dir.url)
        let journalURL = try #require(journal)
        // Some seconds of the block are in (its journal holds rows), and it is far from over.
        #expect(FileWaiter.untilSize(of: journalURL, atLeast: 20_000, timeout: 30))
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let report = try JSONDecoder.iso.decode(Report.self, from: out.fileHandleForReading.readDataToEndOfFile())
        #expect(report.state == "interrupted")
        let store = try DataStore(root: dir.url)
        let first = try #require(report.stored.first)
        #expect(first.kind == .recording && !first.outcome.isComplete && first.state == .pending)
        let partial = try Self.events(store.url(of: first.path))
        #expect(partial.complete == 0 && partial.block == 1)
        #expect(partial.codes.last == Marker.interruptedCode)

        // The protocol did not advance: block 1 of rest is due again, and the next run records it.
        let status = try CLI.run(["status", Self.mynd, "--data", dir.url.path, "--json"])
        #expect(status.stdout.contains("\"block\" : 1"), "\(status.stdout)")
        let (resumed, _) = try Self.run(Self.mynd, data: dir.url)
        #expect(resumed.state == "completed" && resumed.session == "rest")
        let blocks = try resumed.stored.map { try Self.events(store.url(of: $0.path)).block }
        #expect(blocks == [1, 2, 3])
        let all = try store.catalog.items().filter { $0.title == "rest" }
        #expect(all.count == 4 && all.filter { !$0.outcome.isComplete }.count == 1)
    }

    @Test func runWithoutEnrolmentAndBrokenStudiesFailClearly() throws {
        let dir = try TemporaryDirectory("run-errors")
        let notEnrolled = try CLI.run(["run", Self.mynd, "--data", dir.url.path, "--auto"])
        #expect(notEnrolled.status == 66)
        #expect(notEnrolled.stderr.contains("run `study-recorder enroll` first"), "\(notEnrolled.stderr)")
        let missing = try CLI.run(["run", dir.path("nope").path, "--data", dir.url.path, "--auto"])
        #expect(missing.status == 66)
        #expect(try CLI.run(["enroll", Self.mynd, "--data", dir.url.path, "--auto"]).status == 64)  // --auto needs --name
        #expect(try CLI.run(["enroll", Self.mynd, "--data", dir.url.path, "--name", "A", "--auto"]).status == 0)
        let again = try CLI.run(["enroll", Self.mynd, "--data", dir.url.path, "--name", "B", "--auto"])
        #expect(again.status == 65)
        #expect(again.stderr.contains("already enrolled"))
        let noInput = try CLI.run(["run", Self.mynd, "--data", dir.url.path])  // interactive, but stdin is closed
        #expect(noInput.status == 66)
        #expect(noInput.stderr.contains("--auto"))
    }

    @Test func aSecondRunOfTheSameStudyAndFolderExitsSeventyFive() throws {
        let dir = try TemporaryDirectory("run-lock")
        #expect(try CLI.run(["enroll", Self.mynd, "--data", dir.url.path, "--name", "Cy", "--auto"]).status == 0)
        for _ in 0..<2 { _ = try Self.run(Self.mynd, data: dir.url) }  // the two questionnaires of day 1
        let first = Process()
        first.executableURL = try CLI.binary()
        first.arguments = ["run", Self.mynd, "--data", dir.url.path, "--auto", "--speed", "10", "--json"]
        first.standardOutput = FileHandle.nullDevice
        first.standardError = FileHandle.nullDevice
        try first.run()
        defer { if first.isRunning { kill(first.processIdentifier, SIGKILL) } }
        #expect(FileWaiter.firstBlocking(withExtension: "journal", below: dir.url) != nil)
        let second = try CLI.run(["run", Self.mynd, "--data", dir.url.path, "--auto", "--speed", "10"])
        #expect(second.status == 75, "\(second.stderr)")
        #expect(second.stderr.split(separator: "\n").count == 1, "\(second.stderr)")
        #expect(second.stderr.contains("another `run`") && second.stderr.contains("pid \(first.processIdentifier)"), "\(second.stderr)")
        // Only the first run records: one journal, one recording being written (its catalog row is
        // written just after its journal: wait for it, then see there is no second).
        let store = try DataStore(root: dir.url)
        #expect(try FileWaiter.until(timeout: 30) { try !store.catalog.items(state: .writing).isEmpty })
        #expect(try store.catalog.items(state: .writing).count == 1)
        // The kernel drops the lock with the process, however it ends.
        kill(first.processIdentifier, SIGKILL)
        first.waitUntilExit()
        let after = try CLI.run(["run", Self.mynd, "--data", dir.url.path, "--auto", "--speed", "100", "--json"])
        #expect(after.status == 0, "\(after.stderr)")
    }

    @Test(.enabled(if: ProjectPaths.isCI || Tmpfs.canMount, "needs root to mount a small tmpfs"), arguments: [false, true])
    func aFullDiskDuringRunExitsSeventyFourWithTheRecoverHint(fullAtStart: Bool) throws {
        // A small tmpfs is the honest way to fill a disk; it needs root, which CI and developers have here.
        let dir = try TemporaryDirectory("run-full")
        let mount = dir.path("small")
        try FileManager.default.createDirectory(at: mount, withIntermediateDirectories: true)
        let mounted = try ProcessRunner.run(URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=2m", "tmpfs", mount.path])
        // Skipped up front when a tmpfs cannot be mounted here (never in CI): from here on it must mount.
        try #require(mounted.status == 0, "cannot mount a tmpfs: \(mounted.stderr)")
        defer { _ = try? ProcessRunner.run(URL(fileURLWithPath: "/bin/umount"), [mount.path]) }
        let data = mount.appendingPathComponent("data")
        #expect(try CLI.run(["enroll", Self.mynd, "--data", data.path, "--name", "Cy", "--auto"]).status == 0)
        for _ in 0..<2 { _ = try Self.run(Self.mynd, data: data) }
        if fullAtStart {
            // Whatever room is left is taken before the run starts.
            _ = try ProcessRunner.run(URL(fileURLWithPath: "/bin/dd"), ["if=/dev/zero", "of=\(mount.path)/filler", "bs=4k"])
        }
        let result = try CLI.run(["run", Self.mynd, "--data", data.path, "--auto", "--speed", "100", "--signal", "realistic"])
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("disk full") && result.stderr.contains("study-recorder recover"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }
}
