/// Study-wide settings: the day window, the mains frequency for the noise check, how data are
/// protected and moved, and how cues are given.
package struct StudySettings: Sendable, Hashable, Codable {
    /// How long a study day stays open after its first completed item, in hours (default 12, as
    /// the reference's `timeOutTimeInterval`). The next day opens when this window ends.
    package var dayWindowHours: Double
    /// The local mains frequency in Hz (50 or 60), checked for interference during preparation.
    package var mainsFrequency: Int
    /// Whether and for whom stored files are encrypted.
    package var encryption: EncryptionRequirement
    /// When stored files are uploaded.
    package var transfer: TransferPolicy
    /// How prompts are announced: spoken, a terminal bell, or not at all.
    package var cues: CueMode
    /// Whether `run` writes a post-session report (HTML) next to the data after each session with EEG.
    package var report: ReportMode
    /// The key that signs the announcements participants are shown (`announcements`), when the
    /// study requires signed announcements; `nil` leaves it to the device's `transfer.json`.
    package var announcements: AnnouncementSigning?

    /// The defaults: a 12 h day window, 50 Hz, no encryption, upload after each session, speech, no
    /// post-session report.
    package static let defaults = StudySettings(
        dayWindowHours: 12, mainsFrequency: 50, encryption: EncryptionRequirement(scheme: .none, recipients: []),
        transfer: TransferPolicy(mode: .afterEachSession), cues: .speech)

    /// Creates settings.
    package init(
        dayWindowHours: Double, mainsFrequency: Int, encryption: EncryptionRequirement, transfer: TransferPolicy,
        cues: CueMode, report: ReportMode = .none
    ) {
        self.dayWindowHours = dayWindowHours
        self.mainsFrequency = mainsFrequency
        self.encryption = encryption
        self.transfer = transfer
        self.cues = cues
        self.report = report
    }

    /// The day window in seconds.
    package var dayWindowSeconds: Double { dayWindowHours * 3600 }
}
