import DataSources
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import Storage

/// The layout with `--clock lsl`: the fixture recording of ``RecordingStructureTests`` written with
/// an LSL clock mapping is the fixture plus only the LSL datasets (`Tests/Fixtures/recording-structure.txt`
/// stays the layout without `--clock lsl`), and the direct file and the one rebuilt from its journal
/// have the same LSL times, which follow the stored pairs.
@Suite(.tags(.python))
struct LSLTimeLayoutTests {
    /// A host clock that moves only when told, so the pairs a recording takes are the same every run.
    final class SteppedClock: HostClock, Sendable {
        private let now: Mutex<Double>
        init(_ start: Double) { now = Mutex(start) }
        func advance(by seconds: Double) { now.withLock { $0 += seconds } }
        func monotonicNow() -> Double { now.withLock { $0 } }
        func wallNow() -> Double { 0 }
    }

    /// The fixture's recording with a mapping whose first pair lies before the data (anchor monotonic
    /// 12 345.5 is the data's start) and whose second is taken at the late flush, 2.75 s into the
    /// data (after the rows written so far, as a pair taken while recording is); LSL's clock runs
    /// 0.1 % fast, so the two pairs' offsets differ by 22.5 ms.
    static func mapping() -> (LSLClockMapping, SteppedClock) {
        let clock = SteppedClock(12_345.5 - 20)
        return (LSLClockMapping(hostClock: clock) { clock.monotonicNow() * 1.001 + 50 }, clock)
    }

    /// The listing without the LSL groups and datasets (and their attribute lines).
    static func withoutLSL(_ listing: String) -> String {
        var kept: [Substring] = []
        var skipping = false
        for line in listing.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("group /") || line.hasPrefix("dataset /") || line.hasPrefix("file ") {
                skipping = line.split(separator: " ").dropFirst().first?.contains("LSL") ?? false
            }
            if !skipping { kept.append(line) }
        }
        return kept.joined(separator: "\n")
    }

    @Test func theLayoutIsTheFixturePlusTheLSLDatasetsAndRecoveryKeepsTheLSLTimes() throws {
        let dir = try TemporaryDirectory("lsl-structure")
        let direct = dir.path("direct.h5")
        let (directMapping, directClock) = Self.mapping()
        let writer = try RecordingWriter(
            url: direct, metadata: RecordingStructureTests.metadata(), options: .init(chunkSeconds: 1), lslClock: directMapping)
        try RecordingStructureTests.feed(writer) { directClock.advance(by: 22.5) }
        try writer.finish(.complete)
        writer.removeJournal()

        let crashed = dir.path("crashed.h5")
        do {
            let (mapping, clock) = Self.mapping()
            let w = try RecordingWriter(
                url: crashed, metadata: RecordingStructureTests.metadata(), options: .init(chunkSeconds: 1), lslClock: mapping)
            try RecordingStructureTests.feed(w) { clock.advance(by: 22.5) }
            try w.flush()
        }
        let rebuilt = dir.path("rebuilt.h5")
        var replaying: RecordingWriter?
        _ = try RecordingJournal.read(
            RecordingWriter.journalURL(for: crashed),
            header: { metadata in
                replaying = try RecordingWriter(url: rebuilt, metadata: metadata, options: .init(chunkSeconds: 1, journaling: false))
            }
        ) { record in try replaying?.replay(record) }
        try #require(replaying).finish(.incomplete(reason: "recovered"))

        let listing = try PythonTool.run(script: RecordingStructureTests.dump, arguments: [direct.path, rebuilt.path])
        let expected = try String(contentsOf: RecordingStructureTests.fixture, encoding: .utf8)
        let got = Self.withoutLSL(listing).split(separator: "\n", omittingEmptySubsequences: false)
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for (i, pair) in zip(got, want).enumerated() where pair.0 != pair.1 {
            Issue.record("line \(i + 1) differs:\n  got:  \(pair.0)\n  want: \(pair.1)")
            break
        }
        #expect(got.count == want.count)

        // The LSL entries: the same in both files (values included; the rebuilt file has one event
        // more, "interrupted"), and every time on the rule.
        let lslLines = listing.split(separator: "\n").filter { $0.contains("LSL") && !$0.hasPrefix(" ") && !$0.hasPrefix("dataset /Events/LSLTime ") }
        let halves = lslLines.count / 2
        #expect(Array(lslLines.prefix(halves)) == Array(lslLines.suffix(halves)))
        for name in [
            "group /LSLClock", "dataset /LSLClock/RecordingClock", "dataset /LSLClock/LSLClock", "dataset /Recording/LSLTimeStamp",
            "dataset /Streams/accelerometer/LSLTimeStamp", "dataset /Streams/telemetry/LSLTimeStamp",
            "dataset /Quality/GradeLSLTime", "dataset /Quality/BandPowerAbsoluteLSLTime",
        ] {
            #expect(lslLines.filter { $0.hasPrefix(name + " ") || $0 == name }.count == 2, "\(name)")
        }
        #expect(listing.split(separator: "\n").filter { $0.hasPrefix("dataset /Events/LSLTime ") }.count == 2)
        for file in [direct, rebuilt] {
            let result = try PythonTool.json(RuleCheck.self, script: Self.ruleCheck, arguments: [file.path])
            #expect(result.points == 2 && result.used_second && result.deviation < 1e-7, "\(file.lastPathComponent): \(result)")
        }
    }

    struct RuleCheck: Decodable {
        var points: Int
        var deviation: Double
        var used_second: Bool
    }

    static let ruleCheck = """
        import h5py, json, sys, numpy as np
        f = h5py.File(sys.argv[1], 'r'); m = f['LSLClock']
        R = m['RecordingClock'][()]; L = m['LSLClock'][()]
        def rule(t):
            k = np.clip(np.searchsorted(R, t, side='right') - 1, 0, None)
            return t + (L[k] - R[k])
        pairs = [(f['Recording/TimeStamp'][()].ravel() / 1e6, f['Recording/LSLTimeStamp'][()].ravel()), (f['Events/Time'][()], f['Events/LSLTime'][()]),
                 (f['Streams/accelerometer/TimeStamp'][()] / 1e6, f['Streams/accelerometer/LSLTimeStamp'][()]),
                 (f['Quality/GradeTime'][()], f['Quality/GradeLSLTime'][()])]
        dev = max(float(np.max(np.abs(l - rule(t)))) if len(t) == len(l) else float('inf') for t, l in pairs)
        utc = pairs[0][0]
        print(json.dumps({'points': len(R), 'deviation': dev, 'used_second': bool(len(R) > 1 and np.any(utc >= R[1]) and np.any(utc < R[1]))}))
        """
}
