import DataSources
import Testing

@testable import Muse

/// ``AthenaStreams`` over the shared real captures at their own arrival times: the plausibility checks
/// of the block counters (device time and arrival) leave every real block in place.
struct AthenaStreamsTests {
    @Test(arguments: ["data_p21", "data_p1035", "data_p1034", "data_p1041", "test_battery_58_27"])
    func theRealCapturesHaveNothingImplausibleOrRefused(_ name: String) throws {
        let lines = try AthenaCaptureDecode.lines(name).filter(\.isAthenaData)
        let first = try #require(lines.first).hostTime
        var streams = AthenaStreams()
        for line in lines.prefix(64) { streams.learn(line.payload) }
        var rows: [String: Int64] = [:]
        for line in lines {
            let receivedAt = UInt64((line.hostTime - first + 1) * 1e9)
            for block in streams.receive(line.payload, receivedAt: receivedAt, utc: { $0 }).blocks {
                #expect(block.firstIndex == rows[block.stream, default: 0], "\(name) \(block.stream) at \(block.firstIndex)")
                rows[block.stream] = block.endIndex
            }
        }
        #expect(streams.corrupt == 0 && streams.refusedBlocks == 0, "\(name): \(streams.corrupt) corrupt, \(streams.refusedBlocks) refused")
        let python = try AthenaCaptureDecode.python(name)
        #expect(rows["eeg"] == Int64(python.eeg.count / python.eeg_channels))
    }
}
