import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

/// `firstRowWritten()`: the condition a study block waits on before its first "now" marker.
struct RecordingInProgressFirstRowTests {
    /// A recording of `duration` s started on an oscillator that is not started yet (keep `data`
    /// alive for the test).
    static func recording(
        oscillator: OscillatorConfiguration = .init(), duration: Double
    ) async throws -> (data: TemporaryDirectory, controller: DataController, recording: RecordingInProgress) {
        let data = try TemporaryDirectory("first-row")
        let store = try DataStore(root: data.url)
        let controller = DataController(source: OscillatorSource(configuration: oscillator))
        let recording = try await RecordingInProgress.start(
            store: store, controller: controller, request: RecordingRequest(participant: UUID().uuidString, duration: duration))
        return (data, controller, recording)
    }

    @Test func returnsOnceTheFirstRowIsWrittenAndAtOnceAfterwards() async throws {
        let (data, controller, recording) = try await Self.recording(oscillator: .init(pacing: .speed(10)), duration: 2)
        defer { _ = data }
        try await controller.start()
        await recording.firstRowWritten()
        #expect(recording.progress.samples > 0)
        #expect(recording.progress.firstSourceIndex != nil)
        await recording.firstRowWritten()
        _ = try await recording.result()
        await controller.stop()
    }

    @Test func aRecordingThatEndsWithoutARowReleasesItsWaiters() async throws {
        let (data, _, recording) = try await Self.recording(duration: 1)
        defer { _ = data }
        let waiting = Task { await recording.firstRowWritten() }
        recording.stop(reason: "before any sample")
        await waiting.value
        #expect(recording.progress.samples == 0)
        _ = try? await recording.result()
    }

    @Test func aCancelledWaitReturns() async throws {
        let (data, _, recording) = try await Self.recording(duration: 1)
        defer { _ = data }
        let waiting = Task { await recording.firstRowWritten() }
        waiting.cancel()
        await waiting.value
        #expect(recording.progress.samples == 0)
        recording.stop()
        _ = try? await recording.result()
    }
}
