public import Foundation

/// One answer, stored with its JSON type intact: numbers as numbers, dates as ISO 8601 strings, text
/// as UTF-8 exactly as typed (the reference app stringified everything and stripped it to
/// `[A-Za-z0-9 ]`, losing umlauts, signs and date separators).
package enum AnswerValue: Sendable, Equatable, Codable {
    /// A whole number (numeric, single choice value, Likert step).
    case integer(Int64)
    /// A number with a fractional part (slider).
    case number(Double)
    /// Free text.
    case text(String)
    /// A calendar date, `YYYY-MM-DD`.
    case date(String)
    /// The values of the chosen options of a multiple-choice question.
    case choices([Int64])
    /// Yes/no.
    case boolean(Bool)
    /// Not answered (an optional question skipped): JSON `null`.
    case none

    /// A date answer from a `Date`, formatted `YYYY-MM-DD` in UTC.
    package static func date(_ date: Date) -> AnswerValue {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return .date(String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0))
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .integer(let v): try c.encode(v)
        case .number(let v): try c.encode(v)
        case .text(let v), .date(let v): try c.encode(v)
        case .choices(let v): try c.encode(v)
        case .boolean(let v): try c.encode(v)
        case .none: try c.encodeNil()
        }
    }

    /// Decodes the plain JSON value; a string is `.text` (the answer's `type` says whether it is a date).
    package init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .none
        } else if let v = try? c.decode(Bool.self) {
            self = .boolean(v)
        } else if let v = try? c.decode(Int64.self) {
            self = .integer(v)
        } else if let v = try? c.decode(Double.self) {
            self = .number(v)
        } else if let v = try? c.decode(String.self) {
            self = .text(v)
        } else {
            self = .choices(try c.decode([Int64].self))
        }
    }
}
