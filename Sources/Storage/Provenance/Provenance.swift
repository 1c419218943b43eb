public import DataSources

/// Where a stored item came from: the signal's source, whether a script stood in for the
/// participant, the speed, the software and decoder that made it, and the command line that ran.
/// Every recording stores it as the `/Provenance` group; questionnaire records, trial tables and
/// consent records as their `provenance` object (docs/formats.md). Exports and `collect` read it
/// to keep demonstration data out of a dataset (``isDemonstration``).
public struct Provenance: Sendable, Hashable, Codable {
    /// Where the signal comes from (recordings and trial tables; `nil` for items without a signal:
    /// questionnaires and consent).
    public var source: SignalOrigin?
    /// Whether answers, keys or consent came from a script (`--auto`, `--answers`) rather than a person.
    public var scriptedParticipant: Bool
    /// Seconds of study time per second of real time (1: real time; 0: as fast as possible).
    public var speed: Double
    /// The version of study-recorder that wrote the item.
    public var softwareVersion: String
    /// The decoder that made the samples from the device's bytes (``DeviceDescriptor/decoder``),
    /// when there was one.
    public var decoderVersion: String?
    /// The command line that made the item, with every value that could identify a person left out
    /// (``redacting(_:)``); `nil` when the item was made by a program through the kit.
    public var commandLine: [String]?
    /// For a recording decoded again from its stored bytes (`redecode`): the decoder that made the
    /// samples when it was recorded (``decoderVersion`` then names today's); `nil` otherwise.
    public var recordedDecoderVersion: String?

    /// A provenance; the defaults describe a person at real time with no command line.
    public init(
        source: SignalOrigin? = nil, scriptedParticipant: Bool = false, speed: Double = 1, softwareVersion: String = ProductVersion.current,
        decoderVersion: String? = nil, commandLine: [String]? = nil
    ) {
        self.source = source
        self.scriptedParticipant = scriptedParticipant
        self.speed = speed
        self.softwareVersion = softwareVersion
        self.decoderVersion = decoderVersion
        self.commandLine = commandLine
    }

    /// This provenance for a recording from a source that announced `descriptor`: its origin
    /// (``SignalOrigin/other`` when it does not say) and its decoder.
    public func recording(from descriptor: DeviceDescriptor) -> Provenance {
        var p = self
        p.source = descriptor.origin ?? .other
        p.decoderVersion = descriptor.decoder
        return p
    }

    /// Whether the item is not a participant's data: a script answered, or the signal was made or
    /// played back (``SignalOrigin/isSimulated``). Such items stay out of a dataset unless asked for.
    public var isDemonstration: Bool {
        scriptedParticipant || (source?.isSimulated ?? false)
    }

    /// What makes the item demonstration data, in a few words (`scripted participant, oscillator,
    /// 20x speed`), or `nil` when it is a participant's.
    public var demonstrationReason: String? {
        guard isDemonstration else { return nil }
        var parts: [String] = []
        if scriptedParticipant { parts.append("scripted participant") }
        if let source, source.isSimulated { parts.append(source.rawValue) }
        if speed != 1 { parts.append(speed == 0 ? "as fast as possible" : "\(Self.number(speed))x speed") }
        return parts.joined(separator: ", ")
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}
