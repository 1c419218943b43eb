/// Whether a session asks questions or records EEG.
package enum SessionKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A questionnaire, answered in the terminal.
    case questionnaire
    /// An EEG recording of one or more blocks.
    case recording
}
