import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

/// `firstRowWritten()`: the condition a study block waits on before its first "now" marker.
struct RecordingSessionFirstRowTests {
    @Test func returnsOnceTheFirstRowIsWrittenAndAtOnceAfterwards() async throws {
        let data = try TemporaryDirectory("first-row")
        let store = try DataStore(root: data.url)
        let controller = DataController(source: OscillatorSource(configuration: .init(pacing: .speed(10))))
        let session = try await RecordingSession.start(
            store: store, controller: controller, request: RecordingRequest(participant: UUID().uuidString, duration: 2))
        try await controller.start()
        await session.firstRowWritten()
        #expect(session.progress.samples > 0)
        #expect(session.progress.firstSourceIndex != nil)
        await session.firstRowWritten()
        _ = try await session.result()
        await controller.stop()
    }

    @Test func aRecordingThatEndsWithoutARowReleasesItsWaiters() async throws {
        let data = try TemporaryDirectory("first-row")
        let store = try DataStore(root: data.url)
        let controller = DataController(source: OscillatorSource())
        let session = try await RecordingSession.start(
            store: store, controller: controller, request: RecordingRequest(participant: UUID().uuidString, duration: 1))
        let waiting = Task { await session.firstRowWritten() }
        session.stop(reason: "before any sample")
        await waiting.value
        #expect(session.progress.samples == 0)
        _ = try? await session.result()
    }

    @Test func aCancelledWaitReturns() async throws {
        let data = try TemporaryDirectory("first-row")
        let store = try DataStore(root: data.url)
        let controller = DataController(source: OscillatorSource())
        let session = try await RecordingSession.start(
            store: store, controller: controller, request: RecordingRequest(participant: UUID().uuidString, duration: 1))
        let waiting = Task { await session.firstRowWritten() }
        waiting.cancel()
        await waiting.value
        #expect(session.progress.samples == 0)
        session.stop()
        _ = try? await session.result()
    }
}
