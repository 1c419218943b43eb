public import DataSources

/// One notification of a recorded Athena session, in the text form of the public captures:
/// `ISO-8601 host time <TAB> characteristic UUID <TAB> hex payload`.
///
/// Used to replay a capture with its original timing (`simulate-headband --replay`) and to test the
/// decoders on real data.
package struct AthenaCaptureLine: Sendable, Equatable {
    /// The host time the notification arrived, in seconds since 1970 (microsecond resolution kept).
    package var hostTime: Double
    /// The characteristic UUID as written (lower case).
    package var characteristic: String
    /// The notification payload.
    package var payload: [UInt8]

    /// Parses one line; `nil` when it is not of the form above (a replay skips and counts such lines).
    package init?(_ line: Substring) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 3, let time = Self.seconds(iso8601: fields[0]) else { return nil }
        let hexText = fields[2].utf8.filter { $0 != 13 && $0 != 32 }
        guard hexText.count % 2 == 0, hexText.count <= 1024 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hexText.count / 2)
        var high: UInt8?
        for character in hexText {
            guard let nibble = Self.nibble(character) else { return nil }
            if let h = high {
                bytes.append(h << 4 | nibble)
                high = nil
            } else {
                high = nibble
            }
        }
        hostTime = time
        characteristic = fields[1].lowercased()
        payload = bytes
    }

    /// A notification with its fields.
    package init(hostTime: Double, characteristic: String, payload: [UInt8]) {
        self.hostTime = hostTime
        self.characteristic = characteristic.lowercased()
        self.payload = payload
    }

    /// The Athena data notifications among a recording's stored ones (``DataSources/DeviceNotifications``),
    /// timed by their receive clock in the headband's own time (a recording made at `--speed N` plays
    /// at the headband's pace again), in the order they arrived.
    package static func lines(from stored: DeviceNotifications) -> [AthenaCaptureLine] {
        return stored.entries.compactMap { e in
            let line = AthenaCaptureLine(hostTime: Double(e.receiveClock) / 1e9, characteristic: e.channel, payload: Array(e.bytes))
            return line.isAthenaData ? line : nil
        }
    }

    /// Whether the notification came from an Athena data characteristic (273e0013 or 273e0014).
    package var isAthenaData: Bool {
        characteristic.hasPrefix("273e0013") || characteristic.hasPrefix("273e0014")
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: c - 48
        case 97...102: c - 87
        case 65...70: c - 55
        default: nil
        }
    }

    /// Seconds since 1970 of `YYYY-MM-DDThh:mm:ss[.fraction](Z|±hh:mm)`, or `nil`.
    static func seconds(iso8601 text: Substring) -> Double? {
        let u = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= u.count else { return nil }
            var value = 0
            for i in range {
                guard u[i] >= 48, u[i] <= 57 else { return nil }
                value = value * 10 + Int(u[i] - 48)
            }
            return value
        }
        guard u.count >= 20, u[4] == 45, u[7] == 45, u[10] == 84, u[13] == 58, u[16] == 58,
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var fraction = 0.0
        if u[index] == 46 {
            index += 1
            var scale = 0.1
            while index < u.count, u[index] >= 48, u[index] <= 57 {
                fraction += Double(u[index] - 48) * scale
                scale /= 10
                index += 1
            }
        }
        var offset = 0
        if index < u.count, u[index] == 90 {
            index += 1
        } else if index + 6 == u.count, u[index] == 43 || u[index] == 45, u[index + 3] == 58,
            let h = number((index + 1)..<(index + 3)), let m = number((index + 4)..<(index + 6))
        {
            offset = (u[index] == 43 ? 1 : -1) * (h * 3600 + m * 60)
            index += 6
        } else {
            return nil
        }
        guard index == u.count else { return nil }
        // Days from the civil date (Howard Hinnant's algorithm).
        let y = month <= 2 ? year - 1 : year
        let era = y / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let whole = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Double(whole) + fraction
    }
}
