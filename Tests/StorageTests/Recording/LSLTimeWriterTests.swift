import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

/// `--clock lsl` in the writer: every stored time (EEG rows, events, an auxiliary stream) has its LSL-clock twin, derived by the mapping's
/// one rule from the pairs stored in `/LSLClock`, and a recording rebuilt from its journal has the
/// same LSL times. The "LSL clock" here drifts against the monotonic clock (×1.001), so a time
/// computed with the wrong pair is off by about a millisecond, far above the check's 1e-7 s.
@Suite(.tags(.python))
struct LSLTimeWriterTests {
    struct Check: Decodable {
        var rows: Int
        var lsl_rows: Int
        var events: Int
        var event_lsl: Int
        var points: Int
        var stream_rows: Int
        var stream_lsl: Int
        var deviation: Double
        var offsets_differ: Bool
    }

    /// Checks the rule over rows and events of the file at `path`, with h5py.
    static func check(_ path: URL) throws -> Check {
        try PythonTool.json(
            Check.self,
            script: """
                import h5py, json, sys, numpy as np
                f = h5py.File(sys.argv[1], 'r'); m = f['LSLClock']
                R = m['RecordingClock'][()]; L = m['LSLClock'][()]
                def rule(t):
                    k = np.clip(np.searchsorted(R, t, side='right') - 1, 0, None)
                    return t + (L[k] - R[k])
                utc = f['Recording/TimeStamp'][()].ravel() / 1e6; lsl = f['Recording/LSLTimeStamp'][()].ravel()
                et = f['Events/Time'][()]; el = f['Events/LSLTime'][()]
                st = f['Streams/accelerometer/TimeStamp'][()] / 1e6; sl = f['Streams/accelerometer/LSLTimeStamp'][()]
                dev = max(np.max(np.abs(lsl - rule(utc))), np.max(np.abs(el - rule(et))), np.max(np.abs(sl - rule(st))))
                print(json.dumps({'rows': len(utc), 'lsl_rows': len(lsl), 'events': len(et), 'event_lsl': len(el), 'points': len(R), 'stream_rows': len(st), 'stream_lsl': len(sl),
                  'deviation': float(dev), 'offsets_differ': bool(np.ptp(L - R) > 1e-4)}))
                """, arguments: [path.path])
    }

    @Test func lslTimesFollowTheStoredPairsAndSurviveRecovery() async throws {
        let dir = try TemporaryDirectory("lsl-writer")
        let store = try DataStore(root: dir.url)
        let participant = "0C4E3F6A-2222-4A2B-8C3D-123456789ABC"
        let url = try store.unusedURL(
            participant: participant, fileName: FileNaming.recording(paradigm: "rest", day: 1, session: 0, run: 1, participant: participant))
        let item = CatalogItem(
            kind: .recording, path: store.relativePath(of: url), participant: participant, title: "rest", day: 1, session: 0, run: 1, state: .writing,
            outcome: .incomplete(reason: nil))
        try store.catalog.insert(item)
        let clock = SystemHostClock()
        let mapping = LSLClockMapping { clock.monotonicNow() * 1.001 + 50 }
        let anchor = clock.anchor()
        var metadata = RecordingWriterTests.metadata()
        metadata.clockAnchor = anchor
        metadata.source.streams.append(
            StreamDescriptor(name: "accelerometer", kind: .accelerometer, channelLabels: ["x", "y", "z"], unit: "g", samplingRate: 52))
        let start = anchor.utc
        var generator = OscillatorGenerator(configuration: .init(seed: 9, startTime: start))
        do {
            let writer = try RecordingWriter(url: url, metadata: metadata, lslClock: mapping)
            for k in 0..<3 {
                // Block k spans [start + k/2, start + (k+1)/2): written once it is in the past, then a
                // new pair is taken, as while recording (the writer stores it with the next flush).
                let end = start + Double(k + 1) * 0.5
                while anchor.utc(fromMonotonic: clock.monotonicNow()) < end { try await Task.sleep(for: .milliseconds(10)) }
                let block = generator.next(128)[0]
                try writer.append(block)
                let accelerometer = (0..<26).map { block.times[0] + Double($0) / 52 }
                try writer.append(
                    SampleBlock(
                        stream: "accelerometer", firstIndex: Int64(26 * k), channelCount: 3, values: [Double](repeating: 0.5, count: 78),
                        times: accelerometer))
                try writer.addEvent(code: 7, label: "e\(k)", time: block.times[64])
                try writer.flush()
                mapping.takePoint()
            }
            let block = generator.next(128)[0]
            try writer.append(block)
            try writer.flush()
        }  // abandoned like a killed process: rebuilt from the journal
        let report = await Recovery.run(store: store)
        #expect(report.rebuilt.map(\.path) == [item.path])
        let result = try Self.check(url)
        #expect(result.rows == 512 && result.lsl_rows == 512)
        #expect(result.events >= 3 && result.event_lsl == result.events)
        // The test takes one pair at the start and three while writing; the writer takes one more
        // itself when the last is ``RecordingWriter/lslClockInterval`` old at a flush. Failure mode
        // seen under load (debug, suites in parallel): this was `points == 4`, but a stall of 10 s
        // between two of the test's pairs (its sleeps resumed on a starved cooperative pool) made the
        // writer take its own pair, as it must (1 of 3 loaded runs beside RunCommandTests: 44 s
        // between the first two pairs, 5 pairs). Every pair taken is stored, whoever took it.
        let taken = mapping.points.count
        #expect(result.points == taken && taken >= 4 && result.offsets_differ, "\(result.points) pairs stored, \(taken) taken")
        if taken > 4 {
            print(
                "the machine could not keep pace: a write came \(RecordingWriter.lslClockInterval) s after a pair, so the writer took \(taken - 4) more"
            )
        }
        #expect(result.stream_rows == 78 && result.stream_lsl == 78)
        #expect(result.deviation < 1e-7, "\(result.deviation)")
        let reader = try RecordingReader(url: url)
        let lsl = try #require(try reader.readLSLTimes(from: 0, count: 512))
        let first = try reader.readBlock(from: 0, count: 1).times[0]
        let pair = mapping.points[0]
        #expect(abs(lsl[0] - (first + pair.lsl - anchor.utc(fromMonotonic: pair.monotonic))) < 1e-6)
    }
}
