/// Study-wide settings: the day window, the mains frequency for the noise check, how data are
/// protected and moved, and how cues are given.
public struct StudySettings: Sendable, Hashable, Codable {
    /// How long a study day stays open after its first completed item, in hours (default 12, as
    /// the reference's `timeOutTimeInterval`). The next day opens when this window ends.
    public var dayWindowHours: Double
    /// The local mains frequency in Hz (50 or 60), checked for interference during preparation.
    public var mainsFrequency: Int
    /// Whether and for whom stored files are encrypted.
    public var encryption: EncryptionPolicy
    /// When stored files are uploaded.
    public var transfer: TransferPolicy
    /// How prompts are announced: spoken, a terminal bell, or not at all.
    public var cues: CueMode

    /// The defaults: a 12 h day window, 50 Hz, no encryption, upload after each session, speech.
    public static let defaults = StudySettings(
        dayWindowHours: 12, mainsFrequency: 50, encryption: EncryptionPolicy(mode: .none, recipients: []),
        transfer: TransferPolicy(mode: .afterEachSession), cues: .speech)

    /// Creates settings.
    public init(
        dayWindowHours: Double, mainsFrequency: Int, encryption: EncryptionPolicy, transfer: TransferPolicy,
        cues: CueMode
    ) {
        self.dayWindowHours = dayWindowHours
        self.mainsFrequency = mainsFrequency
        self.encryption = encryption
        self.transfer = transfer
        self.cues = cues
    }

    /// The day window in seconds.
    public var dayWindowSeconds: Double { dayWindowHours * 3600 }
}

/// Whether stored files are encrypted, and to whom.
public struct EncryptionPolicy: Sendable, Hashable, Codable {
    /// The encryption used.
    public var mode: EncryptionMode
    /// OpenPGP recipients (key fingerprints or key file paths relative to the study folder).
    public var recipients: [String]

    /// Creates a policy.
    public init(mode: EncryptionMode, recipients: [String]) {
        self.mode = mode
        self.recipients = recipients
    }
}

/// The encryption applied to stored files.
public enum EncryptionMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Files are stored in plain form.
    case none
    /// Files are encrypted with OpenPGP while they are written.
    case openpgp
}

/// When stored data are moved to the study's server.
public struct TransferPolicy: Sendable, Hashable, Codable {
    /// The upload moment.
    public var mode: TransferMode

    /// Creates a policy.
    public init(mode: TransferMode) { self.mode = mode }
}

/// The moment stored files are uploaded.
public enum TransferMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// After every session (recording or questionnaire), as the reference does.
    case afterEachSession
    /// At the end of every study day.
    case afterEachDay
    /// Only when the experimenter runs the upload command.
    case manual
    /// Never; data stay on this machine.
    case never
}

/// How the runner draws attention to a new phase.
public enum CueMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Texts are spoken (espeak-ng), as the reference does for every prompt.
    case speech
    /// A terminal bell sounds at each prompt.
    case bell
    /// No audible cue.
    case none
}
