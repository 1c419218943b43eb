import DataSources
import Foundation
import Storage
import StudyRecorderKit
import TestSupport
import Testing

@testable import Collection
import Muse

/// `collect --redecode`: a Muse recording (made from the simulated headband through the real source
/// and recorder) is decoded again from its stored bytes before it enters the dataset.
@Suite struct CollectorRedecodeTests {
    @Test func aMuseRecordingIsDecodedAgainBeforeItsExport() async throws {
        let dir = try TemporaryDirectory("collect-redecode")
        let uploads = dir.path("uploads")
        let participant = "33333333-3333-4333-8333-333333333333"
        let sockets = try ShortSocketDirectory()
        var simulated = SimulatedHeadband.Configuration()
        simulated.speed = 8
        let headband = SimulatedHeadband(path: sockets.socket(), configuration: simulated)
        try headband.start()
        defer { headband.stop() }
        let store = try DataStore(root: dir.path("made"))
        let controller = DataController(source: MuseSource(configuration: .init(device: .unixSocket(path: headband.path), timeScale: 8)))
        let recording = try await RecordingInProgress.start(
            store: store, controller: controller,
            request: RecordingRequest(
                participant: participant, study: "reaction-time", day: 1, session: 1, run: 1, paradigm: Paradigm(title: "reactionTime"),
                duration: 4, powerLineFrequency: 50))
        try await controller.start()
        let item = try await recording.result()
        await controller.stop()
        let name = (item.path as NSString).lastPathComponent
        try CollectorFolderTests.place(try Data(contentsOf: store.url(of: item.path)), name: name, participant: participant, in: uploads)

        let out = dir.path("dataset")
        var collector = Collector(source: .folder(uploads), study: try CollectorFolderTests.study(), out: out)
        collector.includeSimulated = true
        collector.redecoder = Redecoding.collecting
        let report = try await collector.run()
        #expect(report.problems.isEmpty, "\(report.problems)")
        #expect(report.exported.count == 1 && report.redecoded == ["\(participant)/\(name)"], "\(report)")
        let sidecars = (FileManager.default.subpaths(atPath: out.path) ?? []).filter { $0.hasSuffix("_eeg.json") && !$0.hasPrefix(".collect") }
        let sidecar = try String(contentsOf: out.appendingPathComponent(try #require(sidecars.first)), encoding: .utf8)
        #expect(sidecar.contains("\"RecordedDecoderVersion\""), "the dataset's recording is the one decoded again")
        // The mirror keeps the upload as it was; the dataset's source copy, under the upload's name,
        // is the recording decoded again.
        let copies = (FileManager.default.subpaths(atPath: out.path) ?? []).filter { $0.hasSuffix(".h5") }
        #expect(copies.count == 2 && copies.allSatisfy { ($0 as NSString).lastPathComponent == name }, "\(copies)")
        let mirrored = try #require(copies.first { $0.hasPrefix(".collect/mirror/") })
        #expect(try Data(contentsOf: out.appendingPathComponent(mirrored)) == Data(contentsOf: store.url(of: item.path)))
        let source = try #require(copies.first { $0.hasPrefix("sourcedata/") })
        #expect(try RecordingReader(url: out.appendingPathComponent(source)).provenance?.recordedDecoderVersion == "muse-classic/1")
    }

    @Test func aRecordingWithoutDeviceBytesIsExportedAsRecorded() async throws {
        let dir = try TemporaryDirectory("collect-no-redecode")
        let uploads = dir.path("uploads"), scratch = dir.path("made")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        _ = try CollectorDemonstrationTests.recording(
            "44444444-4444-4444-8444-444444444444", run: 1, provenance: Provenance(source: .headband), uploads: uploads, scratch: scratch)
        var collector = Collector(source: .folder(uploads), study: try CollectorFolderTests.study(), out: dir.path("dataset"))
        collector.redecoder = Redecoding.collecting
        let report = try await collector.run()
        // An oscillator's recording keeps no device bytes: exported as recorded, not decoded again.
        #expect(report.exported.count == 1 && report.redecoded.isEmpty && report.problems.isEmpty, "\(report)")
    }
}
