import DataSources
import TestSupport
import Testing

@testable import Muse

/// ``AthenaStreams`` over the shared real captures at their own arrival times: the plausibility checks
/// of the block counters (device time and arrival) leave every real block in place.
@Suite(.tags(.python))
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

    /// The streams are learned from a second of EEG counted in the data: the notifications it takes
    /// (whatever their arrival times) already show every stream the capture has, optics included.
    @Test(arguments: [("data_p21", 0), ("data_p1034", 8), ("data_p1035", 4), ("data_p1041", 16)])
    func aSecondOfEEGShowsEveryStream(_ name: String, optics: Int) throws {
        let lines = try AthenaCaptureDecode.lines(name).filter(\.isAthenaData)
        var streams = AthenaStreams()
        var taken = 0
        for line in lines where streams.learnedEEGSeconds < 1 {
            streams.learn(line.payload)
            taken += 1
        }
        #expect(streams.learnedEEGSeconds >= 1 && streams.learnedEEGSeconds < 1.2, "\(name): \(streams.learnedEEGSeconds) s")
        #expect(streams.opticsChannels == optics, "\(name): \(streams.opticsChannels) optics channels after \(taken) notifications")
        #expect(streams.eegChannels > 0)
    }
}
