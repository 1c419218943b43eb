public import DataSources
public import Foundation
public import Logging
import Synchronization

/// A recording in progress: subscribes to a ``DataController`` without loss, streams every block to a
/// ``RecordingWriter``, and on the end stores the file in the catalog.
///
/// The file is created when the source has started and announced its device (a headband's channels
/// and identity are known only then; a controller that runs already announces it at once). The
/// catalog gets an entry in state `writing` before the first sample is written, so an uploader
/// never takes a half-written file and ``RecordingRecovery`` can find it after a crash. The recording
/// ends when its planned duration is reached (complete), when ``stop(reason:)`` is called or the
/// task is cancelled before that (incomplete), or when the source ends or fails (incomplete, with the
/// reason). Device state changes while recording become events in the file.
///
/// ```swift
/// let controller = DataController(source: OscillatorSource())
/// let recording = try await RecordingInProgress.start(store: store, controller: controller,
///     request: RecordingRequest(participant: id, duration: 30))
/// try await controller.start()
/// let item = try await recording.result()   // a pending catalog item
/// ```
package final class RecordingInProgress: Sendable {
    /// The catalog entry (state `writing` until the recording ends).
    package let item: CatalogItem
    /// The file the recording is finished as.
    package let url: URL

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
    package var progress: RecordingProgress { state.progress.withLock { $0 } }

    /// Starts recording what `controller` delivers, per `request`. Subscribe-then-start: the controller
    /// may already run (the recording starts with the next block) or be started by the caller after.
    /// A source that ends before it started stores nothing; ``result()`` then throws its error.
    package static func start(
        store: DataStore, controller: DataController, request: RecordingRequest,
        options: RecordingWriter.Options = .init(), logger: Logger = Logger(label: "study-recorder.recording"),
        derived: (any DerivedSeriesProducer)? = nil
    ) async throws -> RecordingInProgress {
        let run: Int
        if let requested = request.run { run = requested } else { run = try await store.allocateRun(participant: request.participant) }
        let name = FileNaming.recording(
            paradigm: request.paradigm?.title, day: request.day, session: request.session, run: run, participant: request.participant)
        let url = try store.unusedURL(participant: request.participant, fileName: name)
        let created = Date()
        let item = CatalogItem(
            kind: .recording, path: store.relativePath(of: url), participant: request.participant, study: request.study,
            title: request.paradigm?.title ?? FileNaming.untitled, day: request.day, session: request.session, run: run,
            created: created, state: .writing, outcome: .incomplete(reason: nil))
        let opening = RecordingOpening(
            store: store, request: request, run: run, url: url, item: item, created: created, options: options, logger: logger)
        let subscription = await controller.events(.lossless(capacity: 32), notifications: true)
        let state = SessionState(planned: request.duration)
        // The writing task runs on the blocking executor: HDF5 appends, the journal's fdatasync and the
        // catalog updates block, and must not hold a thread of the cooperative pool.
        let task = Task(executorPreference: BlockingExecutor.shared) {
            try await consume(opening: opening, state: state, subscription: subscription, derived: derived)
        }
        return RecordingInProgress(item: item, url: url, state: state, subscription: subscription, task: task)
    }

    /// Ends the recording early: it is stored with the outcome ``RecordingOutcome/incomplete(reason:)``.
    package func stop(reason: String = "stopped") {
        state.stopRequest.withLock { if $0 == nil { $0 = .incomplete(reason: reason) } }
        subscription.cancel()
    }

    /// Ends an open-ended recording (one without a planned duration) as complete: the caller's
    /// protocol says it is done (e.g. the last trial of a block ended).
    package func finish() {
        state.stopRequest.withLock { if $0 == nil { $0 = .complete } }
        subscription.cancel()
    }

    /// Waits until the recording is stored and returns its catalog entry (state `pending`).
    package func result() async throws -> CatalogItem {
        try await task.value
    }

    /// Waits until the recording holds its first EEG row (or has ended without one, or the waiting
    /// task is cancelled). A marker set for "now" after this lands on one of this recording's
    /// samples, never on one delivered before it began.
    package func firstRowWritten() async {
        await state.firstRow.wait()
    }

    /// Waits until the recording takes no more data (or the waiting task is cancelled): its planned
    /// duration is reached, it was stopped, or the source ended or failed. What is left is finishing
    /// the file (closing it, its checksum, the catalog entry), after which ``result()`` returns.
    ///
    /// The source can be stopped from here on: nothing it delivers is stored any more, and an
    /// unpaced source left running would generate and queue blocks for the other observers while the
    /// file is finished, taking a core and memory from the finish.
    package func lastRowWritten() async {
        await state.lastRow.wait()
    }

    private static func consume(
        opening: RecordingOpening, state: SessionState, subscription: EventSubscription, derived: (any DerivedSeriesProducer)?
    ) async throws -> CatalogItem {
        // However the recording ends, nobody keeps waiting for a first or last row.
        defer {
            state.firstRow.reach()
            state.lastRow.reach()
        }
        let logger = opening.logger
        var writer: RecordingWriter?
        var plannedRows: Int64?
        var endReason: String?
        var failure: (any Error)?
        var derived = derived
        var battery = BatteryChangeFilter()
        do {
            loop: for await event in subscription {
                switch event {
                case .started(let descriptor, let anchor):
                    guard writer == nil else { continue }
                    let w = try opening.open(descriptor: descriptor, anchor: anchor)
                    writer = w
                    plannedRows = opening.request.duration.map { Int64(($0 * descriptor.samplingRate).rounded()) }
                    if derived != nil {
                        derived?.start(descriptor)
                        if let producer = derived {
                            for (name, value) in producer.groupAttributes.sorted(by: { $0.key < $1.key }) {
                                try w.setGroupAttribute(group: producer.group, name: name, value: value)
                            }
                        }
                    }
                case .samples(var block):
                    guard let writer else { continue }
                    let isEEG = block.stream == writer.metadata.source.eeg.name
                    if isEEG, let plannedRows {
                        let room = plannedRows - writer.rowCount
                        if room <= 0 { break loop }
                        if block.count > room { block = block.slice(0..<Int(room)) }
                    }
                    try writer.append(block)
                    // Mutated in place (not through a copy written back), so a producer that keeps
                    // the stream's rows (heart rate) appends to its buffers instead of copying them.
                    if let group = derived?.group {
                        for row in derived?.process(block) ?? [] {
                            try writer.appendSeries(group: group, name: row.name, time: row.time, values: row.values, columns: row.columns)
                        }
                    }
                    if isEEG {
                        state.progress.withLock {
                            $0.samples = writer.rowCount
                            $0.gapSamples = writer.gapRows
                            $0.firstSourceIndex = writer.firstSourceIndex
                            $0.seconds = Double(writer.rowCount) / writer.metadata.source.samplingRate
                        }
                        if writer.rowCount > 0 { state.firstRow.reach() }
                        if let plannedRows, writer.rowCount >= plannedRows { break loop }
                    }
                case .marker(let placed):
                    guard let writer else { continue }
                    try writer.place(placed)
                    // A marker in a gap the run ended in adds the gap's rows (``RecordingWriter/place(_:)``).
                    state.progress.withLock {
                        $0.samples = writer.rowCount
                        $0.gapSamples = writer.gapRows
                        $0.seconds = Double(writer.rowCount) / writer.metadata.source.samplingRate
                    }
                case .state(let change):
                    derived?.take(change)
                    try writer?.addEvent(code: Marker.deviceStateCode, label: "\(change.state.rawValue)=\(change.value)", time: change.time)
                    if change.state == .disconnected && change.value { endReason = EndReason.deviceDisconnected }
                    if change.state == .reconnected && change.value { endReason = nil }
                case .battery(let level):
                    // Stored as data when it is news (first level, a 1 % change, the warning level
                    // crossed), not once a second.
                    if writer != nil, battery.take(level) {
                        try writer?.addEvent(code: Marker.deviceStateCode, label: "battery \(Int(level.rounded()))%")
                    }
                case .discarded(let report):
                    try writer?.addEvent(
                        code: Marker.discardedCode, label: "discarded \(report.count) corrupt packets (\(report.total) in all)", time: report.time)
                case .notifications(let batch):
                    try writer?.appendNotifications(batch)
                case .properties(let facts):
                    for (key, value) in facts.sorted(by: { $0.key < $1.key }) {
                        try writer?.setGroupAttribute(group: "Device", name: key, value: .string(value))
                    }
                case .ended(let error):
                    endReason = error.map { "source failed: \($0)" } ?? endReason ?? "source ended"
                    if writer == nil { failure = error ?? DataSourceError.disconnected("the source ended before it started") }
                    break loop
                }
            }
        } catch {
            failure = error
        }
        subscription.cancel()
        if let writer, let group = derived?.group {
            do {
                for row in derived?.finish() ?? [] {
                    try writer.appendSeries(group: group, name: row.name, time: row.time, values: row.values, columns: row.columns)
                }
            } catch {
                failure = failure ?? error
            }
        }
        state.lastRow.reach()
        guard let writer else {
            throw failure ?? DataSourceError.disconnected("the recording was stopped before the source started")
        }
        let item = opening.item
        let url = opening.url
        let store = opening.store
        let reached = plannedRows.map { writer.rowCount >= $0 } ?? false
        let request = state.stopRequest.withLock { $0 }
        var stopReason: String? = Task.isCancelled ? "interrupted" : nil
        if case .incomplete(let why) = request { stopReason = why }
        let finishedByCaller = request == .complete && endReason == nil
        let outcome: RecordingOutcome =
            failure == nil && (reached || finishedByCaller)
            ? .complete : .incomplete(reason: failure.map { "\($0)" } ?? stopReason ?? endReason ?? "ended early")
        let summary: RecordingSummary
        do {
            summary = try writer.finish(outcome)
        } catch {
            // The journal is still there: recovery (``Recovery``) rebuilds the recording from it.
            logger.notice(
                "recording could not be finished; its journal is kept for recovery",
                metadata: ["file": "\(item.path)", "error": "\(error)"])
            throw failure ?? error
        }
        let fingerprint = try FileFingerprint(of: url)
        let stored = try store.catalog.update(id: item.id) {  // on BlockingExecutor (the writing task prefers it)
            $0.state = .pending
            $0.size = fingerprint.size
            $0.sha256 = fingerprint.sha256
            $0.outcome = outcome
        }
        writer.removeJournal()
        logger.info("recording stored", metadata: ["file": "\(item.path)", "samples": "\(summary.samples)", "complete": "\(outcome.isComplete)"])
        if let failure { throw failure }
        return stored
    }
}

