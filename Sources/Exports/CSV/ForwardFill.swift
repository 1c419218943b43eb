/// The newest row of a time series at or before a moment, found by walking forward: the value a
/// wide table shows for a slower series at each EEG sample (Mind Monitor's "forward-filled" columns).
struct ForwardFill {
    let times: [Double]
    let values: [Double]
    let columns: Int
    private var next = 0

    init(times: [Double], values: [Double], columns: Int) {
        self.times = times
        self.values = values
        self.columns = columns
    }

    /// The row at or before `time` (times asked in order), or nil before the first.
    mutating func row(at time: Double) -> ArraySlice<Double>? {
        while next < times.count, times[next] <= time + 1e-9 { next += 1 }
        guard next > 0 else { return nil }
        let start = (next - 1) * columns
        return values[start..<min(values.count, start + columns)]
    }
}
