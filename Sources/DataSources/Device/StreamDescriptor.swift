/// One stream of a device: what a ``SampleBlock`` of it holds and how to read it.
///
/// A headband is several streams at once — EEG at 256 Hz, an accelerometer and a gyroscope at about
/// 52 Hz, PPG at 64 Hz, telemetry now and then — each with its own channels, unit and rate.
/// Everything downstream (the recorder's groups, the processors' windows, exports, network outlets)
/// sizes itself from these descriptors instead of knowing a device.
public struct StreamDescriptor: Sendable, Equatable, Codable {
    /// The kinds of stream the recorder knows how to store and process.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// Electroencephalogram, the primary stream of a recording.
        case eeg
        /// Linear acceleration (g).
        case accelerometer
        /// Angular velocity (°/s).
        case gyroscope
        /// Photoplethysmography (raw optical counts).
        case ppg
        /// Device telemetry (battery, fuel gauge, temperature).
        case telemetry
    }

    /// How the device's integer codes map to the physical unit, when the stream carries them: value =
    /// `scale` · code + `offset`. Stored so a recording can be rescaled exactly later (the Muse's true
    /// µV per count differs by about 19 % between the two conventions in use).
    public struct RawCoding: Sendable, Equatable, Codable {
        /// Bits per code (12 for the Muse's EEG).
        public var bits: Int
        /// Physical units per count.
        public var scale: Double
        /// Physical value of code 0.
        public var offset: Double

        /// Creates a coding.
        public init(bits: Int, scale: Double, offset: Double) {
            self.bits = bits
            self.scale = scale
            self.offset = offset
        }

        /// The raw code of a value the device did not deliver (its value is `NaN`): above every 12-
        /// or 16-bit code a device sends in practice.
        public static let missingCode: UInt16 = 0xFFFF

        /// The physical value of `code`.
        @inlinable public func physical(_ code: UInt16) -> Double { scale * Double(code) + offset }
    }

    /// A short, stable name (`eeg`, `accelerometer`, `gyroscope`, `ppg`, `telemetry`); blocks name
    /// their stream by it and recordings store the stream under it.
    public var name: String
    /// What the stream measures.
    public var kind: Kind
    /// Channel labels in column order, e.g. `["TP9", "AF7", "AF8", "TP10"]` or `["x", "y", "z"]`.
    public var channelLabels: [String]
    /// The unit of the values (`uV`, `g`, `deg/s`, `counts`, `%`).
    public var unit: String
    /// The nominal sampling rate in Hz (0 for irregular streams such as telemetry).
    public var samplingRate: Double
    /// The device's integer coding, when blocks of this stream carry raw codes.
    public var rawCoding: RawCoding?
    /// The physical range the device can measure (for exports), when known.
    public var physicalRange: ClosedRange<Double>?

    /// Creates a stream descriptor.
    public init(
        name: String, kind: Kind, channelLabels: [String], unit: String, samplingRate: Double, rawCoding: RawCoding? = nil,
        physicalRange: ClosedRange<Double>? = nil
    ) {
        self.name = name
        self.kind = kind
        self.channelLabels = channelLabels
        self.unit = unit
        self.samplingRate = samplingRate
        self.rawCoding = rawCoding
        self.physicalRange = physicalRange
    }

    /// The number of channels (columns) in each sample.
    public var channelCount: Int { channelLabels.count }
}
