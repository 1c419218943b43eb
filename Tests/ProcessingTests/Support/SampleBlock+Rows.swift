import DataSources

extension SampleBlock {
    /// The rows as separate values (index, time, values): convenient for comparing with per-sample
    /// reference code in tests.
    var rows: [(index: Int64, time: Double, values: [Double])] {
        (0..<count).map { (firstIndex + Int64($0), times[$0], row($0)) }
    }
}
