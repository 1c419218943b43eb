import Foundation

/// Where a configuration file stops being JSON, as a person finds it in an editor: Foundation's
/// parser reports a byte offset ("Invalid value around character 18."), which this turns into a
/// 1-based line and column (in characters, not bytes) so the one line printed reads like a study
/// file's (`file:line:column: …`).
struct JSONSyntaxPosition: Equatable {
    /// The line, from 1.
    var line: Int
    /// The column, from 1.
    var column: Int
    /// What the parser said, without the offset ("Invalid value").
    var reason: String

    /// The position of the syntax error JSONSerialization threw for `data`, or `nil` when the error
    /// names no offset.
    init?(of error: any Error, in data: Data) {
        let said = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? ""
        guard let range = said.range(of: " around character "),
            let offset = Int(said[range.upperBound...].prefix { $0.isNumber })
        else { return nil }
        reason = String(said[..<range.lowerBound])
        let prefix = data.prefix(max(0, min(offset, data.count)))
        let text = String(decoding: prefix, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        line = lines.count
        column = (lines.last?.count ?? 0) + 1
    }
}