/// What a recording needs to create its file once the source has started.
private struct RecordingOpening: Sendable {
    let store: DataStore
    let request: RecordingRequest
    let run: Int
    let url: URL
    let item: CatalogItem
    let created: Date
    let options: RecordingWriter.Options
    let logger: Logger

    /// Creates the writer for `descriptor` and enters the recording in the catalog (state `writing`).
    func open(descriptor: DeviceDescriptor, anchor: ClockAnchor) throws -> RecordingWriter {
        let metadata = RecordingMetadata(
            participant: request.participant, study: request.study, day: request.day, session: request.session, run: run,
            paradigm: request.paradigm, source: descriptor, clockAnchor: anchor, powerLineFrequency: request.powerLineFrequency,
            locale: request.locale, created: created, extra: request.extra, provenance: request.provenance.recording(from: descriptor))
        let writer = try RecordingWriter(url: url, metadata: metadata, options: options, lslClock: request.lslClock)
        do {
            try store.catalog.insert(item)
        } catch {
            _ = try? writer.finish(.incomplete(reason: "catalog unavailable"))
            try? FileManager.default.removeItem(at: url)
            writer.removeJournal()
            throw error
        }
        logger.info("recording started", metadata: ["file": "\(item.path)", "rate": "\(descriptor.samplingRate)", "device": "\(descriptor.model)"])
        return writer
    }
}

/// What the session's task and its callers share.
private final class SessionState: Sendable {
    let progress: Mutex<RecordingProgress>
    /// The outcome the caller asked for (``RecordingInProgress/stop(reason:)`` or ``RecordingInProgress/finish()``), if any.
    let stopRequest = Mutex<RecordingOutcome?>(nil)
    /// The first EEG row is written (``RecordingInProgress/firstRowWritten()``).
    let firstRow = Milestone()
    /// The session takes no more data (``RecordingInProgress/lastRowWritten()``).
    let lastRow = Milestone()

    init(planned: Double?) {
        progress = Mutex(RecordingProgress(samples: 0, seconds: 0, plannedSeconds: planned, gapSamples: 0, firstSourceIndex: nil))
    }
}
