/// How one participant is keeping to the study, as the experimenter's monitoring needs it: when
/// they enrolled and last uploaded, the sessions due, done and missed against the schedule, how much
/// of their signal was good and how much was lost, how their headband fared, and how much of theirs
/// was scripted or simulated (counted apart; a participant whose every recording was is a demo, left
/// out of the study's figures). Only the pseudonymous UUID, never a name.
public struct ParticipantAdherence: Sendable, Equatable, Codable {
    /// The participant's UUID.
    public var participant: String
    /// The day (UTC, `2026-11-28`) of their first item: enrolment, when the consent was collected.
    public var enrolled: String?
    /// When their latest upload reached the server (ISO 8601, UTC).
    public var lastUpload: String?
    /// Whole days from ``lastUpload`` to the overview's day.
    public var daysSinceUpload: Int?
    /// The study day they are on by the calendar (one study day per day since enrolment), at most
    /// the protocol's last.
    public var studyDay: Int
    /// Sessions of the protocol due by ``studyDay``.
    public var sessionsDue: Int
    /// Sessions of which something was collected.
    public var sessionsCompleted: Int
    /// Sessions of past study days with nothing collected.
    public var sessionsMissed: Int
    /// The most recent run of missed sessions (0 when the latest past session was done).
    public var missedInARow: Int
    /// The share of channel-windows graded good over all their recordings (0…1), when quality was stored.
    public var goodSignal: Double?
    /// Seconds recorded, and of them lost to link gaps (EEG rows without data).
    public var recordedSeconds: Double
    public var lostSeconds: Double
    /// Reconnections of the headband over all their recordings.
    public var reconnects: Int
    /// The battery level (percent) at the start and the end of their latest recording, when it said.
    public var batteryStart: Double?
    public var batteryEnd: Double?
    /// The headbands they recorded with: model and firmware (`Muse S Athena 3.1.19`).
    public var devices: [String]
    /// Recordings that came from a scripted participant (`--auto`, `--answers`), and from a simulated or
    /// replayed source, as their `/Provenance` says.
    public var scriptedItems: Int
    public var simulatedItems: Int
    /// Items collected of theirs in all (recordings, questionnaires, trial tables).
    public var items: Int
    /// Whether every recording of theirs is scripted or simulated: a demo, not a participant, left out
    /// of the study's figures (``MonitoringSummary``).
    public var isDemo: Bool
    /// What needs the experimenter; empty when nothing does.
    public var flags: [OverviewFlag]

    /// A participant's figures.
    public init(
        participant: String, enrolled: String? = nil, lastUpload: String? = nil, daysSinceUpload: Int? = nil, studyDay: Int = 0, sessionsDue: Int = 0,
        sessionsCompleted: Int = 0, sessionsMissed: Int = 0, missedInARow: Int = 0, goodSignal: Double? = nil, recordedSeconds: Double = 0,
        lostSeconds: Double = 0, reconnects: Int = 0, batteryStart: Double? = nil, batteryEnd: Double? = nil, devices: [String] = [],
        scriptedItems: Int = 0, simulatedItems: Int = 0, items: Int = 0, isDemo: Bool = false, flags: [OverviewFlag] = []
    ) {
        self.participant = participant
        self.enrolled = enrolled
        self.lastUpload = lastUpload
        self.daysSinceUpload = daysSinceUpload
        self.studyDay = studyDay
        self.sessionsDue = sessionsDue
        self.sessionsCompleted = sessionsCompleted
        self.sessionsMissed = sessionsMissed
        self.missedInARow = missedInARow
        self.goodSignal = goodSignal
        self.recordedSeconds = recordedSeconds
        self.lostSeconds = lostSeconds
        self.reconnects = reconnects
        self.batteryStart = batteryStart
        self.batteryEnd = batteryEnd
        self.devices = devices
        self.scriptedItems = scriptedItems
        self.simulatedItems = simulatedItems
        self.items = items
        self.isDemo = isDemo
        self.flags = flags
    }

    /// The share of recording time lost (0…1), when anything was recorded.
    public var lostShare: Double? { recordedSeconds > 0 ? lostSeconds / recordedSeconds : nil }
}
