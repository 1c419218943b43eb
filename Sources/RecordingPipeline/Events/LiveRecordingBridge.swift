package import DataSources
import Processing
package import Storage
import Synchronization

/// Feeds one recording's ``LiveRecordingEvent`` stream from the two places facts arise: the recording's
/// writer (processor results, in sample order, through ``QualitySeriesProducer``'s observer) and a
/// subscription to the controller (device conditions, battery, the end). It only hands values on;
/// it never waits, so it can never hold up the writer.
package final class LiveRecordingBridge: Sendable {
    private struct State: Sendable {
        var judge = QAJudge()
        var recording: RecordingInProgress?
        var reportedProgressAt: Double?
        var connection: ConnectionState?
        var started = false
        /// The source's EEG stream, once started.
        var eegStream: String?
        /// One past the source index of the newest EEG sample this subscription has seen.
        var seenEnd: Int64 = 0
        /// Set when the recording is stored: one past the source index of its last row (`nil` when it
        /// holds no row).
        var recordedEnd: Int64??
    }

    private let continuation: AsyncThrowingStream<LiveRecordingEvent, any Error>.Continuation
    private let progressInterval: Double
    private let state = Mutex(State())

    package init(continuation: AsyncThrowingStream<LiveRecordingEvent, any Error>.Continuation, progressInterval: Double) {
        self.continuation = continuation
        self.progressInterval = progressInterval
    }

    /// The recording whose progress is reported (known once it started).
    package func attach(_ recording: RecordingInProgress) {
        state.withLock { $0.recording = recording }
    }

    package func connection(_ new: ConnectionState) {
        let changed = state.withLock { s -> Bool in
            guard s.connection != new else { return false }
            s.connection = new
            return true
        }
        if changed { continuation.yield(.connection(new)) }
    }

    /// The source identified itself: reported once, by whichever side sees it first (the writer may
    /// lag the controller, the controller's subscriber may lag the writer), so `.started` always
    /// precedes every processor result and every device flip.
    private func started(_ descriptor: DeviceDescriptor) {
        let first = state.withLock { s -> Bool in
            s.eegStream = descriptor.eeg.name
            guard !s.started else { return false }
            s.started = true
            s.judge.start(descriptor)
            return true
        }
        if first {
            continuation.yield(.started(descriptor))
            connection(.connected)
        }
    }

    /// It is ending on purpose (the recording is stored, up to `recorded`): a
    /// "disconnected" flip that came after its last row is the end, not a link loss. One that came
    /// before it is a link loss during the recording, even when this subscription reads it only now
    /// (an unpaced source can finish the whole recording before the device events are read).
    package func finishing(recorded: RecordingProgress) {
        finishing(recordedEnd: recorded.firstSourceIndex.map { $0 + recorded.samples })
    }

    /// ``finishing(recorded:)`` with the recording's end as a source index (`nil`: no row).
    package func finishing(recordedEnd: Int64?) {
        state.withLock { $0.recordedEnd = .some(recordedEnd) }
    }

    /// Whether a flip read now came after the stored recording's last row.
    private func afterTheRecording(_ s: State) -> Bool {
        guard let recordedEnd = s.recordedEnd else { return false }
        guard let end = recordedEnd else { return true }
        return s.seenEnd >= end
    }

    /// From the writer's processor: results in sample order.
    package func observe(_ observation: QualitySeriesProducer.Observation) {
        switch observation {
        case .started(let descriptor):
            started(descriptor)
        case .motion(let moving):
            state.withLock { $0.judge.motion(moving) }
        case .update(.quality(let update)):
            continuation.yield(.quality(update))
            let (status, progress) = state.withLock { s -> (QAStatus?, RecordingProgress?) in
                let status = s.judge.quality(update)
                guard let recording = s.recording else { return (status, nil) }
                if let last = s.reportedProgressAt, update.time - last < progressInterval - 1e-9 { return (status, nil) }
                s.reportedProgressAt = update.time
                return (status, recording.progress)
            }
            if let status { continuation.yield(.qa(status)) }
            if let progress { continuation.yield(.progress(progress)) }
        case .update(.lineNoise(let update)):
            continuation.yield(.lineNoise(update))
        case .update(.bandPower(let update)):
            continuation.yield(.bandPower(update))
        }
    }

    /// From the controller: device conditions and battery (samples are the writer's business; only
    /// how far they have come is noted, to place a late-read flip before or after the recording's
    /// end). `ending` says the flip is the controller's closing one (``DataController/closingFlip``),
    /// so it is the end of the run, not a link loss to recover from.
    package func device(_ event: DataEvent, ending: Bool = false) {
        switch event {
        case .started(let descriptor, _):
            started(descriptor)
        case .state(let change):
            if change.state == .disconnected, change.value, ending || state.withLock({ afterTheRecording($0) }) { return }
            continuation.yield(.device(change))
            if change.state == .disconnected, change.value { connection(.reconnecting) }
            if change.state == .reconnected, change.value { connection(.connected) }
            if let status = state.withLock({ $0.judge.device(change) }) { continuation.yield(.qa(status)) }
        case .battery(let percent):
            continuation.yield(.battery(percent))
        case .ended:
            connection(.disconnected)
        case .samples(let block):
            state.withLock { s in
                if block.stream == s.eegStream { s.seenEnd = max(s.seenEnd, block.endIndex) }
            }
        case .marker, .properties, .discarded, .notifications:
            break
        }
    }

    /// The last events: the final progress and the stored item.
    package func finish(stored item: CatalogItem, progress: RecordingProgress) {
        connection(.disconnected)
        continuation.yield(.progress(progress))
        continuation.yield(.stored(item))
        continuation.finish()
    }

    package func fail(_ error: any Error) {
        connection(.disconnected)
        continuation.finish(throwing: error)
    }
}
