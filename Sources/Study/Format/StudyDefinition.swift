/// A whole study protocol as read from `Studies/<name>/study.json`: days of sessions, the sessions,
/// trial types, questionnaires, preparations, consent and settings. Everything the runner needs is
/// here; nothing about the protocol is hard-coded.
public struct StudyDefinition: Sendable, Hashable, Codable {
    /// The file-format version the study was written for (see ``StudyModule/formatVersion``).
    public var formatVersion: Int
    /// A short identifier (`[a-z0-9-]`), used for the progress file and file names.
    public var id: String
    /// The study's title.
    package var title: LocalizedText
    /// A description shown at enrolment.
    package var description: LocalizedText?
    /// The locales the study is written for.
    package var locales: [String]
    /// The locale every localized text must have; the fallback of all others.
    package var defaultLocale: String
    /// Study-wide settings.
    package var settings: StudySettings
    /// Named reusable texts, used as placeholders (`#getReady#`).
    package var texts: [String: LocalizedText]
    /// The consent document.
    package var consent: Consent
    /// Named preparation step lists (`start`, `checkUp`).
    package var preparations: [String: [PreparationStep]]
    /// Named trial types.
    package var trialTypes: [String: TrialType]
    /// Named questionnaires.
    package var questionnaires: [String: Questionnaire]
    /// Named sessions.
    package var sessions: [String: Session]
    /// The days in order.
    package var days: [Day]
    /// What exports of the study's data say about it (authors, licence, institution, questionnaire
    /// columns), when the study file has `dataset`.
    package var dataset: DatasetMetadata?
    /// When the study overview flags a participant, when the study file has `monitoring` (else
    /// ``MonitoringThresholds/defaults``: ``monitoringThresholds``).
    package var monitoring: MonitoringThresholds?

    /// The thresholds the study overview applies: the study file's, else the defaults.
    package var monitoringThresholds: MonitoringThresholds { monitoring ?? .defaults }

    /// The texts of the desktop reminder (`study-recorder remind`), when the study file has
    /// `reminders`; the runtime's defaults otherwise.
    package var reminders: Reminders?

    /// Creates a study definition.
    package init(
        formatVersion: Int = StudyModule.formatVersion, id: String, title: LocalizedText, description: LocalizedText? = nil,
        locales: [String], defaultLocale: String, settings: StudySettings = .defaults, texts: [String: LocalizedText] = [:],
        consent: Consent, preparations: [String: [PreparationStep]] = [:], trialTypes: [String: TrialType] = [:],
        questionnaires: [String: Questionnaire] = [:], sessions: [String: Session], days: [Day], dataset: DatasetMetadata? = nil,
        monitoring: MonitoringThresholds? = nil,
        reminders: Reminders? = nil
    ) {
        self.formatVersion = formatVersion
        self.id = id
        self.title = title
        self.description = description
        self.locales = locales
        self.defaultLocale = defaultLocale
        self.settings = settings
        self.texts = texts
        self.consent = consent
        self.preparations = preparations
        self.trialTypes = trialTypes
        self.questionnaires = questionnaires
        self.sessions = sessions
        self.days = days
        self.dataset = dataset
        self.monitoring = monitoring
        self.reminders = reminders
    }

    /// Every protocol item (a session on a day) in order, with its position.
    package var items: [ProtocolItem] {
        days.enumerated().flatMap { dayIndex, day in
            day.sessions.enumerated().map { itemIndex, name in
                ProtocolItem(position: ItemPosition(day: dayIndex, item: itemIndex), sessionName: name)
            }
        }
    }

    /// The index in ``items`` of "day `day`, session `session`" (both 1-based, as stored with every
    /// item), or `nil` when the protocol has no such session.
    public func itemIndex(day: Int?, session: Int?) -> Int? {
        guard let day, let session, let position = ItemPosition(dayNumber: day, sessionNumber: session) else { return nil }
        return items.firstIndex { $0.position == position }
    }

    /// The session of a protocol item.
    package func session(at position: ItemPosition) -> Session? {
        guard days.indices.contains(position.day), days[position.day].sessions.indices.contains(position.item) else {
            return nil
        }
        return sessions[days[position.day].sessions[position.item]]
    }

    /// Resolves `text` for `locale` with the study's fallback and fills its placeholders: named texts
    /// from ``texts`` and the given `values` (e.g. `patientName`, `mentalSubtraction`).
    package func render(_ text: LocalizedText, locale: String, values: [String: String] = [:]) -> String {
        let raw = text.resolved(for: locale, defaultLocale: defaultLocale)
        var lookup = values
        for (name, named) in texts where lookup[name] == nil {
            lookup[name] = Placeholders.fill(named.resolved(for: locale, defaultLocale: defaultLocale), with: values)
        }
        return Placeholders.fill(raw, with: lookup)
    }
}
