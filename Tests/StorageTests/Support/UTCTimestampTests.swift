import Foundation
import Storage
import Testing

@Suite("UTCTimestamp")
struct UTCTimestampTests {
    /// Dates from 1970 to 2100, with sub-second parts, drawn reproducibly.
    private static func sampleDates() -> [Date] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var dates = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 951_782_400) /* 2000-02-29 */]
        for _ in 0..<500 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let seconds = Double(state >> 11) / Double(1 << 53) * 4_102_444_800
            dates.append(Date(timeIntervalSince1970: seconds))
        }
        return dates
    }

    @Test("ISO 8601 text is what Foundation's ISO8601DateFormatter writes")
    func matchesFoundationWholeSeconds() {
        let foundation = ISO8601DateFormatter()
        for date in Self.sampleDates() {
            #expect(UTCTimestamp.iso8601(date) == foundation.string(from: date))
        }
    }

    @Test("fractional seconds are truncated to the digits asked for")
    func fractionalSeconds() {
        let date = Date(timeIntervalSince1970: 1_795_311_345.987_654)
        #expect(UTCTimestamp.iso8601(date, fractionDigits: 3) == "2026-11-22T01:35:45.987Z")
        #expect(UTCTimestamp.iso8601(date, fractionDigits: 1) == "2026-11-22T01:35:45.9Z")
        #expect(UTCTimestamp.iso8601(Date(timeIntervalSince1970: -0.25), fractionDigits: 2) == "1969-12-31T23:59:59.75Z")
    }

    @Test("SQLite text is GRDB's storage format, so catalogs written before read alike")
    func sqliteMatchesGRDBFormat() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
        for date in Self.sampleDates() {
            let ours = UTCTimestamp.sqlite(date)
            // DateFormatter rounds to the millisecond where we truncate; both read back within 1 ms.
            let theirs = formatter.string(from: date)
            #expect(abs(formatter.date(from: ours)!.timeIntervalSince(formatter.date(from: theirs)!)) < 0.0011)
            #expect(abs(UTCTimestamp.date(fromSQLite: theirs)!.timeIntervalSince(date)) < 0.0011)
        }
    }

    @Test("parsing reads back what formatting writes, to the digit")
    func roundTrip() {
        for date in Self.sampleDates() {
            let text = UTCTimestamp.iso8601(date, fractionDigits: 3)
            let back = UTCTimestamp.date(fromISO8601: text)
            #expect(back.map { abs($0.timeIntervalSince(date)) < 0.001 } == true, "\(text)")
            #expect(back.map { UTCTimestamp.iso8601($0, fractionDigits: 3) } == text)
        }
    }

    @Test("offsets, lowercase designators and comma fractions are understood")
    func offsets() {
        let utc = UTCTimestamp.date(fromISO8601: "2026-11-22T01:35:45Z")
        #expect(utc == Date(timeIntervalSince1970: 1_795_311_345))
        #expect(UTCTimestamp.date(fromISO8601: "2026-11-22T02:35:45+01:00") == utc)
        #expect(UTCTimestamp.date(fromISO8601: "2026-11-21T20:35:45-0500") == utc)
        #expect(UTCTimestamp.date(fromISO8601: "2026-11-22t01:35:45z") == utc)
        #expect(UTCTimestamp.date(fromISO8601: "2026-11-22T01:35:45,5Z") == Date(timeIntervalSince1970: 1_795_311_345.5))
    }

    @Test(
        "malformed or zone-less text is refused",
        arguments: [
            "", "2026-11-22", "2026-11-22T01:35:45", "2026-11-22 01:35:45Z", "2026-13-01T00:00:00Z",
            "2026-02-30T00:00:00Z", "2026-11-22T24:00:00Z", "2026-11-22T01:35Z", "2026-11-22T01:35:45.Z",
            "2026-11-22T01:35:45+1", "2026-11-22T01:35:45Zjunk", "２026-11-22T01:35:45Z",
        ])
    func refusesMalformed(text: String) {
        #expect(UTCTimestamp.date(fromISO8601: text) == nil)
    }

    @Test("the JSON strategies write Foundation's .iso8601 text and read it back")
    func jsonStrategies() throws {
        struct Stamp: Codable, Equatable { var at: Date }
        let value = Stamp(at: Date(timeIntervalSince1970: 1_795_311_345))
        let ours = JSONEncoder()
        ours.dateEncodingStrategy = UTCTimestamp.jsonEncodingStrategy
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .iso8601
        #expect(try ours.encode(value) == foundation.encode(value))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = UTCTimestamp.jsonDecodingStrategy
        #expect(try decoder.decode(Stamp.self, from: foundation.encode(value)) == value)
        #expect(throws: DecodingError.self) { try decoder.decode(Stamp.self, from: Data(#"{"at":"yesterday"}"#.utf8)) }
    }
}
