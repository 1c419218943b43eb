import DataSources
import Foundation
import Logging
import Synchronization

/// A recording in progress: subscribes to a ``DataController`` without loss, streams every frame to a
/// ``RecordingWriter``, and on the end stores the file in the catalog.
///
/// The catalog gets an entry in state `writing` before the first sample is written, so an uploader
/// never takes a half-written file and ``RecordingRecovery`` can find it after a crash. The recording
/// ends when its planned duration is reached (complete), when ``stop(reason:)`` is called or the
/// task is cancelled before that (incomplete), or when the source ends or fails (incomplete, with the
/// reason). Device state changes while recording become events in the file.
///
/// ```swift
/// let controller = DataController(source: OscillatorSource())
/// let session = try await RecordingSession.start(store: store, controller: controller,
///     request: RecordingRequest(participant: id, duration: 30))
/// try await controller.start()
/// let item = try await session.result()   // a pending catalog item
/// ```
public final class RecordingSession: Sendable {
    /// The catalog entry (state `writing` until the session ends).
    public let item: CatalogItem
    /// The file the recording is finished as.
    public let url: URL

    private let state: SessionState
    private let task: Task<CatalogItem, any Error>
    private let subscription: EventSubscription

    private init(item: CatalogItem, url: URL, state: SessionState, subscription: EventSubscription, task: Task<CatalogItem, any Error>) {
        self.item = item
        self.url = url
        self.state = state
        self.subscription = subscription
        self.task = task
    }

    /// How far the recording has come.
    public var progress: RecordingProgress { state.progress.withLock { $0 } }

    /// Starts recording what `controller` delivers, per `request`. Subscribe-then-start: the controller
    /// may already run (the recording starts with the next frame) or be started by the caller after.
    public static func start(
        store: DataStore, controller: DataController, request: RecordingRequest,
        options: RecordingWriter.Options = .init(), logger: Logger = Logger(label: "study-recorder.recording"),
        derived: (any DerivedSeriesProducer)? = nil
    ) async throws -> RecordingSession {
        let info = await controller.info
        let run = try request.run ?? (store.catalog.lastRun(participant: request.participant) + 1)
        let name = FileNaming.recording(paradigm: request.paradigm?.title, day: request.day, session: request.session, run: run, participant: request.participant)
        let url = try store.unusedURL(participant: request.participant, fileName: name)
        let metadata = RecordingMetadata(
            participant: request.participant, study: request.study, day: request.day, session: request.session, run: run,
            paradigm: request.paradigm, source: info, powerLineFrequency: request.powerLineFrequency, locale: request.locale,
            extra: request.extra)
        let writer = try RecordingWriter(url: url, metadata: metadata, options: options)
        let item = CatalogItem(
            kind: .recording, path: store.relativePath(of: url), participant: request.participant, study: request.study,
            title: request.paradigm?.title ?? "noName", day: request.day, session: request.session, run: run,
            created: metadata.created, state: .writing, complete: false)
        do {
            try store.catalog.insert(item)
        } catch {
            _ = try? writer.finish(complete: false, reason: "catalog unavailable")
            try? FileManager.default.removeItem(at: url)
            writer.removeJournal()
            throw error
        }
        logger.info("recording started", metadata: ["file": "\(item.path)", "rate": "\(info.samplingRate)"])
        let subscription = await controller.events(.lossless(capacity: 32))
        let fs = info.samplingRate
        let planned = request.duration.map { Int64(($0 * fs).rounded()) }
        let box = WriterBox(writer)
        let state = SessionState(planned: request.duration)
        let task = Task {
            try await consume(
                writer: box, state: state, subscription: subscription, item: item, url: url, store: store, plannedRows: planned, logger: logger,
                derived: derived)
        }
        return RecordingSession(item: item, url: url, state: state, subscription: subscription, task: task)
    }

    /// Ends the recording early: it is stored, marked incomplete with `reason`.
    public func stop(reason: String = "stopped") {
        state.stopRequest.withLock { if $0 == nil { $0 = .incomplete(reason) } }
        subscription.cancel()
    }

    /// Ends an open-ended recording (one without a planned duration) as complete: the caller's
    /// protocol says it is done (e.g. the last trial of a block ended).
    public func finish() {
        state.stopRequest.withLock { if $0 == nil { $0 = .complete } }
        subscription.cancel()
    }

