/// The bounds a recording must keep to be read, played back or analysed, checked when a file is opened
/// (``RecordingReader``) and when a recording is asked for on the command line (`--rate`,
/// `--duration`). They are far beyond any EEG device, and small enough that nothing sized by them
/// (a channel list, a block of rows, a sample count in `Int`) can exhaust memory or overflow.
package enum RecordingLimits {
    /// Sampling rates in Hz: at least 1 Hz (the processing windows need whole samples per second) and
    /// at most 100 kHz.
    package static let samplingRate: ClosedRange<Double> = 1...100_000
    /// The most EEG channels (columns of `/Recording/Data`).
    package static let maxChannels = 1024
    /// The longest recording, in seconds: 31 days.
    package static let maxDurationSeconds: Double = 31 * 86_400

    /// Why `rate` is not a usable sampling rate, or `nil` when it is (NaN and infinities are not).
    package static func problem(samplingRate rate: Double) -> String? {
        guard rate.isFinite else { return "sampling rate \(rate) is not a finite number" }
        guard samplingRate.contains(rate) else {
            return "sampling rate \(rate) Hz is outside \(Int(samplingRate.lowerBound))–\(Int(samplingRate.upperBound)) Hz"
        }
        return nil
    }

    /// Why `seconds` is not a usable recording length, or `nil` when it is.
    package static func problem(durationSeconds seconds: Double) -> String? {
        guard seconds.isFinite, seconds > 0 else { return "duration \(seconds) s is not a positive number" }
        guard seconds <= maxDurationSeconds else { return "duration \(seconds) s is longer than 31 days" }
        return nil
    }
}
