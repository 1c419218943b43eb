/// The topics of consent pages (the reference's ResearchKit section types).
package enum ConsentTopic: String, Sendable, Hashable, Codable, CaseIterable {
    /// What the study is about.
    case overview
    /// What data are collected.
    case dataGathering
    /// How privacy is protected.
    case privacy
    /// How the data are used.
    case dataUse
    /// How much time taking part needs.
    case timeCommitment
    /// The questionnaires.
    case studySurvey
    /// The tasks.
    case studyTasks
    /// How to withdraw.
    case withdrawing
    /// Anything else.
    case custom
}
