/// The dataset's time axis of a recording: seconds on the EEG's samples, row `k` of the EEG at
/// `k / rate` (as the EDF+ and every BIDS reader place it). Another stream's times (recording
/// clock) map onto it through the EEG rows' stored times: the fractional EEG row at that moment,
/// over the rate. For a recording at real time this is the time since the first EEG sample, within
/// the sample-clock fit; for one made faster than real time (`--speed N`), whose stored times are the
/// host's, it stays the signal's own time, as the EDF's is.
struct BIDSTimeAxis {
    /// The EEG rows' times (seconds since the epoch), non-decreasing.
    let times: [Double]
    let rate: Double

    /// Seconds on the EEG's samples at recording-clock time `t`; beyond either end extrapolated
    /// at the EEG's rows per recording-clock second over the whole recording.
    func seconds(_ t: Double) -> Double {
        guard let first = times.first, let last = times.last, times.count > 1, last > first else { return t - (times.first ?? t) }
        let rowsPerSecond = Double(times.count - 1) / (last - first)
        if t <= first { return (t - first) * rowsPerSecond / rate }
        if t >= last { return (Double(times.count - 1) + (t - last) * rowsPerSecond) / rate }
        var lo = 0, hi = times.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if times[mid] <= t { lo = mid } else { hi = mid }
        }
        let span = times[hi] - times[lo]
        return (Double(lo) + (span > 0 ? (t - times[lo]) / span : 0)) / rate
    }
}
