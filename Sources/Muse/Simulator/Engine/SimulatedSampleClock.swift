/// The simulated headband's sample clock while it streams: when each packet is complete and which
/// packets are due by a moment. Moments are CLOCK_MONOTONIC nanoseconds passed in (`now`), so the
/// clock reads none itself.
///
/// A packet is complete once its last sample was taken: EEG the 12th of 12 at 256 Hz (a headband
/// whose clock runs ``SimulatedHeadband/Configuration/clockFactor`` times fast takes them that much
/// earlier), IMU the 3rd at 52 Hz, PPG the 6th at 64 Hz; telemetry leaves once a second; all of it
/// ``SimulatedHeadband/Configuration/speed`` times faster. The packet then waits in the
/// ``SimulatedLink`` for a connection event.
struct SimulatedSampleClock {
    private let speed: Double
    private let clockFactor: Double
    /// Whether the headband streams (from `d`, or an Athena's second `dc001`, until `h` or a hang).
    private(set) var isRunning = false
    /// When streaming started.
    private var origin: UInt64 = 0
    // The next packet of each stream, counted from 0 at the start.
    private var eeg: Int64 = 0
    private var imu: Int64 = 0
    private var ppg: Int64 = 0
    private var telemetry: Int64 = 0

    /// A stopped clock for the headband's ``SimulatedHeadband/Configuration/speed`` and
    /// ``SimulatedHeadband/Configuration/clockFactor``.
    init(configuration: SimulatedHeadband.Configuration) {
        speed = configuration.speed
        clockFactor = configuration.clockFactor
    }

    /// Starts streaming at `now`: the first packet of every stream is next.
    mutating func start(at now: UInt64) {
        isRunning = true
        origin = now
        eeg = 0
        imu = 0
        ppg = 0
        telemetry = 0
    }

    /// Stops streaming.
    mutating func stop() {
        isRunning = false
    }

    // Sample periods (ns at the configured speed).
    private var eegSample: Double { 1e9 / 256 / speed / max(clockFactor, 0.01) }
    private var imuSample: Double { 1e9 / 52 / speed }
    private var ppgSample: Double { 1e9 / 64 / speed }
    private var telemetryPeriod: Double { 1e9 / speed }

    /// When packet `index` of `samples` samples `period` ns apart is complete: its last sample is taken.
    private func complete(_ index: Int64, samples: Int64, _ period: Double) -> UInt64 {
        origin + UInt64(Double(index * samples + samples - 1) * period)
    }
    private func eegComplete(_ k: Int64) -> UInt64 { complete(k, samples: 12, eegSample) }
    private func imuComplete(_ k: Int64) -> UInt64 { complete(k, samples: 3, imuSample) }
    private func ppgComplete(_ k: Int64) -> UInt64 { complete(k, samples: 6, ppgSample) }
    private func telemetryDue(_ k: Int64) -> UInt64 { origin + UInt64(Double(k) * telemetryPeriod) }

    /// When the next EEG block was complete if it was by `now` (it is then counted as taken), else nil.
    mutating func nextEEG(by now: UInt64) -> UInt64? { take(&eeg, by: now, eegComplete) }
    /// When the next IMU packet was complete if it was by `now` (it is then counted as taken), else nil.
    mutating func nextIMU(by now: UInt64) -> UInt64? { take(&imu, by: now, imuComplete) }
    /// When the next PPG packet was complete if it was by `now` (it is then counted as taken), else nil.
    mutating func nextPPG(by now: UInt64) -> UInt64? { take(&ppg, by: now, ppgComplete) }
    /// When the next telemetry packet was due if it was by `now` (it is then counted as taken), else nil.
    mutating func nextTelemetry(by now: UInt64) -> UInt64? { take(&telemetry, by: now, telemetryDue) }

    private func take(_ next: inout Int64, by now: UInt64, _ moment: (Int64) -> UInt64) -> UInt64? {
        let at = moment(next)
        guard at <= now else { return nil }
        next += 1
        return at
    }

    /// The earliest moment a packet not yet taken is complete (PPG only if `includingPPG`).
    func nextComplete(includingPPG: Bool) -> UInt64 {
        let next = min(eegComplete(eeg), imuComplete(imu), telemetryDue(telemetry))
        return includingPPG ? min(next, ppgComplete(ppg)) : next
    }

    /// When something due `seconds` of signal time after the start leaves (an Athena notification, a
    /// replayed one): a headband whose clock runs ``SimulatedHeadband/Configuration/clockFactor``
    /// times fast takes (and sends) everything that much earlier, its device time and block numbers
    /// running just as fast.
    func due(seconds: Double) -> UInt64 {
        origin + UInt64(max(0, seconds) * 1e9 / speed / max(clockFactor, 0.01))
    }
}
