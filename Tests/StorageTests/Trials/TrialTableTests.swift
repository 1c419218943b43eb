import Foundation
import Storage
import Testing

/// The trial table's one model: what the runner writes reads back as the same value, a table of the
/// first layout (which left missing values out) still reads, and JSON of another format is refused.
struct TrialTableTests {
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    static func table() -> TrialTable {
        TrialTable(
            study: "reaction-time", participant: "6f1c2d3e-0000-4000-8000-000000000001", day: 2, session: 3, run: 4, block: 1,
            recording: "r_reactionTime_2_3_4_6f1c2d3e-0000-4000-8000-000000000001.h5", outcome: .incomplete(reason: nil),
            medianCorrectLatencyMs: 312.5, sessionMedianLatencyMs: nil,
            trials: [
                ReactionTimeResult(
                    trial: 1, stimulus: "X", response: "space", foreperiod: 1.5, latencyMs: 312.5, outcome: .correct, timestamp: start,
                    stimulusTime: "2026-09-21T14:13:21.500Z", stimulusSample: 384, responseTime: "2026-09-21T14:13:21.813Z", responseSample: 464),
                ReactionTimeResult(trial: 2, stimulus: "X", response: nil, foreperiod: 2, latencyMs: nil, outcome: .miss, timestamp: start + 5),
            ])
    }

    /// Encoded the way the data folder stores JSON (sorted keys, UTC dates).
    static func stored(_ table: TrialTable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = UTCTimestamp.jsonEncodingStrategy
        return try encoder.encode(table)
    }

    @Test func aStoredTableReadsBackAsTheSameValue() throws {
        let table = Self.table()
        let read = try TrialTable(json: try Self.stored(table))
        #expect(read == table)
        // Re-encoding what was read gives the very bytes stored.
        #expect(try Self.stored(read) == (try Self.stored(table)))
    }

    @Test func everyKeyIsWrittenMissingValuesAsNull() throws {
        let json = String(decoding: try Self.stored(Self.table()), as: UTF8.self)
        #expect(json.contains("\"sessionMedianLatencyMs\" : null"))
        #expect(json.contains("\"complete\" : false"))
        #expect(json.contains("\"format\" : \"study-recorder-trials\""))
    }

    @Test func aFirstLayoutTableReads() throws {
        let json = """
            {"format": "study-recorder-trials", "formatVersion": 1, "study": "s", "participant": "p", "day": 1, "session": 1, "run": 2,
             "block": 1, "recording": "r.h5", "complete": true,
             "trials": [{"trial": 1, "stimulus": "X", "foreperiod": 2, "outcome": "miss", "timestamp": "2026-09-21T14:13:20Z"}]}
            """
        let table = try TrialTable(json: Data(json.utf8))
        #expect(table.formatVersion == 1 && table.outcome == .complete && table.medianCorrectLatencyMs == nil)
        #expect(table.trials.first?.latencyMs == nil && table.trials.first?.response == nil && table.trials.first?.outcome == .miss)
        #expect(table.trials.first?.timestamp == Date(timeIntervalSince1970: 1_790_000_000))
    }

    @Test func anotherFormatIsRefused() {
        let json = #"{"format": "study-recorder-questionnaire", "formatVersion": 2, "trials": []}"#
        #expect(throws: DecodingError.self) { try TrialTable(json: Data(json.utf8)) }
    }
}
