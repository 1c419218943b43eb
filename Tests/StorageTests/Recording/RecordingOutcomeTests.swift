import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

/// One type says how a recording ended; the HDF5 file keeps the attributes it always had.
@Suite(.tags(.python))
struct RecordingOutcomeTests {
    @Test func aStoredPairIsOneOutcome() {
        #expect(RecordingOutcome(isComplete: true, reason: nil) == .complete)
        // A complete recording has no end reason, whatever was stored beside the flag.
        #expect(RecordingOutcome(isComplete: true, reason: "stale") == .complete)
        #expect(RecordingOutcome(isComplete: false, reason: "device disconnected") == .incomplete(reason: "device disconnected"))
        #expect(RecordingOutcome(isComplete: false, reason: nil) == .incomplete(reason: nil))
        #expect(RecordingOutcome.complete.isComplete && RecordingOutcome.complete.reason == nil)
        let cut = RecordingOutcome.incomplete(reason: "interrupted by signal")
        #expect(!cut.isComplete && cut.reason == "interrupted by signal")
    }

    /// h5py sees `Complete` and `EndReason` as before; the reader gives back the same outcome.
    @Test(arguments: [RecordingOutcome.complete, .incomplete(reason: "device disconnected")])
    func theWriterStoresTheOutcomeAndTheReaderReadsItBack(_ outcome: RecordingOutcome) throws {
        let dir = try TemporaryDirectory("outcome")
        let url = dir.path("r.h5")
        let writer = try RecordingWriter(url: url, metadata: RecordingWriterTests.metadata())
        var generator = OscillatorGenerator(configuration: .init(seed: 5))
        try writer.append(generator.next(300)[0])
        let summary = try writer.finish(outcome)
        #expect(summary.outcome == outcome)
        struct Stored: Decodable {
            var complete: Int
            var endReason: String?
            var rootComplete: Int
            var lastLabel: String
        }
        let stored = try PythonTool.json(
            Stored.self,
            script: """
                import h5py, json, sys
                f = h5py.File(sys.argv[1], 'r')
                r = f['Recording']
                reason = r.attrs.get('EndReason')
                labels = list(f['Events/Label'].asstr()[()]) if 'Events' in f else []
                print(json.dumps({'complete': int(r.attrs['Complete']),
                                  'endReason': reason.decode() if isinstance(reason, bytes) else reason,
                                  'rootComplete': int(f.attrs['complete']), 'lastLabel': labels[-1] if labels else ''}))
                """, arguments: [url.path])
        #expect(stored.complete == (outcome.isComplete ? 1 : 0))
        #expect(stored.rootComplete == stored.complete)
        #expect(stored.endReason == outcome.reason)
        #expect(stored.lastLabel == (outcome.isComplete ? "" : "interrupted: device disconnected"))
        #expect(try RecordingReader(url: url).outcome == outcome)
    }
}
