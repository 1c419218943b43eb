import Foundation
import Storage
import Testing

@testable import Study

/// A block record's outcome is one ``RecordingOutcome``; the progress file keeps its `outcome` and
/// `reason` keys, byte for byte.
struct BlockRecordTests {
    /// The record as the progress file held it before the outcome carried its reason.
    private struct Stored: Codable, Equatable {
        var block: Int
        var outcome: String
        var finishedAt: Date
        var file: String?
        var reason: String?
        var validLatenciesMs: [Double]?
        var medianLatencyMs: Double?
    }

    static let time = Date(timeIntervalSince1970: 1_800_000_000)

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = UTCTimestamp.jsonEncodingStrategy
        return encoder
    }

    @Test func theProgressFileKeepsItsOutcomeAndReasonKeys() throws {
        var scored = BlockRecord(block: 2, outcome: .complete, finishedAt: Self.time, file: "r.h5")
        scored.validLatenciesMs = [300, 320]
        scored.medianLatencyMs = 310
        let pairs: [(BlockRecord, Stored)] = [
            (
                BlockRecord(block: 1, outcome: .incomplete(reason: "disconnected"), finishedAt: Self.time, file: "b.h5"),
                Stored(block: 1, outcome: "incomplete", finishedAt: Self.time, file: "b.h5", reason: "disconnected")
            ),
            (
                BlockRecord(block: 0, outcome: .incomplete(reason: nil), finishedAt: Self.time),
                Stored(block: 0, outcome: "incomplete", finishedAt: Self.time)
            ),
            (
                scored,
                Stored(block: 2, outcome: "complete", finishedAt: Self.time, file: "r.h5", validLatenciesMs: [300, 320], medianLatencyMs: 310)
            ),
        ]
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = UTCTimestamp.jsonDecodingStrategy
        for (record, stored) in pairs {
            let bytes = try Self.encoder().encode(record)
            #expect(bytes == (try Self.encoder().encode(stored)), "\(String(decoding: bytes, as: UTF8.self))")
            #expect(try decoder.decode(BlockRecord.self, from: Self.encoder().encode(stored)) == record)
        }
    }

    @Test func anUnknownOutcomeWordIsRefused() throws {
        let stored = Stored(block: 0, outcome: "done", finishedAt: Self.time)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = UTCTimestamp.jsonDecodingStrategy
        #expect(throws: DecodingError.self) { try decoder.decode(BlockRecord.self, from: Self.encoder().encode(stored)) }
    }
}
