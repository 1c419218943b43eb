import Foundation
import Storage
import TestSupport
import Testing

@testable import Exports
@testable import Study

/// A reaction-time trial table stored the way the study runner stores it becomes one CSV row per trial.
@Suite(.tags(.python))
struct TrialTableCSVTests {
    @Test func everyTrialIsARowWithItsLatencyAndOutcome() throws {
        let dir = try TemporaryDirectory("csv-trials")
        let store = try DataStore(root: dir.path("data"))
        let start = Date(timeIntervalSince1970: 1_790_000_000)
        let trials = [
            ReactionTimeResult(
                trial: 1, stimulus: "X", response: "space", foreperiod: 1.5, keyAfterOnset: 1.8125, responseWindow: 1.5, timestamp: start),
            ReactionTimeResult(
                trial: 2, stimulus: "X, \"big\"", response: "space", foreperiod: 2, keyAfterOnset: 1.9, responseWindow: 1.5, timestamp: start + 5),
            ReactionTimeResult(trial: 3, stimulus: "X", response: nil, foreperiod: 1, keyAfterOnset: nil, responseWindow: 1.5, timestamp: start + 10),
        ]
        let participant = RecordingFixture.participant
        let table = TrialTable(
            study: "reaction-time", participant: participant, day: 2, session: 3, run: 4, block: 1,
            recording: "r_reactionTime_2_3_4_\(participant).h5",
            outcome: .complete, medianCorrectLatencyMs: ReactionTimeResult.medianCorrectLatency(trials), trials: trials)
        let item = try QuestionnaireStore.storeJSON(
            table, kind: .trials, fileName: FileNaming.trials(title: "reactionTime", day: 2, session: 3, run: 4, participant: participant),
            participant: participant, study: "reaction-time", title: "reactionTime", day: 2, session: 3, run: 4, in: store)
        let out = dir.path("out")
        let exporter = Exporter(store: store, destination: try ExportDestination(folder: out, dataFolder: store.root), format: .csv)
        let exported = try exporter.export(item)
        _ = try exporter.finish()
        let file = out.appendingPathComponent(try #require(exported.files.first))
        let rows = try PythonTool.json(
            [[String]].self, script: "import csv, sys, json; print(json.dumps(list(csv.reader(open(sys.argv[1], encoding='utf-8', newline='')))))",
            arguments: [file.path])
        #expect(rows.first == TrialTableCSV.header)
        #expect(rows.count == 4)
        #expect(rows[1][6...] == ["1", "X", "space", "1.5", "312.5", "correct", "2026-09-21T14:13:20Z"])
        #expect(rows[2][7] == "X, \"big\"" && rows[2][11] == "anticipation" && (Double(rows[2][10]) ?? 0) < 0)
        #expect(rows[3][8] == "" && rows[3][10] == "" && rows[3][11] == "miss")
        #expect(rows[1][0...5] == [participant, "2", "3", "4", "1", "r_reactionTime_2_3_4_\(participant).h5"])
        // Trial tables are CSV only.
        #expect(!Exporter.canExport(.trials, as: .edf) && !Exporter.canExport(.consent, as: .csv))
    }

    /// The CSV writes a number as earlier versions copied it from the JSON (Foundation's reading of
    /// the number the table's encoder wrote), so an export of the same table is the same bytes.
    @Test func numbersAreWrittenAsTheJSONHoldsThem() throws {
        let values: [Double] = [2, 1.5, 312.5, (1.9 - 2) * 1000, 1e-5, 123_456_789_012.25, 0.1 + 0.2, -0.0, 100, -250, 1e21]
        let json = try JSONEncoder().encode(values)
        let read = try #require(try JSONSerialization.jsonObject(with: json) as? [NSNumber])
        #expect(values.map(TrialTableCSV.text) == read.map(\.stringValue))
    }
}
