/// What a source is and what it delivers: device identity and its streams.
///
/// A headband's identity (model, serial, firmware, which channels the chosen preset streams) is known
/// only after connecting, so a source announces its descriptor with ``SourceEvent/started(_:)``; the
/// ``DataController`` hands it to every observer as ``DataEvent/started(_:)`` before any sample, and
/// recorders and processors size themselves from it then. Recordings store it as metadata.
public struct DeviceDescriptor: Sendable, Equatable, Codable {
    /// A short machine name of the kind of source: `"oscillator"`, `"muse"`, `"replay"`.
    public var kind: String
    /// Who made the device (`"InteraXon"`), or the software that synthesises the signal.
    public var manufacturer: String
    /// The device model (`"Muse 2"`) or generator mode.
    public var model: String
    /// Device serial number or name, when known.
    public var serial: String?
    /// Device firmware version, when known.
    public var firmware: String?
    /// Device hardware revision, when known.
    public var hardware: String?
    /// Further facts the device reported (preset, bootloader, MAC address …), stored with a recording.
    public var properties: [String: String]
    /// The device's streams; the first ``StreamDescriptor/Kind/eeg`` stream is the primary one.
    public var streams: [StreamDescriptor]
    /// Named groups of EEG channels the study protocols refer to: `front` and `back` for the fitting
    /// steps' "good signal front/back". Channels not on the device are simply absent.
    public var electrodeGroups: [String: [String]]
    /// Where the signal comes from, as the source knows it (``SignalOrigin``); `nil` when the source
    /// does not say (stored as ``SignalOrigin/other``).
    public var origin: SignalOrigin?
    /// The name and version of the decoder that turned the device's bytes into samples
    /// (`muse-classic/1`, `muse-athena/1`); `nil` for a source that decodes nothing.
    public var decoder: String?

    /// Creates a descriptor. `streams` must contain an EEG stream.
    public init(
        kind: String, manufacturer: String, model: String, serial: String? = nil, firmware: String? = nil, hardware: String? = nil,
        properties: [String: String] = [:], streams: [StreamDescriptor], electrodeGroups: [String: [String]] = [:], origin: SignalOrigin? = nil,
        decoder: String? = nil
    ) {
        self.kind = kind
        self.manufacturer = manufacturer
        self.model = model
        self.serial = serial
        self.firmware = firmware
        self.hardware = hardware
        self.properties = properties
        self.streams = streams
        self.electrodeGroups = electrodeGroups
        self.origin = origin
        self.decoder = decoder
    }

    /// A device that delivers EEG only: the common case of synthetic and replayed sources.
    public init(
        kind: String, manufacturer: String, model: String, serial: String? = nil, firmware: String? = nil, channelNames: [String],
        samplingRate: Double, unit: String = "uV", electrodeGroups: [String: [String]] = [:], origin: SignalOrigin? = nil
    ) {
        self.init(
            kind: kind, manufacturer: manufacturer, model: model, serial: serial, firmware: firmware,
            streams: [StreamDescriptor(name: "eeg", kind: .eeg, channelLabels: channelNames, unit: unit, samplingRate: samplingRate)],
            electrodeGroups: electrodeGroups, origin: origin)
    }

    /// The primary EEG stream (the first stream of kind EEG; the first stream if none is).
    public var eeg: StreamDescriptor {
        streams.first { $0.kind == .eeg } ?? streams.first
            ?? StreamDescriptor(name: "eeg", kind: .eeg, channelLabels: [], unit: "uV", samplingRate: 0)
    }

    /// The stream named `name`, if the device has it.
    public func stream(named name: String) -> StreamDescriptor? { streams.first { $0.name == name } }

    /// The EEG channel labels in column order.
    public var channelNames: [String] { eeg.channelLabels }
    /// The EEG sampling rate in Hz.
    public var samplingRate: Double { eeg.samplingRate }
    /// The unit of the EEG values.
    public var unit: String { eeg.unit }
    /// The number of EEG channels.
    public var channelCount: Int { eeg.channelCount }

    /// The electrode groups of the Muse's four (five) channels: front AF7+AF8, back TP9+TP10.
    public static let museElectrodeGroups: [String: [String]] = ["front": ["AF7", "AF8"], "back": ["TP9", "TP10"]]
}
