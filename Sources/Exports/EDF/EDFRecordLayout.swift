import Foundation

/// How a signal is cut into EDF data records: the shortest whole number of seconds (1 for every
/// integer rate) that holds a whole number of samples, since an ASCII-rounded record duration would
/// shift the sampling rate readers compute (sccn/eeglab#246).
struct EDFRecordLayout: Equatable {
    /// Seconds per data record.
    let duration: Int
    /// Samples of each signal per data record.
    let samplesPerRecord: Int

    /// The layout for `rate` Hz, or `nil` when no record of up to 60 s holds a whole number of samples
    /// or a record would exceed the 16-bit sample count EDF readers allocate per signal.
    init?(rate: Double) {
        guard rate > 0, rate.isFinite else { return nil }
        for seconds in 1...60 {
            let samples = rate * Double(seconds)
            if abs(samples - samples.rounded()) < 1e-6, samples.rounded() >= 1, samples.rounded() <= 65_535 {
                duration = seconds
                samplesPerRecord = Int(samples.rounded())
                return
            }
        }
        return nil
    }
}