    /// Waits until the recording is stored and returns its catalog entry (state `pending`).
    public func result() async throws -> CatalogItem {
        try await task.value
    }

    private static func consume(
        writer box: WriterBox, state: SessionState, subscription: EventSubscription, item: CatalogItem, url: URL, store: DataStore,
        plannedRows: Int64?, logger: Logger, derived: (any DerivedSeriesProducer)?
    ) async throws -> CatalogItem {
        let writer = box.writer
        var endReason: String?
        var failure: (any Error)?
        var derived = derived
        do {
            if let derived {
                for (name, value) in derived.groupAttributes.sorted(by: { $0.key < $1.key }) {
                    try writer.setGroupAttribute(group: derived.group, name: name, value: value)
                }
            }
            loop: for await event in subscription {
                switch event {
                case .frames(var frames):
                    if let plannedRows {
                        let room = plannedRows - writer.rowCount
                        if room <= 0 { break loop }
                        if frames.count > room { frames = Array(frames.prefix(Int(room))) }
                    }
                    try writer.append(frames)
                    if var producer = derived {
                        for row in producer.process(frames) {
                            try writer.appendSeries(group: producer.group, name: row.name, time: row.time, values: row.values, columns: row.columns)
                        }
                        derived = producer
                    }
                    state.progress.withLock {
                        $0.samples = writer.rowCount
                        $0.gapSamples = writer.gapRows
                        $0.seconds = Double(writer.rowCount) / writer.metadata.source.samplingRate
                    }
                    if let plannedRows, writer.rowCount >= plannedRows { break loop }
                case .state(let change):
                    try writer.addEvent(code: Marker.deviceStateCode, label: "\(change.state.rawValue)=\(change.value)", time: change.time)
                    if change.state == .disconnected && change.value { endReason = "device disconnected" }
                case .battery(let level):
                    if level < 20 { try writer.addEvent(code: Marker.deviceStateCode, label: "battery \(Int(level))%") }
                case .ended(let error):
                    endReason = error.map { "source failed: \($0)" } ?? endReason ?? "source ended"
                    break loop
                case .started:
                    continue
                }
            }
        } catch {
            failure = error
        }
        subscription.cancel()
        let reached = plannedRows.map { writer.rowCount >= $0 } ?? false
        let request = state.stopRequest.withLock { $0 }
        var stopReason: String? = Task.isCancelled ? "interrupted" : nil
        if case .incomplete(let why) = request { stopReason = why }
        let finishedByCaller = request == .complete && endReason == nil
        let complete = failure == nil && (reached || finishedByCaller)
        let reason: String? = complete ? nil : (failure.map { "\($0)" } ?? stopReason ?? endReason ?? "ended early")
        let summary: RecordingSummary
        do {
            summary = try writer.finish(complete: complete, reason: reason)
        } catch {
            // The journal is still there: `recover` rebuilds the recording from it.
            logger.notice("recording could not be finished; its journal is kept for `study-recorder recover`", metadata: ["file": "\(item.path)", "error": "\(error)"])
            throw failure ?? error
        }
        let fingerprint = try FileFingerprint(of: url)
        let stored = try store.catalog.update(id: item.id) {
            $0.state = .pending
            $0.size = fingerprint.size
            $0.sha256 = fingerprint.sha256
            $0.complete = complete
            $0.lastError = reason
        }
        writer.removeJournal()
        logger.info("recording stored", metadata: ["file": "\(item.path)", "samples": "\(summary.samples)", "complete": "\(complete)"])
        if let failure { throw failure }
        return stored
    }
}

/// Hands the (non-Sendable) writer to the one task that uses it.
private final class WriterBox: @unchecked Sendable {
    // Safety: the writer is touched only by the session's consuming task after hand-over.
    let writer: RecordingWriter
    init(_ writer: RecordingWriter) { self.writer = writer }
}

/// What the session's task and its callers share.
private final class SessionState: Sendable {
    let progress: Mutex<RecordingProgress>
    let stopRequest = Mutex<StopRequest?>(nil)

    enum StopRequest: Equatable {
        case complete
        case incomplete(String)
    }

    init(planned: Double?) {
        progress = Mutex(RecordingProgress(samples: 0, seconds: 0, plannedSeconds: planned, gapSamples: 0))
    }
}
