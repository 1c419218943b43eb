import DataSources

/// The rows of one auxiliary stream (accelerometer, gyroscope, PPG, telemetry) waiting to be written.
/// Lost samples (a jump in the stream's index) become `NaN` rows at their place, timed by
/// ``GapTiming``, so row *k* is always sample *k* of the stream; samples at or before the last index
/// are duplicates and are dropped. Knows nothing of the file format.
struct StreamRowBuffer {
    /// Buffered rows of one stream, from stream index `firstIndex`.
    struct Rows {
        var stream: String
        var firstIndex: Int64
        /// µs since the epoch (recording clock).
        var times: [Int64]
        /// Row-major, `channels` per row.
        var values: [Double]
        var channels: Int
    }

    let descriptor: StreamDescriptor
    /// The stream index the next sample should have.
    private(set) var nextIndex: Int64?
    /// Rows so far (written and buffered), gap rows included.
    private(set) var rows: Int64 = 0
    /// Gap rows so far.
    private(set) var gapRows: Int64 = 0
    private var values: [Double] = []
    private var times: [Int64] = []
    /// The time of the last row received (not filled), for spreading the times of a gap after it.
    private var lastTimeMicros: Int64?

    init(descriptor: StreamDescriptor) {
        self.descriptor = descriptor
    }

    /// Columns of a row (at least one).
    var width: Int { max(1, descriptor.channelCount) }

    /// Buffers rows starting at stream index `first` (`channels` values per row, missing columns become
    /// `NaN`); returns the number of gap rows inserted.
    @discardableResult
    mutating func append(firstIndex first: Int64, timesMicros: [Int64], values newValues: [Double], channels: Int) -> Int64 {
        let width = self.width
        var inserted: Int64 = 0
        for r in 0..<timesMicros.count {
            let index = first + Int64(r)
            if let expected = nextIndex {
                if index < expected { continue }
                if index > expected {
                    // Cap at one hour of rows so a corrupt index cannot allocate without bound; the
                    // rows' times follow ``GapTiming``.
                    let missing = min(index - expected, Int64(max(1, descriptor.samplingRate) * 3600))
                    let nominal = descriptor.samplingRate > 0 ? 1_000_000 / descriptor.samplingRate : 0
                    let last = lastTimeMicros ?? timesMicros[r]
                    let step = GapTiming.spacing(
                        after: lastTimeMicros.map(Double.init), before: Double(timesMicros[r]), missing: missing, nominal: nominal)
                    for k in 0..<missing {
                        times.append(last + Int64((Double(k + 1) * step).rounded()))
                        values.append(contentsOf: repeatElement(Double.nan, count: width))
                    }
                    rows += missing
                    gapRows += missing
                    inserted += missing
                }
            }
            times.append(timesMicros[r])
            lastTimeMicros = timesMicros[r]
            for c in 0..<width {
                let i = r * channels + c
                values.append(c < channels && i < newValues.count ? newValues[i] : .nan)
            }
            rows += 1
            nextIndex = index + 1
        }
        return inserted
    }

    /// Whether rows wait to be written.
    var hasPending: Bool { !times.isEmpty }

    /// The latest time of the rows waiting to be written (µs since the epoch), `nil` when none wait.
    var latestPendingTimeMicros: Int64? { times.max() }

    /// Hands over the buffered rows (gap rows included) and empties the buffer; `nil` when none wait.
    mutating func take() -> Rows? {
        guard !times.isEmpty, let next = nextIndex else { return nil }
        let taken = Rows(stream: descriptor.name, firstIndex: next - Int64(times.count), times: times, values: values, channels: width)
        times.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        return taken
    }
}
