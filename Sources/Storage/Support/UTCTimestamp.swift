public import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Timestamps in UTC as text: ISO 8601 / RFC 3339 for files and JSON (`2026-11-22T01:35:45Z`,
/// optionally with fractional seconds) and SQLite's `yyyy-MM-dd HH:mm:ss.SSS` for the catalog.
///
/// Every timestamp this package writes is UTC in a fixed format, so it is formatted and parsed here
/// with the C library's `gmtime_r`/`timegm` instead of Foundation's `ISO8601DateFormatter`,
/// `DateFormatter` or the `.iso8601` JSON strategies. Those load ICU's calendar and time-zone data
/// on first use, which costs a recorder 6 MB (14 MB when the Swift runtime is linked statically) of
/// resident memory for the whole of a day-long recording; see `docs/performance.md`.
package enum UTCTimestamp {
    /// `date` as RFC 3339 in UTC: `2026-11-22T01:35:45Z`, or with `fractionDigits` (1…6) digits of
    /// fractional seconds, truncated (`2026-11-22T01:35:45.123Z`).
    package static func iso8601(_ date: Date, fractionDigits: Int = 0) -> String {
        format(date, dateTimeSeparator: "T", fractionDigits: fractionDigits, suffix: "Z")
    }

    /// The date an RFC 3339 / ISO 8601 timestamp names: `YYYY-MM-DDTHH:MM:SS`, optional fractional
    /// seconds, then `Z` or an offset (`+02:00`, `+0200`). Nil for anything else, including a
    /// timestamp without a zone, which would be ambiguous.
    package static func date(fromISO8601 text: String) -> Date? {
        parse(text, separators: [UInt8(ascii: "T"), UInt8(ascii: "t")], requireZone: true)
    }

    /// `date` as SQLite stores date-times (UTC, milliseconds): `2026-11-22 01:35:45.123`, the format
    /// the catalog has always used, so old and new catalogs read alike.
    package static func sqlite(_ date: Date) -> String {
        format(date, dateTimeSeparator: " ", fractionDigits: 3, suffix: "")
    }

    /// The date a SQLite date-time (as written by ``sqlite(_:)``, a zone suffix allowed) names.
    package static func date(fromSQLite text: String) -> Date? {
        parse(text, separators: [UInt8(ascii: " "), UInt8(ascii: "T")], requireZone: false)
    }

    /// A JSON date strategy writing ``iso8601(_:fractionDigits:)`` (whole seconds), the same text as
    /// Foundation's `.iso8601`.
    package static var jsonEncodingStrategy: JSONEncoder.DateEncodingStrategy {
        .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(iso8601(date))
        }
    }

    /// A JSON date strategy reading what ``date(fromISO8601:)`` accepts (a superset of Foundation's
    /// `.iso8601`: fractional seconds are allowed too).
    package static var jsonDecodingStrategy: JSONDecoder.DateDecodingStrategy {
        .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = date(fromISO8601: text) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "expected an ISO 8601 date-time with a zone, e.g. 2026-11-22T01:35:45Z, found \"\(text)\"")
            }
            return date
        }
    }

    private static func format(_ date: Date, dateTimeSeparator: Character, fractionDigits: Int, suffix: String) -> String {
        // A Date near today resolves about 0.24 µs, so it is first rounded to whole microseconds (which
        // undoes the binary representation error of a parsed "…45.655") and then truncated.
        let digits = min(max(fractionDigits, 0), 6)
        let micros = Int64(exactly: (date.timeIntervalSince1970 * 1e6).rounded()) ?? 0
        var seconds = micros / 1_000_000
        var remainder = micros % 1_000_000
        if remainder < 0 {
            seconds -= 1
            remainder += 1_000_000
        }
        var divisor: Int64 = 1_000_000
        for _ in 0..<digits { divisor /= 10 }
        let fraction = remainder / divisor
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        var text = pad(Int(parts.tm_year) + 1900, 4) + "-" + pad(Int(parts.tm_mon) + 1, 2) + "-" + pad(Int(parts.tm_mday), 2)
        text.append(dateTimeSeparator)
        text += pad(Int(parts.tm_hour), 2) + ":" + pad(Int(parts.tm_min), 2) + ":" + pad(Int(parts.tm_sec), 2)
        if digits > 0 { text += "." + pad(Int(fraction), digits) }
        return text + suffix
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private static func parse(_ text: String, separators: Set<UInt8>, requireZone: Bool) -> Date? {
        let b = Array(text.utf8)
        var i = 0
        func number(_ width: Int) -> Int? {
            guard i + width <= b.count else { return nil }
            var value = 0
            for k in i..<(i + width) {
                guard b[k] >= 48 && b[k] <= 57 else { return nil }
                value = value * 10 + Int(b[k] - 48)
            }
            i += width
            return value
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < b.count, b[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2),
            i < b.count, separators.contains(b[i])
        else { return nil }
        i += 1
        guard let hour = number(2), expect(58), let minute = number(2), expect(58), let second = number(2),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var fraction = 0.0
        if i < b.count, b[i] == 46 || b[i] == 44 {
            i += 1
            var scale = 0.1
            let start = i
            while i < b.count, b[i] >= 48, b[i] <= 57 {
                fraction += Double(b[i] - 48) * scale
                scale /= 10
                i += 1
            }
            guard i > start else { return nil }
        }
        var offset = 0
        if i == b.count {
            if requireZone { return nil }
        } else if b[i] == 90 || b[i] == 122 {
            i += 1
        } else if b[i] == 43 || b[i] == 45 {
            let sign = b[i] == 45 ? -1 : 1
            i += 1
            guard let oh = number(2) else { return nil }
            _ = expect(58)
            guard let om = number(2), oh < 24, om < 60 else { return nil }
            offset = sign * (oh * 3600 + om * 60)
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        var parts = tm()
        parts.tm_year = Int32(year - 1900)
        parts.tm_mon = Int32(month - 1)
        parts.tm_mday = Int32(day)
        parts.tm_hour = Int32(hour)
        parts.tm_min = Int32(minute)
        parts.tm_sec = Int32(second)
        let seconds = timegm(&parts)
        // timegm normalises 31 February into March; a date that does not exist is an error here.
        guard parts.tm_mday == Int32(day), parts.tm_mon == Int32(month - 1) else { return nil }
        return Date(timeIntervalSince1970: Double(seconds - offset) + fraction)
    }
}
