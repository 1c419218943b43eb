public import DataSources

/// What to record: who, for which study position, and for how long.
public struct RecordingRequest: Sendable, Equatable {
    /// The participant's UUID.
    public var participant: String
    /// The study's name.
    public var study: String?
    /// Study day (1-based).
    public var day: Int
    /// The session within its study day, 1-based ("day 2, session 3"; 0 for enrolment and for
    /// items made outside a study).
    public var session: Int
    /// The run index; `nil` takes the participant's next (last run in the catalog + 1).
    public var run: Int?
    /// The paradigm (names the file; stored in `/Paradigm`).
    public var paradigm: Paradigm?
    /// Stop after this many seconds of signal; `nil` records until stopped.
    public var duration: Double?
    /// The mains frequency at the recording site.
    public var powerLineFrequency: Double?
    /// The participant's locale.
    public var locale: String?
    /// Further typed attributes for `/Recording`.
    public var extra: [String: MetadataValue]
    /// Store every time on Lab Streaming Layer's clock too, through this mapping (`--clock lsl`).
    public var lslClock: LSLClockMapping?
    /// Where the recording comes from, as the caller knows it (a scripted participant, the speed,
    /// the command line); the source's origin and decoder are added when it announces itself.
    public var provenance: Provenance

    /// Creates a request.
    public init(
        participant: String, study: String? = nil, day: Int = 1, session: Int = 1, run: Int? = nil, paradigm: Paradigm? = nil,
        duration: Double? = nil, powerLineFrequency: Double? = nil, locale: String? = nil, extra: [String: MetadataValue] = [:],
        lslClock: LSLClockMapping? = nil, provenance: Provenance = Provenance()
    ) {
        self.participant = participant
        self.study = study
        self.day = day
        self.session = session
        self.run = run
        self.paradigm = paradigm
        self.duration = duration
        self.powerLineFrequency = powerLineFrequency
        self.locale = locale
        self.extra = extra
        self.lslClock = lslClock
        self.provenance = provenance
    }
}
