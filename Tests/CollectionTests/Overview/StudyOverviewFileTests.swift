import DataSources
import Foundation
import Report
import Storage
import Study
import TestSupport
import Testing
import Transfer

@testable import Collection

/// The study overview a real `collect` run writes from a local copy of the upload folder: it renders
/// in headless Chromium without a console message, shows each participant's days done, incomplete
/// and missing as the reaction-time study's protocol (two days of a questionnaire and a recording)
/// and the collected items say, lists a corrupt file under problems, is not rewritten by a second
/// run that finds nothing new, and is kept out of BIDS by `.bidsignore`.
@Suite(.tags(.chromium))
struct StudyOverviewFileTests {
    /// A participant folder of the upload copy: items with their manifests, as the uploader leaves them.
    struct Uploads {
        let root: URL

        /// Places `bytes` as `<participant>/<name>` with its manifest (`sha256` overrides the digest it
        /// states: a corrupt file).
        func place(
            _ bytes: Data, name: String, participant: String, kind: ItemKind, day: Int, session: Int, run: Int = 1, sha256: String? = nil
        ) throws {
            let dir = root.appendingPathComponent(participant)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let file = dir.appendingPathComponent(name)
            try bytes.write(to: file)
            let item = CatalogItem(
                kind: kind, path: "\(participant)/\(name)", participant: participant, study: "reaction-time", title: "reactionTime", day: day,
                session: session, run: run, size: Int64(bytes.count), sha256: try SHA256.hex(ofFile: file), state: .transmitted)
            let manifest = UploadManifest(
                item: item, uploaded: .init(name: name, size: item.size, sha256: sha256 ?? item.sha256 ?? "", encrypted: false))
            try manifest.encoded().write(to: dir.appendingPathComponent(name + UploadManifest.suffix))
        }

        /// A real recording of the study (10 s of the oscillator) that stored `grades` (1/2/4 per channel)
        /// in its `/Quality` `Grade` series, as the recording pipeline does while recording.
        func recording(participant: String, day: Int, session: Int, run: Int, grades: [[Double]], outcome: RecordingOutcome, in dir: URL) throws {
            let name = "r_reactionTime_\(day)_\(session)_\(run)_\(participant).h5"
            let url = dir.appendingPathComponent(name)
            let configuration = OscillatorConfiguration(seed: UInt64(run), dropoutsPerMinute: 0, startTime: 1_790_000_000)
            let metadata = RecordingMetadata(
                participant: participant, study: "reaction-time", day: day, session: session, run: run,
                paradigm: Paradigm(title: "reactionTime"), source: configuration.descriptor, powerLineFrequency: 50)
            let writer = try RecordingWriter(url: url, metadata: metadata)
            var generator = OscillatorGenerator(configuration: configuration)
            while generator.nextIndex < 2560 { for block in generator.next(128) { try writer.append(block) } }
            for (i, row) in grades.enumerated() {
                try writer.appendSeries(
                    group: "Quality", name: "Grade", time: 1_790_000_002 + Double(i) / 2, values: row, columns: configuration.descriptor.channelNames)
            }
            _ = try writer.finish(outcome)
            writer.removeJournal()
            try place(try Data(contentsOf: url), name: name, participant: participant, kind: .recording, day: day, session: session, run: run)
        }

        /// A trial table whose session median is `median` ms.
        func trialTable(participant: String, day: Int, session: Int, run: Int, median: Double) throws {
            let name = "t_reactionTime_\(day)_\(session)_\(run)_\(participant).json"
            let object: [String: Any] = [
                "format": "study-recorder-trials", "formatVersion": 2, "study": "reaction-time", "participant": participant, "day": day,
                "session": session, "run": run, "block": 1, "recording": "r_reactionTime_\(day)_\(session)_\(run)_\(participant).h5",
                "complete": true, "medianCorrectLatencyMs": median, "sessionMedianLatencyMs": median,
                "trials": [
                    [
                        "trial": 1, "stimulus": "X", "response": "space", "foreperiod": 1.5, "latencyMs": median, "outcome": "correct",
                        "timestamp": "2026-09-21T14:13:20Z",
                    ]
                ],
            ]
            try place(
                try JSONSerialization.data(withJSONObject: object), name: name, participant: participant, kind: .trials, day: day, session: session,
                run: run)
        }
    }

