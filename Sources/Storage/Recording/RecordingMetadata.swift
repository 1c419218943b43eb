public import DataSources
public import Foundation

/// Everything known about a recording when it starts; written as attributes of `/Recording` (and the
/// `/Paradigm` group) and kept in the crash journal so a recovered file carries it too.
public struct RecordingMetadata: Sendable, Equatable, Codable {
    /// The participant's pseudonymous UUID.
    public var participant: String
    /// The study's name, if the recording belongs to one.
    public var study: String?
    /// Study day (1-based).
    public var day: Int
    /// The session within its study day, 1-based ("day 2, session 3"; 0 for enrolment and for
    /// items made outside a study).
    public var session: Int
    /// The participant's global run counter (the reference's `runID`).
    public var run: Int
    /// The paradigm, if any; its title names the file.
    public var paradigm: Paradigm?
    /// The source: device identity and streams.
    public var source: DeviceDescriptor
    /// The anchor of the recording clock (the monotonic and UTC readings taken together), when known.
    public var clockAnchor: ClockAnchor?
    /// The mains frequency at the recording site (50 or 60 Hz), when known.
    public var powerLineFrequency: Double?
    /// The participant's locale (e.g. `de`), when known.
    public var locale: String?
    /// When the recording was created.
    public var created: Date
    /// The software that wrote it.
    public var softwareVersion: String
    /// Further typed attributes (e.g. `fittingTime`).
    public var extra: [String: MetadataValue]
    /// Where the recording came from, written as `/Provenance`; `nil` writes no such group.
    public var provenance: Provenance?

    /// Creates metadata; `created` defaults to now.
    public init(
        participant: String, study: String? = nil, day: Int = 1, session: Int = 1, run: Int = 1, paradigm: Paradigm? = nil,
        source: DeviceDescriptor, clockAnchor: ClockAnchor? = nil, powerLineFrequency: Double? = nil, locale: String? = nil, created: Date = Date(),
        softwareVersion: String = ProductVersion.current, extra: [String: MetadataValue] = [:],
        provenance: Provenance? = nil
    ) {
        self.participant = participant
        self.study = study
        self.day = day
        self.session = session
        self.run = run
        self.paradigm = paradigm
        self.source = source
        self.clockAnchor = clockAnchor
        self.powerLineFrequency = powerLineFrequency
        self.locale = locale
        self.created = created
        self.softwareVersion = softwareVersion
        self.extra = extra
        self.provenance = provenance
    }
}
