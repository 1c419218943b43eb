import ArgumentParser
import Foundation
import Storage

/// A duration on the command line: `30s`, `1.5m`, `2h`, `500ms`, or a plain number of seconds; at
/// most ``RecordingLimits/maxDurationSeconds`` (31 days), so no sample count derived from it overflows.
struct SignalDuration: ExpressibleByArgument, CustomStringConvertible, Sendable, Equatable {
    /// The length in seconds.
    var seconds: Double

    init(seconds: Double) { self.seconds = seconds }

    init?(argument: String) {
        guard let duration = try? Self.parse(argument) else { return nil }
        self = duration
    }

    /// Parses `text` as ``init(argument:)`` does, saying why when it cannot: every duration option
    /// declares `transform: SignalDuration.parse`, so `--duration 0s` reads "duration 0 s is not a
    /// positive number" instead of only "is invalid". (Help then shows no default by itself: an
    /// option with one writes it in its help, "(default: 30s)".)
    static func parse(_ text: String) throws -> SignalDuration {
        guard let seconds = seconds(in: text) else {
            throw ValidationError("'\(text)' is not a duration: a number with s, ms, m, min or h (e.g. 30s, 5m), or plain seconds")
        }
        if let problem = RecordingLimits.problem(durationSeconds: seconds) { throw ValidationError(problem) }
        return SignalDuration(seconds: seconds)
    }

    /// The seconds `text` writes, in range or not; `nil` when it is not a number with a known unit.
    private static func seconds(in text: String) -> Double? {
        let text = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("min", 60), ("h", 3600)]
        for (suffix, factor) in units.sorted(by: { $0.0.count > $1.0.count }) where text.hasSuffix(suffix) {
            return Double(text.dropLast(suffix.count)).map { $0 * factor }
        }
        return Double(text)
    }

    /// How `--help` shows a default: as it would be typed (`30s`, `5m`, `1.5h`), never the type's
    /// own description (`SignalDuration(seconds: 30.0)`).
    var defaultValueDescription: String { Self.written(seconds) }

    /// As typed (`30s`), wherever a duration is printed.
    var description: String { Self.written(seconds) }

    /// `seconds` in the largest unit that writes it exactly: `30s`, `5m`, `2h`, `500ms`, `1.5s`.
    static func written(_ seconds: Double) -> String {
        func number(_ v: Double) -> String { v.rounded() == v ? String(Int(v)) : String(v) }
        if seconds >= 3600, (seconds / 3600).rounded() == seconds / 3600 { return number(seconds / 3600) + "h" }
        if seconds >= 60, (seconds / 60).rounded() == seconds / 60 { return number(seconds / 60) + "m" }
        if seconds < 1, (seconds * 1000).rounded() == seconds * 1000 { return number(seconds * 1000) + "ms" }
        return number(seconds) + "s"
    }
}
