import DataSources
import Processing
import Storage
import Synchronization

/// Keeps the latest signal-quality readings of a running ``DataController`` (MYND quality at 2 Hz,
/// line-noise quality at 1 Hz) and the device's battery and connection, for preparation steps and
/// interruption checks.
///
/// One signal processor runs at a time. While nothing records (preparation, fitting, check-ups
/// between blocks) the monitor runs its own (``LiveProcessor``). While a block records, the monitor
/// stops it and takes its readings from the recording's processor instead, through the observer of
/// the ``QualitySeriesProducer`` it hands out (``recordingProducer()``): the readings are then the
/// very values stored in the recording's `/Quality`, and the signal is processed once, not twice.
/// ``recordingEnded()`` starts the monitor's own processor again (a fresh one; until its first
/// window the readings are the recording's last).
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
        /// When the link went down (monotonic seconds on the monitor's clock), while it is down.
        var disconnectedSince: Double?
        /// The source ended: nothing more will come.
        var ended = false
        var batteryLow = false
    }

    /// Which processor the quality readings come from.
    enum Feed: Sendable, Equatable {
        /// The monitor's own processor (nothing records).
        case monitor
        /// The recording's processor, whose results are stored.
        case recording
    }

    /// How long a lost link may stay down before a running block is interrupted (10 s).
    static let disconnectionGrace: Double = 10

    /// The clock the grace is measured on (the controller's: the system's, or a test's manual clock).
    let clock: any HostClock
    private let controller: DataController
    private let configuration: ProcessorConfiguration
    private let shown: (@Sendable (Readings, Feed) -> Void)?
    private let readings = Mutex(Readings())
    /// The current feed, its generation (results of an earlier feed are ignored) and the task of the
    /// monitor's own processor while it runs.
    private let feed = Mutex((feed: Feed.monitor, generation: 0, task: Task<Void, Never>?.none))
    private let device = Mutex(Task<Void, Never>?.none)

    /// Subscribes to `controller`; call before the controller is started. The disconnection grace is
    /// measured on the controller's clock. `shown` (for a display or a test) is called with the
    /// readings after every quality or line-noise reading taken, and the processor it came from.
    init(controller: DataController, mains: Double, shown: (@Sendable (Readings, Feed) -> Void)? = nil) async {
        let clock = controller.clock
        self.clock = clock
        self.controller = controller
        configuration = ProcessorConfiguration(mains: .fixed(mains))
        self.shown = shown
        let events = await LiveProcessor.events(controller: controller, configuration: configuration)
        let states = await controller.events(.latest(capacity: 64))
        let processing = Task { [weak self] in
            for await event in events {
                guard case .update(let update) = event else { continue }
                self?.take(update, generation: 0)
            }
        }
        let device = Task { [weak self] in
            for await event in states {
                switch event {
                case .state(let change) where change.state == .disconnected:
                    self?.readings.withLock { $0.disconnectedSince = change.value ? clock.monotonicNow() : nil }
                case .state(let change) where change.state == .reconnected:
                    self?.readings.withLock { $0.disconnectedSince = nil }
                case .state(let change) where change.state == .batteryLow:
                    self?.readings.withLock { $0.batteryLow = change.value }
                case .battery(let level):
                    self?.readings.withLock { $0.batteryLow = level < 20 }
                case .ended:
                    self?.readings.withLock { $0.ended = true }
                default:
                    continue
                }
            }
        }
        feed.withLock { $0.task = processing }
        self.device.withLock { $0 = device }
    }

    /// The latest readings.
    var current: Readings { readings.withLock { $0 } }

    /// Which processor the readings come from now.
    var currentFeed: Feed { feed.withLock { $0.feed } }

    /// Why a running block must end now (device lost, battery low), or `nil`.
    var interruption: String? {
        let r = current
        if r.ended { return "device disconnected" }
        if let since = r.disconnectedSince,
            clock.monotonicNow() - since > Self.disconnectionGrace
        {
            return "device disconnected"
        }
        if r.batteryLow { return "battery low" }
        return nil
    }

    /// Hands the processing over to a recording about to start: stops the monitor's own processor
    /// (returning once it no longer follows the controller) and returns the producer to record with.
    /// Its observer feeds the readings, so what the monitor holds is what the recording stores.
    /// Call ``recordingEnded()`` when the recording has ended.
    func recordingProducer() async -> QualitySeriesProducer {
        let (own, generation) = feed.withLock { state -> (Task<Void, Never>?, Int) in
            let own = state.task
            state = (.recording, state.generation + 1, nil)
            return (own, state.generation)
        }
        own?.cancel()
        await own?.value
        return QualitySeriesProducer(configuration: configuration) { [weak self] observation in
            guard case .update(let update) = observation else { return }
            self?.take(update, generation: generation)
        }
    }

    /// Takes the processing back after a recording ended: starts a fresh own processor on the
    /// running controller (it is told the device at once). Until its first result the readings are
    /// the recording's last.
    func recordingEnded() {
        feed.withLock { state in
            guard state.feed == .recording else { return }
            let generation = state.generation + 1
            let controller = controller, configuration = configuration
            let task = Task { [weak self] in
                let events = await LiveProcessor.events(controller: controller, configuration: configuration)
                for await event in events {
                    guard case .update(let update) = event else { continue }
                    self?.take(update, generation: generation)
                }
            }
            state = (.monitor, generation, task)
        }
    }

    /// Stops following the controller.
    func stop() {
        let own = feed.withLock { state -> Task<Void, Never>? in
            defer { state = (state.feed, state.generation + 1, nil) }
            return state.task
        }
        own?.cancel()
        device.withLock { $0?.cancel() }
    }

    /// Takes a processor result into the readings, unless it comes from a feed that has been
    /// replaced (a result the stopped processor had in hand).
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
