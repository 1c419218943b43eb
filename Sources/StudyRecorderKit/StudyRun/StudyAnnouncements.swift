public import Storage
public import Study
public import Transfer

/// The study team's announcements a participant is shown before a session: the new ones for them,
/// in their locale, with placeholders filled by the engine that fills the study's texts. Without a
/// transfer configuration, or one without `announcements`, there are none.
package enum StudyAnnouncements {
    /// New announcements for `participant` in `locale`; problems (and names a message uses that no
    /// engine knows) go to `notice` as warnings, and never stop the session. When `study` names a
    /// signing key, only messages signed by it are shown (``settings(_:study:)``).
    package static func new(
        for participant: String, locale: String, transfer: TransferSetup, store: DataStore, study: StudyDefinition? = nil,
        notice: @Sendable (String) -> Void
    ) async -> [Announcement] {
        guard let configuration = try? transfer.configuration(), let configured = configuration.announcements else { return [] }
        do {
            let settings = try Self.settings(configured, study: study)
            let secrets = try TransferSecrets.load(file: TransferSetup.secretsFile(for: configuration, dataFolder: store.root))
            let person = try? ParticipantRegistry(store: store).participant(id: participant)
            let checker = try AnnouncementChecker(store: store, settings: settings, credentials: secrets.announcements)
            let result = try await checker.check(participant: participant, locale: locale)
            for warning in result.warnings { notice("warning: \(warning)") }
            return rendered(result.announcements.filter(\.isNew), person: person, notice: notice)
        } catch {
            notice("warning: announcements not checked: \(error)")
            return []
        }
    }

    /// The announcement settings of `transfer.json` with the signing key `study` names
    /// (`settings.announcements` of study.json), which is the lab's word: with it, a message is
    /// shown only with a valid signature by that key. Throws a ``TransferError`` (configuration) in
    /// one line when `transfer.json` names another key; without a study key, `configured` as it is.
    package static func settings(_ configured: AnnouncementSettings, study: StudyDefinition?) throws -> AnnouncementSettings {
        guard let key = study?.settings.announcements else { return configured }
        return try configured.requiring(studyKeyFile: key.signingKeyFile, fingerprint: key.signingFingerprint)
    }

    /// `announcements` with placeholders filled for `person`; unknown names are warnings.
    package static func rendered(_ announcements: [Announcement], person: Participant?, notice: @Sendable (String) -> Void) -> [Announcement] {
        let names = person.map { ParticipantNames(patientName: $0.name ?? "", helperName: $0.helperName) }
        return announcements.map { announcement in
            let (filled, unknown) = announcement.rendered(with: names)
            for name in unknown { notice("warning: \(announcement.scope.rawValue) message: unknown placeholder #\(name)# left out") }
            return filled
        }
    }
}
