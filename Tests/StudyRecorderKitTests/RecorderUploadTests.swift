import Foundation
import StudyRecorderKit
import StudyRecorderTesting
import TestSupport
import Testing

/// The kit's upload as a client's test would drive it: against the in-memory destination, with
/// failures scripted, and without a configuration.
@Suite struct RecorderUploadTests {
    static func recordOne(_ recorder: Recorder) async throws -> CatalogItem {
        let recording = try await recorder.record(
            RecordingRequest(participant: try recorder.participant(), duration: 2), from: ScriptedSource(script: [.signal(seconds: 3, amplitude: 10)])
        )
        return try await recording.result()
    }

    static func events(_ stream: AsyncThrowingStream<UploadEvent, any Error>) async throws -> [UploadEvent] {
        var all: [UploadEvent] = []
        for try await event in stream { all.append(event) }
        return all
    }

    @Test func sendsWhatIsDueWithEventsAndRetriesWhatFailed() async throws {
        let folder = try TemporaryDirectory("kit-upload")
        let recorder = try await Recorder(dataFolder: folder.url)
        let item = try await Self.recordOne(recorder)
        let destination = InMemoryDestination()
        destination.setOffline(true)

        let first = try await Self.events(recorder.upload(to: destination))
        guard case .finished(let failedRun) = first.last else { Issue.record("no finished event: \(first)"); return }
        #expect(failedRun.sent.isEmpty)
        #expect(failedRun.remaining >= 1)
        #expect(first.contains { if case .failed(let o) = $0 { o.path == item.path } else { false } })
        #expect(destination.arrivals.isEmpty)

        destination.setOffline(false)
        let second = try await Self.events(recorder.upload(UploadOptions(ignoreBackoff: true), to: destination))
        guard case .planned(let items, _) = second.first else { Issue.record("first event is not planned: \(second)"); return }
        #expect(items == failedRun.remaining)
        #expect(second.contains { if case .progress = $0 { true } else { false } })
        guard case .finished(let report) = second.last else { Issue.record("no finished event"); return }
        #expect(report.remaining == 0)
        let arrived = try #require(destination.arrivals.first { $0.name == URL(fileURLWithPath: item.path).lastPathComponent })
        #expect(arrived.bytes == (try Data(contentsOf: recorder.store.url(of: item.path))))
    }

    @Test func withoutAConfigurationUploadSaysSoInTheLibrarysWords() async throws {
        let folder = try TemporaryDirectory("kit-upload")
        let recorder = try await Recorder(dataFolder: folder.url)
        do {
            _ = try await Self.events(recorder.upload())
            Issue.record("did not throw")
        } catch let error as RecorderError {
            #expect(error.code == .notConfigured)
            #expect(!error.message.contains("study-recorder"))
        }
    }
}
