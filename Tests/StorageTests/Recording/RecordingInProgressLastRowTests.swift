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
        let (data, controller, recording) = try await RecordingInProgressFirstRowTests.recording(
            oscillator: .init(pacing: .asFastAsPossible), duration: 2)
        defer { _ = data }
        try await controller.start()
        await recording.lastRowWritten()
        #expect(recording.progress.samples == 512)
        // The source is not needed any more: stopping it here does not shorten the recording.
        await controller.stop()
        let item = try await recording.result()
        #expect(item.state == .pending)
        #expect(item.outcome == .complete)
        #expect(recording.progress.samples == 512)
        await recording.lastRowWritten()
    }

    @Test func aStoppedRecordingReleasesItsWaiters() async throws {
        let (data, _, recording) = try await RecordingInProgressFirstRowTests.recording(duration: 1)
        defer { _ = data }
        let waiting = Task { await recording.lastRowWritten() }
        recording.stop(reason: "before any sample")
        await waiting.value
        #expect(recording.progress.samples == 0)
        _ = try? await recording.result()
    }

    @Test func aCancelledWaitReturns() async throws {
        let (data, _, recording) = try await RecordingInProgressFirstRowTests.recording(duration: 1)
        defer { _ = data }
        let waiting = Task { await recording.lastRowWritten() }
        waiting.cancel()
        await waiting.value
        #expect(recording.progress.samples == 0)
        recording.stop()
        _ = try? await recording.result()
    }
}
