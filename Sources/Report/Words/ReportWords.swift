import Foundation
import Processing

/// The words of the participant view and of a report's frame in one language (`en` or `de`, chosen
/// by the locale's language part; English for others), so that a participant who took part in
/// German reads their report in German. Numbers keep the report's own format.
///
/// ```swift
/// let words = ReportWords(locale: "de-AT")
/// words(.sessionsWithEEG)   // "Sitzungen mit EEG"
/// ```
struct ReportWords: Sendable {
    /// The language of the table in use (`en` or `de`): the page's `lang`.
    let language: String
    private let table: [ReportText: String]

    /// The table for `locale`'s language.
    init(locale: String) {
        let language = String(locale.lowercased().prefix { $0 != "-" && $0 != "_" })
        if language == "de" {
            self.language = "de"
            table = Self.german
        } else {
            self.language = "en"
            table = Self.english
        }
    }

    /// The text for `key` with `{0}`, `{1}` … replaced by `arguments` in order.
    func callAsFunction(_ key: ReportText, _ arguments: any CustomStringConvertible...) -> String {
        var text = table[key] ?? Self.english[key] ?? key.rawValue
        for (index, argument) in arguments.enumerated() {
            text = text.replacingOccurrences(of: "{\(index)}", with: argument.description)
        }
        return text
    }

    /// Whether `key` has an entry in this language's own table (for the completeness test).
    func has(_ key: ReportText) -> Bool { table[key] != nil }

    /// A session's verdict in this language; `nil` is a block too short to judge.
    func verdict(_ verdict: SessionVerdict?) -> String {
        switch verdict {
        case nil: self(.tooShortToJudge)
        case .passed: self(.passed)
        case .headbandOffHead: self(.headbandOffHead)
        case .motionTooHigh: self(.motionTooHigh)
        case .eegFailure: self(.eegFailure)
        }
    }
}
