import DataSources
import Foundation
import Processing
import Storage

/// The words and number formats of a report in one language (`en` or `de`, chosen by the locale's
/// language part; English for others), so that a participant who took part in German reads their
/// report in German: the session view, the participant view and the page's frame. English keeps
/// the report's original formats (`12.5 s`, `2026-11-26T14:30:00Z`); German writes a decimal
/// comma and dates as `26.11.2026 14:30:00` (UTC, as the labels say).
///
/// ```swift
/// let words = ReportWords(locale: "de-AT")
/// words(.sessionsWithEEG)   // "Sitzungen mit EEG"
/// words.number(12.5)        // "12,5"
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

    /// The English words (the fallback, and the field anchors every language keeps).
    static let englishWords = ReportWords(locale: "en")

    /// A pressed key's name as the trial tables store it (`space`, `enter`, `tab`, `backspace`,
    /// `escape`, `other`, or the character typed), in this language: "Leertaste" in German.
    func key(_ name: String) -> String {
        guard language == "de" else { return name }
        let german = ["space": "Leertaste", "enter": "Eingabetaste", "tab": "Tabulator", "backspace": "Rücktaste", "escape": "Esc", "other": "andere"]
        return german[name] ?? name
    }

    /// `count` with `one`'s text when it is 1, else `many`'s ("1 participant", "3 participants").
    func counted(_ count: Int, _ one: ReportText, _ many: ReportText) -> String {
        self(count == 1 ? one : many, count)
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

    /// A table's headers (a `…Columns` entry split at `|`).
    func columns(_ key: ReportText) -> [String] { self(key).components(separatedBy: "|") }

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

    /// A trial's outcome in this language.
    func outcome(_ outcome: ReactionTimeOutcome) -> String {
        switch outcome {
        case .correct: self(.outcomeCorrect)
        case .anticipation: self(.outcomeAnticipation)
        case .wrongKey: self(.outcomeWrongKey)
        case .miss: self(.outcomeMiss)
        }
    }

    /// A stored end reason (Storage's ``EndReason`` phrases) in this language; any other reason (a
    /// device's or the disk's own message) as it was stored.
    func endReason(_ stored: String) -> String {
        let keys: [String: ReportText] = [
            EndReason.participant: .endParticipant, EndReason.signal: .endSignal, EndReason.deviceStopped: .endDeviceStopped,
            EndReason.deviceDidNotStart: .endDeviceDidNotStart, EndReason.deviceDisconnected: .endDeviceDisconnected,
            EndReason.batteryLow: .endBatteryLow,
        ]
        return keys[stored].map { self($0) } ?? stored
    }

    /// An event's label in this language: the software's own gap and interruption events (stored as
    /// `gap 64 samples`, `interrupted: <reason>`) translated, every other label (study markers, the
    /// device's state) as stored.
    func eventLabel(_ event: RecordingEvent) -> String {
        switch event.code {
        case Marker.gapCode:
            return RecordingDigest.gapLength(event.label).map { self(.eventGap, $0) } ?? event.label
        case Marker.interruptedCode:
            let prefix = "interrupted: "
            if event.label == "interrupted" { return self(.eventInterrupted) }
            guard event.label.hasPrefix(prefix) else { return event.label }
            return self(.eventInterruptedBecause, endReason(String(event.label.dropFirst(prefix.count))))
        default:
            return event.label
        }
    }

    // MARK: Numbers and dates

    /// `value` with `digits` decimals (a decimal comma in German), or `–` when it is not finite.
    func number(_ value: Double, _ digits: Int = 1) -> String { decimal(HTML.number(value, digits)) }

    /// `value` as a percentage with no decimals, or `–`.
    func percent(_ fraction: Double) -> String { HTML.percent(fraction) }

    /// A duration as `1 h 02 min 03 s`, `4 min 05 s` or `12.5 s` (`12,5 s` in German).
    func duration(_ seconds: Double) -> String { decimal(HTML.duration(seconds)) }

    /// A moment in UTC: ISO 8601 in English (`2026-11-23T21:40:05Z`), `23.11.2026 21:40:05` in German.
    func time(_ seconds: Double) -> String {
        guard language == "de", seconds.isFinite else { return HTML.time(seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd.MM.yyyy HH:mm:ss"
        return formatter.string(from: Date(timeIntervalSince1970: seconds))
    }

    /// A number already formatted with a decimal point (a chart's tick label) in this language.
    func decimal(_ text: String) -> String {
        language == "de" ? text.replacingOccurrences(of: ".", with: ",") : text
    }
}
