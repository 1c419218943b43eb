import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

/// `lastRowWritten()`: the moment the recording takes no more data, when its owner stops the source
/// while the file is finished.
struct RecordingInProgressLastRowTests {
    @Test func returnsWithTheRowsFinalAndTheResultStillToCome() async throws {
        // Unpaced: the source runs ahead of the writer and is still running when the last row is written.
        let (data, controller, session) = try await RecordingInProgressFirstRowTests.session(
            oscillator: .init(pacing: .asFastAsPossible), duration: 2)
        defer { _ = data }
        try await controller.start()
        await session.lastRowWritten()
        #expect(session.progress.samples == 512)
        // The source is not needed any more: stopping it here does not shorten the recording.
        await controller.stop()
        let item = try await session.result()
        #expect(item.state == .pending)
        #expect(item.outcome == .complete)
        #expect(session.progress.samples == 512)
        await session.lastRowWritten()
    }

    @Test func aStoppedRecordingReleasesItsWaiters() async throws {
        let (data, _, session) = try await RecordingInProgressFirstRowTests.session(duration: 1)
        defer { _ = data }
        let waiting = Task { await session.lastRowWritten() }
        session.stop(reason: "before any sample")
        await waiting.value
        #expect(session.progress.samples == 0)
        _ = try? await session.result()
    }

    @Test func aCancelledWaitReturns() async throws {
        let (data, _, session) = try await RecordingInProgressFirstRowTests.session(duration: 1)
        defer { _ = data }
        let waiting = Task { await session.lastRowWritten() }
        waiting.cancel()
        await waiting.value
        #expect(session.progress.samples == 0)
        session.stop()
        _ = try? await session.result()
    }
}
