import Foundation
import Storage

/// Escaping and number formatting for the report's HTML and SVG. Everything taken from a file
/// (channel names, event labels, study and device names) goes through ``escape(_:)``; numbers go
/// through the formatters, which never print `nan` or `inf` into a document.
package enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities, safe in element content and in
    /// quoted attribute values; control characters other than tab and newline are dropped.
    package static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case "\t", "\n": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `value` with `digits` decimals, or `–` when it is not finite.
    static func number(_ value: Double, _ digits: Int = 1) -> String {
        value.isFinite ? String(format: "%.\(digits)f", value) : "–"
    }

    /// `value` as a percentage with no decimals, or `–`.
    static func percent(_ fraction: Double) -> String {
        fraction.isFinite ? String(format: "%.0f %%", fraction * 100) : "–"
    }

    /// A coordinate for SVG: two decimals, never `nan`.
    static func coordinate(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        return String(format: "%.2f", value)
    }

    /// A duration as `1 h 02 min 03 s`, `4 min 05.0 s` or `12.5 s`.
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "–" }
        if seconds < 60 { return String(format: "%.1f s", seconds) }
        let total = Int(seconds.rounded())
        let h = total / 3600, m = (total % 3600) / 60, s = total % 60
        return h > 0 ? String(format: "%d h %02d min %02d s", h, m, s) : String(format: "%d min %02d s", m, s)
    }

    /// A moment as ISO 8601 UTC with seconds (`2026-11-23T21:40:05Z`).
    static func time(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "–" }
        // The text ISO8601DateFormatter gives, without paging in ICU's data (docs/performance.md).
        return UTCTimestamp.iso8601(Date(timeIntervalSince1970: seconds))
    }
}
