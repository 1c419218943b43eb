import Foundation

/// Times as a participant reads them: the local wall-clock time with the zone named, e.g.
/// `2027-01-15 21:00 (Europe/Berlin, UTC+01:00)`. JSON output keeps UTC (`UTCTimestamp`), which
/// scripts compare; text for a person uses the zone they live in.
enum LocalTime {
    /// `date` in `zone` (default: the machine's, which honours `TZ`).
    static func text(_ date: Date, in zone: TimeZone = .current) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let offset = zone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        let utc = String(format: "UTC%@%02d:%02d", sign, abs(offset) / 3600, abs(offset) % 3600 / 60)
        return "\(formatter.string(from: date)) (\(zone.identifier), \(utc))"
    }
}
