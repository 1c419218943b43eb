public import Foundation

/// A completed questionnaire as stored in `q_<title>_<day>_<session>_<run>_<uuid>.json`: typed answers
/// plus where in the study they were given. Never holds the participant's name.
package struct QuestionnaireRecord: Sendable, Equatable, Codable {
    /// Always `study-recorder-questionnaire`.
    package var format = "study-recorder-questionnaire"
    /// The version of this JSON layout.
    package var formatVersion = 1
    /// The questionnaire's title (`initial`, `motivation`).
    package var title: String
    /// The study's name and the version of its study file.
    package var study: String?
    /// The study file's version, so answers can be matched to the questions asked.
    package var studyVersion: String?
    /// The participant's UUID.
    package var participant: String
    /// Study day (1-based).
    package var day: Int
    /// The session within its study day, 1-based ("day 2, session 3"; 0 for enrolment and for
    /// items made outside a study).
    package var session: Int
    /// The participant's global run counter.
    package var run: Int
    /// The locale the questions were shown in (`de`).
    package var locale: String
    /// When the first question was shown.
    package var started: Date
    /// When the last answer was given.
    package var finished: Date
    /// The answers in the order asked.
    package var answers: [QuestionnaireAnswer]
    /// Where the record came from: whether a script stood in for the participant (`--auto`), the
    /// speed, the software and the command line (``Provenance``); `nil` in records written before it.
    package var provenance: Provenance?

    /// Creates a record.
    package init(
        title: String, study: String? = nil, studyVersion: String? = nil, participant: String, day: Int, session: Int, run: Int,
        locale: String, started: Date, finished: Date, answers: [QuestionnaireAnswer]
    ) {
        self.title = title
        self.study = study
        self.studyVersion = studyVersion
        self.participant = participant
        self.day = day
        self.session = session
        self.run = run
        self.locale = locale
        self.started = started
        self.finished = finished
        self.answers = answers
    }

    /// The answer to question `id`, if asked.
    package func answer(_ id: String) -> AnswerValue? {
        answers.first { $0.id == id }?.value
    }
}
