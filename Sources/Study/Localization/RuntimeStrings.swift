public import Foundation

/// The runtime's own words in one locale: a table per language (``english``, ``german``), chosen by
/// the study's locale, so prompts, hints, progress lines and refusals speak the participant's
/// language like the study's texts do. Numbers are written with the locale's decimal separator.
///
/// ```swift
/// let strings = RuntimeStrings(locale: "de-AT")
/// strings(.trialProgress, 1, 3, 2, 32)   // "Block 1 von 3, Durchgang 2 von 32"
/// strings.number(1.5)                    // "1,5"
/// ```
package struct RuntimeStrings: Sendable {
    /// The language of the table in use (`en` or `de`).
    package let language: String
    private let table: [RuntimeText: String]

    /// The languages that have a complete table.
    package static let languages = ["en", "de"]

    /// The table for `locale`: its language part (`de` for `de-AT`), English for languages without
    /// a table.
    package init(locale: String) {
        let language = String(locale.lowercased().prefix { $0 != "-" && $0 != "_" })
        switch language {
        case "de":
            self.language = "de"
            table = Self.german
        default:
            self.language = "en"
            table = Self.english
        }
    }

    /// The sentence for `key` with `{0}`, `{1}` … replaced by `arguments` in order.
    package func callAsFunction(_ key: RuntimeText, _ arguments: any CustomStringConvertible...) -> String {
        var text = table[key] ?? Self.english[key] ?? key.rawValue
        for (index, argument) in arguments.enumerated() {
            text = text.replacingOccurrences(of: "{\(index)}", with: argument.description)
        }
        return text
    }

    /// Whether `key` has an entry in this language's own table (for the completeness test).
    package func has(_ key: RuntimeText) -> Bool { table[key] != nil }

    /// The raw entry for `key` (with its `{n}` slots), for the completeness test.
    package func entry(_ key: RuntimeText) -> String? { table[key] }

    /// `text` in the locale's quotation marks: „so“ in German, “so” in English.
    package func quoted(_ text: String) -> String { language == "de" ? "„\(text)“" : "“\(text)”" }

    /// The locale's decimal separator: a comma in German, a point in English.
    package var decimalSeparator: String { language == "de" ? "," : "." }

    /// `value` as the locale writes it: whole numbers without a fraction, others with the locale's
    /// decimal separator ("1,5" in German).
    package func number(_ value: Double) -> String {
        if value.rounded() == value && abs(value) < 1e15 { return String(Int(value)) }
        return String(value).replacingOccurrences(of: ".", with: decimalSeparator)
    }

    /// A date and time as the participant reads it: local time with the zone ("Tue 24 Nov 2026,
    /// 09:30 CET"), in the locale's words.
    package func dateTime(_ date: Date, timeZone: TimeZone = .current) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language)
        formatter.timeZone = timeZone
        formatter.setLocalizedDateFormatFromTemplate("EEEdMMMyyyyHHmmzzz")
        return formatter.string(from: date)
    }
}