    @Test func theOverviewShowsEachParticipantsDaysAndProblemsAndIsNotRewrittenUnchanged() async throws {
        let dir = try TemporaryDirectory("collect-overview")
        let uploads = Uploads(root: dir.path("uploads"))
        let scratch = dir.path("made")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        // The protocol: each day a questionnaire (session 1) and a recording (session 2).
        let p1 = "11111111-1111-4111-8111-111111111111", p2 = "22222222-2222-4222-8222-222222222222"
        let p3 = "33333333-3333-4333-8333-333333333333"
        // p1: nothing on day 1 (missing), day 2 done, with its score.
        try uploads.place(Data("{}".utf8), name: "q_state_2_1_1_\(p1).json", participant: p1, kind: .questionnaire, day: 2, session: 1)
        try uploads.recording(participant: p1, day: 2, session: 2, run: 2, grades: [[1, 1, 1, 2], [1, 1, 1, 1]], outcome: .complete, in: scratch)
        try uploads.trialTable(participant: p1, day: 2, session: 2, run: 2, median: 287)
        // p2: day 1's recording ended early, its questionnaire missing (incomplete); day 2 not yet.
        try uploads.recording(
            participant: p2, day: 1, session: 2, run: 1, grades: [[4, 4, 1, 1]], outcome: .incomplete(reason: EndReason.participant), in: scratch)
        // p3: a corrupt file (its manifest states other bytes).
        try uploads.place(
            Data("truncated".utf8), name: "r_reactionTime_1_2_1_\(p3).h5", participant: p3, kind: .recording, day: 1, session: 2,
            sha256: String(repeating: "0", count: 64))

        let out = dir.path("dataset")
        let study = try StudyLoader.load(folder: ProjectPaths.root.appendingPathComponent("Studies/reaction-time"))
        let collector = Collector(source: .folder(uploads.root), study: study, out: out)
        let report = try await collector.run()
        #expect(report.problems.map(\.remote) == ["\(p3)/r_reactionTime_1_2_1_\(p3).h5"], "\(report.problems)")

        let file = out.appendingPathComponent("overview.html")
        let html = try String(contentsOf: file, encoding: .utf8)
        let page = try HeadlessChromium.render(file, width: 1000, height: 1200, screenshot: false)
        #expect(page.console.isEmpty, "the overview caused console messages: \(page.console)")
        #expect(page.dom.contains("data-participant=\"\(p1)\" data-done=\"1\" data-incomplete=\"0\" data-missing=\"1\""), "\(page.dom)")
        #expect(page.dom.contains("data-participant=\"\(p2)\" data-done=\"0\" data-incomplete=\"1\" data-missing=\"0\""))
        #expect(page.dom.contains("data-participant=\"\(p3)\" data-done=\"0\" data-incomplete=\"0\" data-missing=\"0\""))
        #expect(page.dom.contains("<td class=\"num\">287 ms</td>"), "p1's reaction-time score")
        // Quality as stored: p1's session 7 of 8 channel-windows good, p2's 2 of 4.
        #expect(page.dom.contains(">88 %</td>") && page.dom.contains(">50 %</td>"))
        let problems = try #require(page.dom.components(separatedBy: "<ul class=\"problems\">").last?.components(separatedBy: "</ul>").first)
        #expect(problems.contains("\(p3)/r_reactionTime_1_2_1_\(p3).h5") && problems.contains("checksum"))
        // Self-contained like every report page: its policy forbids anything from elsewhere, and it links nowhere.
        #expect(html.contains("default-src 'none'; style-src 'unsafe-inline'; img-src data:"))
        #expect(!html.contains("http://") && !html.contains("https://"))
        #expect(try String(contentsOf: out.appendingPathComponent(".bidsignore"), encoding: .utf8).split(separator: "\n").contains("overview.html"))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)

        // A second collect that finds nothing new leaves the file alone: same bytes, same time.
        let before = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        let again = try await collector.run()
        #expect(again.collected.isEmpty && again.unchanged == report.collected.count + 1)
        #expect(try String(contentsOf: file, encoding: .utf8) == html)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date == before)

        // A new upload changes it.
        try uploads.place(Data("{}".utf8), name: "q_state_1_1_3_\(p2).json", participant: p2, kind: .questionnaire, day: 1, session: 1, run: 3)
        _ = try await collector.run()
        let third = try String(contentsOf: file, encoding: .utf8)
        #expect(third != html && third.contains("data-participant=\"\(p2)\" data-done=\"0\" data-incomplete=\"1\""))

        // In German when asked (`collect --locale de`): the same page in the report's German words.
        var german = collector
        german.overviewLocale = "de"
        _ = try await german.run()
        let de = try String(contentsOf: file, encoding: .utf8)
        #expect(de.contains("<html lang=\"de\">") && de.contains("Studienübersicht · reaction-time"))
        #expect(de.contains("data-participant=\"\(p2)\" data-done=\"0\" data-incomplete=\"1\""))
    }

    /// Uploads per week: ISO weeks in UTC, from the first to the last, the empty ones between kept.
    @Test func weeksRunFromTheFirstToTheLastWithEmptyOnesBetween() {
        let monday = Date(timeIntervalSince1970: 1_795_392_000)  // 2026-11-23, a Monday (week 48)
        let weeks = StudyOverviewFile.weeks([monday.addingTimeInterval(86_400 * 20), monday, monday.addingTimeInterval(3_600)])
        #expect(weeks == [.init(label: "2026-W48", items: 2), .init(label: "2026-W49", items: 0), .init(label: "2026-W50", items: 1)])
        #expect(StudyOverviewFile.weeks([]).isEmpty)
    }
}
