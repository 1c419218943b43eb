import DataSources
import Exports
import Foundation
import Storage
import Study
import TestSupport
import Testing
import Transfer

@testable import Collection

/// `collect` keeps demonstration data (a recording whose `/Provenance` says a script stood in for
/// the participant or the signal was simulated) out of the dataset, names it in the report on every
/// run and counts it apart in the overview; `includeSimulated` (`--include-simulated`) adds it.
@Suite struct CollectorDemonstrationTests {
    /// A real 4-s recording of the reaction-time study with `provenance`, placed with its manifest.
    static func recording(_ participant: String, run: Int, provenance: Provenance?, uploads: URL, scratch: URL) throws -> String {
        let name = "r_reactionTime_1_1_\(run)_\(participant).h5"
        let url = scratch.appendingPathComponent(name)
        let configuration = OscillatorConfiguration(seed: UInt64(run), dropoutsPerMinute: 0, startTime: 1_790_000_000)
        let metadata = RecordingMetadata(
            participant: participant, study: "reaction-time", day: 1, session: 1, run: run, paradigm: Paradigm(title: "reactionTime"),
            source: configuration.descriptor, powerLineFrequency: 50, provenance: provenance)
        let writer = try RecordingWriter(url: url, metadata: metadata)
        var generator = OscillatorGenerator(configuration: configuration)
        while generator.nextIndex < 1024 { for block in generator.next(128) { try writer.append(block) } }
        _ = try writer.finish(.complete)
        writer.removeJournal()
        try CollectorFolderTests.place(try Data(contentsOf: url), name: name, participant: participant, in: uploads)
        return "\(participant)/\(name)"
    }

    @Test func demonstrationRecordingsStayOutOfTheDatasetUnlessAskedAndAreCountedApart() async throws {
        let dir = try TemporaryDirectory("collect-demonstration")
        let uploads = dir.path("uploads"), scratch = dir.path("made")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let real = "11111111-1111-4111-8111-111111111111", demo = "22222222-2222-4222-8222-222222222222"
        _ = try Self.recording(real, run: 1, provenance: Provenance(source: .headband), uploads: uploads, scratch: scratch)
        let scripted = try Self.recording(
            demo, run: 1, provenance: Provenance(source: .oscillator, scriptedParticipant: true, speed: 20), uploads: uploads, scratch: scratch)
        let out = dir.path("dataset")
        var collector = Collector(source: .folder(uploads), study: try CollectorFolderTests.study(), out: out)
        let first = try await collector.run()
        #expect(first.problems.isEmpty, "\(first.problems)")
        #expect(first.exported.count == 1)
        #expect(first.leftOut.map(\.item) == [scripted], "\(first.leftOut)")
        #expect(first.leftOut.first?.reason.contains("scripted participant, oscillator, 20x speed") == true)
        let edfs = { (FileManager.default.subpaths(atPath: out.path) ?? []).filter { $0.hasSuffix("_eeg.edf") && !$0.hasPrefix(".collect") } }
        #expect(edfs().count == 1 && edfs().allSatisfy { $0.hasPrefix("sub-1111") }, "\(edfs())")
        let overview = try String(contentsOf: out.appendingPathComponent("overview.html"), encoding: .utf8)
        #expect(overview.contains("1 recording collected"), "the participant's recording only")
        #expect(overview.contains("1 recording of demonstration data"), "counted apart")

        // Named again on the next run (it stays out, not forgotten); added when asked.
        let second = try await collector.run()
        #expect(second.leftOut.map(\.item) == [scripted] && second.exported.isEmpty)
        collector.includeSimulated = true
        let third = try await collector.run()
        #expect(third.leftOut.isEmpty && third.exported.count == 1, "\(third)")
        #expect(edfs().count == 2)
    }
}
