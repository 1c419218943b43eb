/// Settings of the synthetic ``OscillatorSource``; every field has a default that gives a 4-channel,
/// 256 Hz realistic EEG in real time.
public struct OscillatorConfiguration: Sendable, Equatable {
    /// What the oscillator synthesises.
    public enum Mode: String, Sendable, CaseIterable, Codable {
        /// The reference app's test signal: channel *i* (1-based) is `A·sin(2π·10i·t)` µV, with the
        /// amplitude `A` swept by the reference's "autopilot" (start 300, every 0.5 s +3 while rising,
        /// −10 while falling, turning at ≥ 100 and ≤ 1), which drives fitting views through
        /// bad → good → bad.
        case mynd
        /// An EEG-like signal: 1/f background, waxing and waning alpha (stronger at the back), mains
        /// hum, and occasional blinks (frontal) and motion artefacts (all channels).
        case realistic
    }

    /// What to synthesise.
    public var mode: Mode
    /// Seed of the random generator: the same seed gives the same signal, sample for sample.
    public var seed: UInt64
    /// The exact sampling rate in Hz: sample *n* is at `startTime + n / samplingRate`.
    public var samplingRate: Double
    /// Adds a fifth channel, `AUX`.
    public var auxChannel: Bool
    /// How fast samples are delivered.
    public var pacing: Pacing
    /// The mains frequency of the simulated hum (50 or 60 Hz).
    public var lineFrequency: Double
    /// Amplitude of the mains hum in µV (realistic mode).
    public var lineNoiseAmplitude: Double
    /// Mean number of blinks per minute (realistic mode).
    public var blinksPerMinute: Double
    /// Mean number of motion artefacts per minute (realistic mode).
    public var motionsPerMinute: Double
    /// Mean number of dropouts per minute, each losing 50–500 ms of samples (any mode; 0 = none).
    public var dropoutsPerMinute: Double
    /// Time of sample 0 in seconds since the Unix epoch; `nil` takes the recording clock at start.
    public var startTime: Double?
    /// Stop after this many samples; `nil` runs until stopped.
    public var sampleLimit: Int64?

    /// Creates a configuration; see each property for its meaning.
    public init(
        mode: Mode = .realistic, seed: UInt64 = 1, samplingRate: Double = 256, auxChannel: Bool = false,
        pacing: Pacing = .realTime, lineFrequency: Double = 50, lineNoiseAmplitude: Double = 4,
        blinksPerMinute: Double = 12, motionsPerMinute: Double = 1, dropoutsPerMinute: Double = 0,
        startTime: Double? = nil, sampleLimit: Int64? = nil
    ) {
        self.mode = mode
        self.seed = seed
        self.samplingRate = samplingRate
        self.auxChannel = auxChannel
        self.pacing = pacing
        self.lineFrequency = lineFrequency
        self.lineNoiseAmplitude = lineNoiseAmplitude
        self.blinksPerMinute = blinksPerMinute
        self.motionsPerMinute = motionsPerMinute
        self.dropoutsPerMinute = dropoutsPerMinute
        self.startTime = startTime
        self.sampleLimit = sampleLimit
    }

    /// The channel names in column order: the Muse's electrodes, plus `AUX` when enabled, so a study
    /// protocol can be tried with the oscillator exactly as with the headband.
    public var channelNames: [String] {
        ["TP9", "AF7", "AF8", "TP10"] + (auxChannel ? ["AUX"] : [])
    }

    /// The descriptor an oscillator with this configuration announces.
    /// Its EEG stream claims the Muse's physical range (−1000…+999.5 µV), the headband it stands in for,
    /// so exports of oscillator recordings are scaled as a headband's would be.
    public var descriptor: DeviceDescriptor {
        var descriptor = DeviceDescriptor(
            kind: "oscillator", manufacturer: "StudyRecorder", model: "oscillator (\(mode.rawValue))", serial: "seed-\(seed)",
            channelNames: channelNames, samplingRate: samplingRate, electrodeGroups: DeviceDescriptor.museElectrodeGroups,
            origin: .oscillator)
        if let eeg = descriptor.streams.firstIndex(where: { $0.kind == .eeg }) {
            descriptor.streams[eeg].physicalRange = Self.physicalRange
        }
        return descriptor
    }

    /// The physical range the oscillator's EEG claims: the Muse's 12-bit range in µV.
    public static let physicalRange: ClosedRange<Double> = -1000...999.51171875
}
