import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

/// `firstRowWritten()`: the condition a study block waits on before its first "now" marker.
struct RecordingInProgressFirstRowTests {
    /// A recording of `duration` s started on an oscillator that is not started yet (keep `data`
    /// alive for the test).
    static func session(
        oscillator: OscillatorConfiguration = .init(), duration: Double
    ) async throws -> (data: TemporaryDirectory, controller: DataController, session: RecordingInProgress) {
        let data = try TemporaryDirectory("first-row")
        let store = try DataStore(root: data.url)
        let controller = DataController(source: OscillatorSource(configuration: oscillator))
        let session = try await RecordingInProgress.start(
            store: store, controller: controller, request: RecordingRequest(participant: UUID().uuidString, duration: duration))
        return (data, controller, session)
    }

    @Test func returnsOnceTheFirstRowIsWrittenAndAtOnceAfterwards() async throws {
        let (data, controller, session) = try await Self.session(oscillator: .init(pacing: .speed(10)), duration: 2)
        defer { _ = data }
        try await controller.start()
        await session.firstRowWritten()
        #expect(session.progress.samples > 0)
        #expect(session.progress.firstSourceIndex != nil)
        await session.firstRowWritten()
        _ = try await session.result()
        await controller.stop()
    }

    @Test func aRecordingThatEndsWithoutARowReleasesItsWaiters() async throws {
        let (data, _, session) = try await Self.session(duration: 1)
        defer { _ = data }
        let waiting = Task { await session.firstRowWritten() }
        session.stop(reason: "before any sample")
        await waiting.value
        #expect(session.progress.samples == 0)
        _ = try? await session.result()
    }

    @Test func aCancelledWaitReturns() async throws {
        let (data, _, session) = try await Self.session(duration: 1)
        defer { _ = data }
        let waiting = Task { await session.firstRowWritten() }
        waiting.cancel()
        await waiting.value
        #expect(session.progress.samples == 0)
        session.stop()
        _ = try? await session.result()
    }
}
