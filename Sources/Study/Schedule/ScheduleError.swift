/// Why the schedule refused a change or a progress file.
package enum ScheduleError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The progress file belongs to another study.
    case otherStudy(expected: String, found: String)
    /// The protocol changed since the participant enrolled.
    case protocolChanged
    /// The progress file has a format this build cannot read.
    case unsupportedFormat(Int)
    /// A run was recorded for an item or block that is not the one due.
    case notDue(position: ItemPosition, block: Int, due: String)

    /// A message for the terminal.
    package var description: String {
        switch self {
        case .otherStudy(let expected, let found): "the progress file belongs to study '\(found)', not '\(expected)'"
        case .protocolChanged:
            "the study's days or sessions changed since enrolment; the progress moves to them when the change is safe, or the participant enrols again"
        case .unsupportedFormat(let version): "progress-file format \(version) is not supported by this build"
        case .notDue(let position, let block, let due): "block \(block) of \(position) is not due (\(due))"
        }
    }
}
