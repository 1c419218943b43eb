import DataSources
import Processing
import Storage
import Synchronization

/// Keeps the latest signal-quality readings of a running ``DataController`` (MYND quality at 2 Hz,
/// line-noise quality at 1 Hz) and the device's battery and connection, for preparation steps and
/// interruption checks.
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
/// ``disconnectionGrace`` or the source ends.
final class QualityMonitor: Sendable {
    struct Readings: Sendable {
        var quality: [Double]?
        /// The time (recording clock) of the newest sample `quality` covers.
        var qualityTime: Double?
        var lineNoise: [Double]?
        /// The time (recording clock) of the newest sample `lineNoise` covers.
        var lineNoiseTime: Double?
        /// When the link went down (monotonic seconds on the monitor's clock: the moment the source
        /// reported it, not the moment the monitor read the report), while it is down.
        var disconnectedSince: Double?
        /// The source ended: nothing more will come.
        var ended = false
        var batteryLow = false
    }

    /// Which part feeds the session's processor.
    enum Feed: Sendable, Equatable {
        /// The monitor (nothing records).
        case monitor
        /// A recording's writer, which stores the results.
        case recording
    }

    /// How long a lost link may stay down before a running block is interrupted (10 s).
    static let disconnectionGrace: Double = 10

    /// The clock the grace is measured on (the controller's: the system's, or a test's manual clock).
    let clock: any HostClock
    private let controller: DataController
    private let shown: (@Sendable (Readings, Feed) -> Void)?
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

    /// Subscribes to `controller`; call before the controller is started. The disconnection grace is
    /// measured on the controller's clock. `shown` (for a display or a test) is called with the
    /// readings after every quality or line-noise reading taken, and the part that fed the processor.
    init(controller: DataController, mains: Double, shown: (@Sendable (Readings, Feed) -> Void)? = nil) async {
        let clock = controller.clock
        self.clock = clock
        self.controller = controller
        processor = SharedSignalProcessor(configuration: ProcessorConfiguration(mains: .fixed(mains)))
        self.shown = shown
        let samples = await controller.events(.lossless(capacity: 1024))
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
        start(samples, after: nil)
    }

    /// The latest readings.
    var current: Readings { readings.withLock { $0 } }

    /// Who feeds the processor now.
    var currentFeed: Feed { feed.withLock { $0.feed } }

    /// Why a running block must end now (device lost, battery low), or `nil`. Whether the link is
    /// down and since when is asked of the controller, which knows it the moment the source reports
    /// it: the grace is measured from the loss itself and ends on time, however far behind the
    /// monitor's own reading of the events is (a busy machine, a test on a manual clock).
    func interruption() async -> String? {
        let r = current
        if r.ended { return "device disconnected" }
        if let since = await linkDownSince(), clock.monotonicNow() - since > Self.disconnectionGrace {
            return "device disconnected"
        }
        if r.batteryLow { return "battery low" }
        return nil
    }

    /// Since when (monotonic seconds on ``clock``) the source reports its link down, or `nil` while it
    /// is up: the controller's account, current whenever it is asked.
    func linkDownSince() async -> Double? {
        await controller.linkDownSince
    }

    /// Hands the processor to a recording about to start: the monitor unsubscribes (and returns once
    /// it no longer processes) and returns the producer to record with, which restarts the
    /// processor for the recording and whose observer feeds the readings with what the recording
    /// stores (results of this generation only). Call
    /// ``resume(after:)`` once the recording is told to end, or ``recordingEnded()`` when it could
    /// not start.
    func recordingProducer() async -> QualitySeriesProducer {
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
        return QualitySeriesProducer(processor: processor) { observation in
            if case .update(let update) = observation { self.take(update, generation: generation) }
        }
    }

    /// Takes the processor back from `session`, which has been told to end: subscribes at once (the
    /// recording's subscription has just closed, so the processor misses at most what the source
    /// delivered in between, filled as a gap) and processes what comes once the recording is stored,
    /// so the processor never gets blocks from two parts at a time.
    func resume(after session: RecordingSession) async {
        let subscription = await controller.events(.lossless(capacity: 1024))
        start(subscription, after: Task { _ = try? await session.result() })
    }

    /// Takes the processor back when a recording could not start or ``resume(after:)`` was not
    /// reached; does nothing when the monitor feeds it already.
    func recordingEnded() async {
        guard feed.withLock({ $0.task == nil && !$0.stopped }) else { return }
        start(await controller.events(.lossless(capacity: 1024)), after: nil)
    }

    /// Stops following the controller.
    func stop() {
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
            case .samples(let block):
                for update in processor.process(block).updates { take(update, generation: generation) }
            case .state(let change):
                processor.take(change)
            default:
                continue
            }
        }
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
