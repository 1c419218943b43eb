/// The moment stored files are uploaded.
package enum TransferMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// After every session (recording or questionnaire), as the reference does.
    case afterEachSession
    /// At the end of every study day.
    case afterEachDay
    /// Only when the experimenter runs the upload command.
    case manual
    /// Never; data stay on this machine.
    case never
}
