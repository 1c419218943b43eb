package import DataSources
package import Logging
package import Processing
package import Storage
import Synchronization

/// The recording pipeline: one ``DataController`` with one signal processor, the recordings made
/// from it (``startRecording(_:in:options:storesQuality:processes:logger:)``), and the latest readings (MYND quality
/// at 2 Hz, line-noise quality at 1 Hz, the device's battery and connection) for preparation steps
/// and interruption checks. The kit's `Recorder.record` and the study runner's blocks both record
/// through it, so a recording is made, processed and observed one way whichever client drives it:
/// every processor result, whoever fed the processor, goes to one observer in order (the kit's
/// ``LiveRecordingBridge`` turns them into the ``LiveRecordingEvent`` stream and its ``QAJudge`` verdicts).
///
/// A session has one signal processor, and one part runs it at a time. While nothing records
/// (preparation, fitting, check-ups between blocks) the monitor feeds it from its own lossless
/// subscription. While a block records, the monitor unsubscribes and the recording's writer feeds
/// it through the producer the monitor hands out (``recordingProducer()``: Storage's
/// `QualitySeriesProducer` running the monitor's `SharedSignalProcessor`), which starts it afresh
/// for the block: the readings are then the very values stored in the recording's `/Quality`, and
/// the signal is processed once, not twice. After the block (``resume(after:)``) the monitor feeds
/// the same processor again, from the first sample the recording did not process, so its windows and
/// averages carry on as if it had never stopped.
///
/// A headband that drops its link reconnects by itself and the recording shows the time away as a
/// gap, so a block is interrupted only when the link stays down longer than
/// ``disconnectionGrace`` (signal time, scaled by the source's speed) or the source ends.
package final class QualityMonitor: Sendable {
    /// The latest readings.
    package struct Readings: Sendable {
        package var quality: [Double]?
        /// The time (recording clock) of the newest sample `quality` covers.
        package var qualityTime: Double?
        package var lineNoise: [Double]?
        /// The time (recording clock) of the newest sample `lineNoise` covers.
        package var lineNoiseTime: Double?
        /// When the link went down (monotonic seconds on the monitor's clock: the moment the source
        /// reported it, not the moment the monitor read the report), while it is down.
        package var disconnectedSince: Double?
        /// The source ended: nothing more will come.
        package var ended = false
        package var batteryLow = false
    }

    /// Which part feeds the session's processor.
    package enum Feed: Sendable, Equatable {
        /// The monitor (nothing records).
        case monitor
        /// A recording's writer, which stores the results.
        case recording
    }

    /// How long a lost link may stay down before a running block is interrupted: 10 s of signal
    /// time (host seconds × ``timeScale``), so a simulated headband at `--speed 20` loses its block
    /// after 0.5 s of host time, as 10 s of its signal lost.
    package static let disconnectionGrace: Double = 10

    /// The clock the grace is measured on (the controller's: the system's, or a test's manual clock).
    package let clock: any HostClock
    /// Seconds of signal per second of ``clock``: 1 for a real headband, the run's `--speed` for a
    /// simulated one (the source's own time scale).
    package let timeScale: Double
    private let controller: DataController
    private let shown: (@Sendable (Readings, Feed) -> Void)?
    private let observer: (@Sendable (QualitySeriesProducer.Observation) -> Void)?
    /// Whether the monitor feeds the processor itself while nothing records (the study runner's
    /// fitting and check-ups); without it the processor runs only inside recordings (the kit).
    private let feedsWhileIdle: Bool
    private let readings = Mutex(Readings())
    /// The session's signal processor (unsized until the source announced its device).
    private let processor: SharedSignalProcessor
    /// Who feeds the processor, the feed's generation (results of an earlier feed are ignored), and
    /// the monitor's own feeding task with its subscription while it runs.
    private struct FeedState {
        var feed = Feed.monitor
        var generation = 0
        var task: Task<Void, Never>?
        var subscription: EventSubscription?
        var stopped = false
    }
    private let feed = Mutex(FeedState())
    private let device = Mutex(Task<Void, Never>?.none)

    /// A monitor whose processor works at the fixed mains frequency `mains` and feeds itself while
    /// nothing records (the study runner's); see ``init(controller:configuration:feedsWhileIdle:observer:shown:)``.
    package convenience init(
        controller: DataController, mains: Double, timeScale: Double = 1, shown: (@Sendable (Readings, Feed) -> Void)? = nil
    ) async {
        await self.init(controller: controller, configuration: ProcessorConfiguration(mains: .fixed(mains)), timeScale: timeScale, shown: shown)
    }

    /// Subscribes to `controller`; call before the controller is started. The disconnection grace is
    /// measured on the controller's clock, in signal time (`timeScale`: the source's speed). `observer` receives every processor result in order,
    /// from recordings (on the writer's task: it must return quickly) and, with `feedsWhileIdle`,
    /// from the monitor's own feed between them. `shown` (for a display or a test) is called with
    /// the readings after every quality or line-noise reading taken, and the part that fed the
    /// processor.
    package init(
        controller: DataController, configuration: ProcessorConfiguration, feedsWhileIdle: Bool = true, timeScale: Double = 1,
        observer: (@Sendable (QualitySeriesProducer.Observation) -> Void)? = nil, shown: (@Sendable (Readings, Feed) -> Void)? = nil
    ) async {
        let clock = controller.clock
        self.clock = clock
        self.timeScale = timeScale > 0 && timeScale.isFinite ? timeScale : 1
        self.controller = controller
        processor = SharedSignalProcessor(configuration: configuration)
        self.shown = shown
        self.observer = observer
        self.feedsWhileIdle = feedsWhileIdle
        var samples: EventSubscription?
        if feedsWhileIdle { samples = await controller.events(.lossless(capacity: 1024)) }
        let states = await controller.events(.latest(capacity: 64))
        let device = Task { [weak self] in
            // The recording clock's anchor, to turn a change's time back into the moment it happened
            // on the host clock (the monitor may read the event later, e.g. on a busy machine).
            var anchor: ClockAnchor?
            for await event in states {
                switch event {
                case .started(_, let started):
                    anchor = started
                case .state(let change) where change.state == .disconnected:
                    let since = anchor.map { $0.monotonic(fromUTC: change.time) } ?? clock.monotonicNow()
                    self?.readings.withLock { $0.disconnectedSince = change.value ? since : nil }
                case .state(let change) where change.state == .reconnected:
                    self?.readings.withLock { $0.disconnectedSince = nil }
                case .state(let change) where change.state == .batteryLow:
                    self?.readings.withLock { $0.batteryLow = change.value }
                case .battery(let level):
                    self?.readings.withLock { $0.batteryLow = DeviceState.isBatteryLow(level) }
                case .ended:
                    self?.readings.withLock { $0.ended = true }
                default:
                    continue
                }
            }
        }
        self.device.withLock { $0 = device }
        if let samples { start(samples, after: nil) }
    }

    /// The latest readings.
    package var current: Readings { readings.withLock { $0 } }

    /// Who feeds the processor now.
    package var currentFeed: Feed { feed.withLock { $0.feed } }

    /// Why a running block must end now (device lost, battery low), or `nil`. Whether the link is
    /// down and since when is asked of the controller, which knows it the moment the source reports
    /// it: the grace is measured from the loss itself and ends on time, however far behind the
    /// monitor's own reading of the events is (a busy machine, a test on a manual clock).
    package func interruption() async -> String? {
        let r = current
        if r.ended { return EndReason.deviceDisconnected }
        if let since = await linkDownSince(), (clock.monotonicNow() - since) * timeScale > Self.disconnectionGrace {
            return EndReason.deviceDisconnected
        }
        if r.batteryLow { return EndReason.batteryLow }
        return nil
    }

    /// Since when (monotonic seconds on ``clock``) the source reports its link down, or `nil` while it
    /// is up: the controller's account, current whenever it is asked.
    package func linkDownSince() async -> Double? {
        await controller.linkDownSince
    }

    /// Hands the processor to a recording about to start: the monitor unsubscribes (and returns once
    /// it no longer processes) and returns the producer to record with, which restarts the
    /// processor for the recording and whose observer feeds the readings with what the recording
    /// stores (results of this generation only). Call
    /// ``resume(after:)`` once the recording is told to end, or ``recordingEnded()`` when it could
    /// not start.
    package func recordingProducer(stores: Bool = true) async -> QualitySeriesProducer {
        let (own, generation) = feed.withLock { state -> (Task<Void, Never>?, Int) in
            let own = state.task
            state.subscription?.cancel()
            state.feed = .recording
            state.generation += 1
            state.task = nil
            state.subscription = nil
            return (own, state.generation)
        }
        own?.cancel()
        await own?.value
        return QualitySeriesProducer(processor: processor, stores: stores) { observation in
            if case .update(let update) = observation { self.take(update, generation: generation) }
            self.observer?(observation)
        }
    }

    /// Starts recording what the controller delivers, per `request`, into `store`, with this
    /// monitor's processor running inside the recording's writer (``recordingProducer(stores:)``):
    /// its results are stored in `/Quality` (unless `storesQuality` is false) and are the very
    /// values the readings and the observer get. Call ``resume(after:)`` once the recording is told
    /// to end; if it cannot start, the monitor takes the processor back before the error is thrown.
    /// With `processes` false (nothing stored, no quality reading wanted) the recording runs no
    /// processor at all: its blocks are stored and nothing else is computed.
    package func startRecording(
        _ request: RecordingRequest, in store: DataStore, options: RecordingWriter.Options = .init(), storesQuality: Bool = true,
        processes: Bool = true, logger: Logger = Logger(label: "study-recorder.recording")
    ) async throws -> RecordingInProgress {
        let producer: QualitySeriesProducer? = processes ? await recordingProducer(stores: storesQuality) : nil
        do {
            return try await RecordingInProgress.start(
                store: store, controller: controller, request: request, options: options, logger: logger, derived: producer)
        } catch {
            await recordingEnded()
            throw error
        }
    }

    /// Takes the processor back from `recording`, which has been told to end: subscribes at once (the
    /// recording's subscription has just closed, so the processor misses at most what the source
    /// delivered in between, filled as a gap) and processes what comes once the recording is stored,
    /// so the processor never gets blocks from two parts at a time.
    package func resume(after recording: RecordingInProgress) async {
        guard feedsWhileIdle else { return }
        let subscription = await controller.events(.lossless(capacity: 1024))
        start(subscription, after: Task { _ = try? await recording.result() })
    }

    /// Takes the processor back when a recording could not start or ``resume(after:)`` was not
    /// reached; does nothing when the monitor feeds it already.
    package func recordingEnded() async {
        guard feedsWhileIdle, feed.withLock({ $0.task == nil && !$0.stopped }) else { return }
        start(await controller.events(.lossless(capacity: 1024)), after: nil)
    }

    /// Stops following the controller.
    package func stop() {
        let own = feed.withLock { state -> Task<Void, Never>? in
            defer {
                state.generation += 1
                state.task = nil
                state.subscription = nil
                state.stopped = true
            }
            state.subscription?.cancel()
            return state.task
        }
        own?.cancel()
        device.withLock { $0?.cancel() }
    }

    /// Starts the monitor's own feed from `subscription` (processing once `ready` is done), unless it
    /// runs already or the monitor was stopped.
    private func start(_ subscription: EventSubscription, after ready: Task<Void, Never>?) {
        let unused = feed.withLock { state -> EventSubscription? in
            guard state.task == nil, !state.stopped else { return subscription }
            state.task = Task { [weak self] in await self?.follow(subscription, after: ready) }
            state.subscription = subscription
            return nil
        }
        unused?.cancel()
    }

    /// The monitor's own feed: after `ready` it takes the processor over (a new generation of
    /// results), then every EEG block of `subscription` goes to the processor (sized when the source
    /// announces its device, unless it was sized for that device already).
    private func follow(_ subscription: EventSubscription, after ready: Task<Void, Never>?) async {
        await ready?.value
        let generation = feed.withLock { state -> Int? in
            guard !state.stopped, !Task.isCancelled else { return nil }
            state.feed = .monitor
            state.generation += 1
            return state.generation
        }
        guard let generation else { return }
        for await event in subscription {
            switch event {
            case .started(let descriptor, _):
                processor.size(for: descriptor)
                if isCurrent(generation) { observer?(.started(descriptor)) }
            case .samples(let block):
                let (updates, moving) = processor.process(block)
                for update in updates {
                    take(update, generation: generation)
                    if isCurrent(generation) { observer?(.update(update)) }
                }
                if let moving, isCurrent(generation) { observer?(.motion(moving)) }
            case .state(let change):
                processor.take(change)
            default:
                continue
            }
        }
    }

    /// Whether `generation` is the feed's current one (results of a replaced feed are dropped).
    private func isCurrent(_ generation: Int) -> Bool {
        feed.withLock { $0.generation == generation }
    }

    /// Takes a processor result into the readings, unless it comes from a feed that has been
    /// replaced.
    private func take(_ update: ProcessingUpdate, generation: Int) {
        guard let feed = feed.withLock({ $0.generation == generation ? $0.feed : nil }) else { return }
        let taken = readings.withLock { r -> Readings? in
            switch update {
            case .quality(let q):
                r.quality = q.mynd.quality
                r.qualityTime = q.time
            case .lineNoise(let l):
                r.lineNoise = l.reading.quality
                r.lineNoiseTime = l.time
            case .bandPower:
                return nil
            }
            return r
        }
        if let taken, let shown { shown(taken, feed) }
    }
}
