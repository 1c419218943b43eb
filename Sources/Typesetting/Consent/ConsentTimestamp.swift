public import Foundation

/// The moment of a consent as the document states it: date and time to the second in the
/// participant's time zone, with the zone's name and its offset from UTC, so the paper says
/// unambiguously when it was signed: `26.11.2026, 12:40:05 (Europe/Berlin, UTC+01:00)` in German,
/// `2026-11-26 12:40:05 (Europe/Berlin, UTC+01:00)` otherwise.
package enum ConsentTimestamp {
    /// `date` in `timeZone`, written for `locale`.
    package static func text(_ date: Date, locale: String, timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.dateFormat = locale.lowercased().hasPrefix("de") ? "dd.MM.yyyy, HH:mm:ss" : "yyyy-MM-dd HH:mm:ss"
        let offset = timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        let zone = "UTC\(sign)\(twoDigits(minutes / 60)):\(twoDigits(minutes % 60))"
        return "\(formatter.string(from: date)) (\(timeZone.identifier), \(zone))"
    }

    private static func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
