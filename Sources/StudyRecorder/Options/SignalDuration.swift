import ArgumentParser
import Foundation
import Storage

/// A duration on the command line: `30s`, `1.5m`, `2h`, `500ms`, or a plain number of seconds; at
/// most ``RecordingLimits/maxDurationSeconds`` (31 days), so no sample count derived from it overflows.
struct SignalDuration: ExpressibleByArgument, Sendable, Equatable {
    /// The length in seconds.
    var seconds: Double

    init(seconds: Double) { self.seconds = seconds }

    init?(argument: String) {
        let text = argument.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("min", 60), ("h", 3600)]
        var value: Double?
        for (suffix, factor) in units.sorted(by: { $0.0.count > $1.0.count }) where text.hasSuffix(suffix) {
            value = Double(text.dropLast(suffix.count)).map { $0 * factor }
            break
        }
        if value == nil { value = Double(text) }
        guard let v = value, RecordingLimits.problem(durationSeconds: v) == nil else { return nil }
        seconds = v
    }

    /// How `--help` shows a default: as it would be typed (`30s`, `5m`, `1.5h`), never the type's
    /// own description (`SignalDuration(seconds: 30.0)`).
    var defaultValueDescription: String { Self.written(seconds) }

    /// `seconds` in the largest unit that writes it exactly: `30s`, `5m`, `2h`, `500ms`, `1.5s`.
    static func written(_ seconds: Double) -> String {
        func number(_ v: Double) -> String { v.rounded() == v ? String(Int(v)) : String(v) }
        if seconds >= 3600, (seconds / 3600).rounded() == seconds / 3600 { return number(seconds / 3600) + "h" }
        if seconds >= 60, (seconds / 60).rounded() == seconds / 60 { return number(seconds / 60) + "m" }
        if seconds < 1, (seconds * 1000).rounded() == seconds * 1000 { return number(seconds * 1000) + "ms" }
        return number(seconds) + "s"
    }
}
