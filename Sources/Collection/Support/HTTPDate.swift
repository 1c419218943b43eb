import Foundation

/// HTTP's date format (RFC 9110's IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT`), as WebDAV servers
/// give `getlastmodified`: read to tell how long a file has waited for its manifest, and written for
/// a local folder's entries so both sources say it alike.
enum HTTPDate {
    /// `date` in IMF-fixdate.
    static func string(_ date: Date) -> String {
        formatter().string(from: date)
    }

    /// The date `text` gives in IMF-fixdate, or `nil` for anything else.
    static func date(_ text: String) -> Date? {
        formatter().date(from: text.trimmingCharacters(in: .whitespaces))
    }

    /// A new formatter each time: `DateFormatter` is not safe to share between tasks, and this runs a
    /// few times per waiting item, not per sample.
    private static func formatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter
    }
}
