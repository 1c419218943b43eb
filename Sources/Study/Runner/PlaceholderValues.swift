public import Foundation

/// The values of the built-in placeholders at one moment of a run: the words of the locale always,
/// the names once the participant is enrolled, and the session's title, day and durations within a
/// session. Every text a participant sees is filled from one of these, so `#possessivePatient#`
/// reads "Annas" or "Hans’" in German wherever it appears (see ``PlaceholderScope`` for which names
/// a text may use, checked by `validate`).
package struct PlaceholderValues: Sendable {
    /// The locale texts are shown in.
    package var locale: String
    /// The participant's names, once known.
    package var names: ParticipantNames?
    /// The study day (1-based).
    package var day: Int?
    /// The session's title, already rendered.
    package var sessionTitle: String?
    /// The estimated minutes of one block (or of a questionnaire).
    package var blockMinutes: Int?
    /// The estimated minutes of the session still ahead.
    package var remainingMinutes: Int?
    /// When the next study day opens.
    package var nextDayOpens: Date?

    /// Values with only the locale's words (before enrolment).
    package init(locale: String, names: ParticipantNames? = nil) {
        self.locale = locale
        self.names = names
    }

    /// The filled-in values by placeholder name.
    package var dictionary: [String: String] {
        let strings = RuntimeStrings(locale: locale)
        let all = (names ?? ParticipantNames(patientName: "")).placeholderValues(locale: locale)
        var values = all.filter { PlaceholderScope.words.contains($0.key) }
        if names != nil { values.merge(all) { $1 } }
        if let day { values["day"] = String(day) }
        if let nextDayOpens { values["nextDayOpens"] = strings.dateTime(nextDayOpens) }
        return Self.adding(sessionTitle: sessionTitle, blockMinutes: blockMinutes, remainingMinutes: remainingMinutes, to: values, locale: locale)
    }

    /// `values` with a session's title and durations added: cheap, so a recording can fill them per
    /// block after the device started, where a full ``dictionary`` (which formats a date) would
    /// hold up the signal.
    package static func adding(
        sessionTitle: String?, blockMinutes: Int?, remainingMinutes: Int?, to values: [String: String], locale: String
    ) -> [String: String] {
        var values = values
        if let sessionTitle { values["sessionTitle"] = sessionTitle }
        if let blockMinutes { values["blockDuration"] = String(blockMinutes) }
        if let remainingMinutes { values["youHaveTimeRemaining"] = RuntimeStrings(locale: locale)(.timeRemaining, remainingMinutes) }
        return values
    }

    /// The reference's estimate of a questionnaire's length: 40 s per question, in whole minutes.
    package static func questionnaireMinutes(_ questionnaire: Questionnaire) -> Int {
        max(1, Int((Double(questionnaire.questions.count) * 40 / 60).rounded(.up)))
    }
}
