/// How long a phase lasts: a fixed number of seconds, until the participant acknowledges it (a key
/// press), or until its text has been spoken (the reference's "variable" prompt: 1 s after speech).
package enum PhaseDuration: Sendable, Hashable, Codable {
    /// A fixed duration in seconds (before jitter).
    case seconds(Double)
    /// The phase lasts until the participant presses a key.
    case untilAcknowledged
    /// The phase lasts until its text was spoken, plus one second (the reference's duration 0).
    case untilSpoken

    /// The fixed duration, if any.
    package var seconds: Double? {
        if case .seconds(let value) = self { return value }
        return nil
    }

    /// Decodes a number or one of the strings `"untilAcknowledged"`, `"untilSpoken"`.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(Double.self) {
            self = .seconds(value)
            return
        }
        switch try container.decode(String.self) {
        case "untilAcknowledged": self = .untilAcknowledged
        case "untilSpoken": self = .untilSpoken
        case let other:
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "unknown phase duration '\(other)'")
        }
    }

    /// Encodes as the study file writes it.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .seconds(let value): try container.encode(value)
        case .untilAcknowledged: try container.encode("untilAcknowledged")
        case .untilSpoken: try container.encode("untilSpoken")
        }
    }
}
