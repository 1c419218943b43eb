/// What a source delivers: channel layout, nominal rate, unit and device identity. Recordings store it
/// as metadata, processors size their windows from it.
public struct SourceInfo: Sendable, Equatable, Codable {
    /// A short machine name of the kind of source: `"oscillator"`, `"muse"`, `"replay"`.
    public var kind: String
    /// Who made the device (`"InteraXon"`), or the software that synthesises the signal.
    public var manufacturer: String
    /// The device model (`"Muse 2016"`) or generator mode (`"realistic"`).
    public var model: String
    /// Device serial number or name, when known.
    public var serial: String?
    /// Device firmware version, when known.
    public var firmware: String?
    /// Channel names in frame order, e.g. `["TP9", "AF7", "AF8", "TP10"]`.
    public var channelNames: [String]
    /// The nominal sampling rate in Hz. Frames are `1 / samplingRate` seconds apart.
    public var samplingRate: Double
    /// The unit of the values, `"uV"` for EEG.
    public var unit: String

    /// Creates a source description.
    public init(
        kind: String, manufacturer: String, model: String, serial: String? = nil, firmware: String? = nil,
        channelNames: [String], samplingRate: Double, unit: String = "uV"
    ) {
        self.kind = kind
        self.manufacturer = manufacturer
        self.model = model
        self.serial = serial
        self.firmware = firmware
        self.channelNames = channelNames
        self.samplingRate = samplingRate
        self.unit = unit
    }

    /// The number of channels in each frame.
    public var channelCount: Int { channelNames.count }
}
