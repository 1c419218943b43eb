import Foundation

/// A typed questionnaire answer, stored as its JSON value rather than stringified and filtered as
/// the reference did (which lost umlauts, date separators and minus signs).
package enum Answer: Sendable, Hashable, Codable {
    /// An instruction was read.
    case acknowledged
    /// An optional question was left out.
    case skipped
    /// Free text.
    case text(String)
    /// The value of the chosen option.
    case choice(Int)
    /// The values of the chosen options, in the order of the choices.
    case choices([Int])
    /// A number (likert, slider, numeric).
    case number(Double)
    /// A calendar date, `YYYY-MM-DD`.
    case date(String)

    /// Encodes as a plain JSON value: `true` (acknowledged), `null` (skipped), a string, an integer,
    /// an array of integers, a number, or a `YYYY-MM-DD` string.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .acknowledged: try container.encode(true)
        case .skipped: try container.encodeNil()
        case .text(let text), .date(let text): try container.encode(text)
        case .choice(let value): try container.encode(value)
        case .choices(let values): try container.encode(values)
        case .number(let value): try container.encode(value)
        }
    }

    /// Decodes the plain JSON forms; strings become `.text` (a date's kind comes from its question,
    /// see ``Question/parseAnswer(_:today:)``), integers `.choice`, other numbers `.number`.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .skipped
        } else if let flag = try? container.decode(Bool.self) {
            guard flag else { throw DecodingError.dataCorruptedError(in: container, debugDescription: "false is not an answer") }
            self = .acknowledged
        } else if let value = try? container.decode(Int.self) {
            self = .choice(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let values = try? container.decode([Int].self) {
            self = .choices(values)
        } else {
            self = .text(try container.decode(String.self))
        }
    }
}
