public import Foundation

/// The `message.json` format the study team puts on the download location (as in the reference app):
/// a required `type` and one entry per locale.
///
/// ```json
/// { "type": "info", "messages": [ { "locale": "en", "title": "Hello #patientName#", "text": "…" },
///                                 { "locale": "de", "title": "Hallo #patientName#", "text": "…" } ] }
/// ```
package struct AnnouncementMessage: Sendable, Codable, Equatable {
    /// One localized version.
    package struct Localized: Sendable, Codable, Equatable {
        /// A language tag such as `en`, `de` or `de-AT`.
        package var locale: String
        /// The title (may contain placeholders).
        package var title: String
        /// The text (may contain placeholders).
        package var text: String
    }

    /// What kind of message it is (any string; required).
    package var type: String
    /// The localized versions.
    package var messages: [Localized]

    /// Parses `data`; a malformed file is an error describing what is wrong (never a crash).
    package static func parse(_ data: Data) throws -> AnnouncementMessage {
        let message: AnnouncementMessage
        do {
            message = try JSONDecoder().decode(AnnouncementMessage.self, from: data)
        } catch DecodingError.keyNotFound(let key, _) {
            throw AnnouncementError.malformed("missing \"\(key.stringValue)\"")
        } catch DecodingError.typeMismatch(_, let context) {
            throw AnnouncementError.malformed("wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))")
        } catch {
            throw AnnouncementError.malformed("not valid JSON")
        }
        guard !message.messages.isEmpty else { throw AnnouncementError.malformed("no messages") }
        return message
    }

    /// The version for `locale`: the exact tag, else the same language (`de-AT` → `de`), else
    /// `fallback`'s, else the first one.
    package func localized(for locale: String, fallback: String = "en") -> Localized {
        func norm(_ tag: String) -> String { tag.lowercased().replacingOccurrences(of: "_", with: "-") }
        func language(_ tag: String) -> String { String(norm(tag).split(separator: "-").first ?? "") }
        return messages.first { norm($0.locale) == norm(locale) }
            ?? messages.first { language($0.locale) == language(locale) }
            ?? messages.first { language($0.locale) == language(fallback) }
            ?? messages[0]
    }
}

/// Why an announcement could not be used (a warning, never fatal).
package enum AnnouncementError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file is not in the expected format.
    case malformed(String)

    /// A one-line explanation for the terminal or a log (never a secret).
    package var description: String {
        switch self {
        case .malformed(let why): "malformed message.json: \(why)"
        }
    }
}
