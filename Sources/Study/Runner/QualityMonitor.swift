import DataSources
import Processing
import Synchronization

/// Keeps the latest signal-quality readings of a running ``DataController`` (MYND quality at 2 Hz,
/// line-noise quality at 1 Hz) and the device's battery and connection, for preparation steps and
/// interruption checks.
///
/// A headband that drops its link reconnects by itself and the recording shows the time away as a
/// gap, so a block is interrupted only when the link stays down longer than
/// ``disconnectionGrace`` or the source ends.
final class QualityMonitor: Sendable {
    struct Readings: Sendable {
        var quality: [Double]?
        var lineNoise: [Double]?
        /// When the link went down (monotonic seconds on the monitor's clock), while it is down.
        var disconnectedSince: Double?
        /// The source ended: nothing more will come.
        var ended = false
        var batteryLow = false
    }

    /// How long a lost link may stay down before a running block is interrupted (10 s).
    static let disconnectionGrace: Double = 10

    /// The clock the grace is measured on (the controller's: the system's, or a test's manual clock).
    let clock: any HostClock
    private let readings = Mutex(Readings())
    private let tasks: Mutex<[Task<Void, Never>]> = Mutex([])

    /// Subscribes to `controller`; call before the controller is started. The disconnection grace is
    /// measured on the controller's clock.
    init(controller: DataController, mains: Double) async {
        let clock = controller.clock
        self.clock = clock
        let events = await LiveProcessor.events(controller: controller, configuration: ProcessorConfiguration(mains: .fixed(mains)))
        let states = await controller.events(.latest(capacity: 64))
        let processing = Task { [weak self] in
            for await event in events {
                guard case .update(let update) = event else { continue }
                switch update {
                case .quality(let q): self?.readings.withLock { $0.quality = q.mynd.quality }
                case .lineNoise(let l): self?.readings.withLock { $0.lineNoise = l.reading.quality }
                case .bandPower: continue
                }
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
        tasks.withLock { $0 = [processing, device] }
    }

    /// The latest readings.
    var current: Readings { readings.withLock { $0 } }

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

    /// Stops following the controller.
    func stop() {
        tasks.withLock { $0.forEach { $0.cancel() } }
    }
}
