/// A time series of a ``RecordingDigest`` kept in two flat arrays, one time and ``width`` values per
/// row: a day's 2 Hz grades are 172,800 rows, which as an array per row took about 16 MB and here
/// take 4 MB (as `Float`: 1, 2 and 4 exactly; the band power at 1 Hz, `Double`: 8 MB and 4 MB), so
/// the session report's memory grows by a few megabytes a day instead of by tens.
package struct DigestSeries<Value: BinaryFloatingPoint & Sendable>: Sendable, RandomAccessCollection {
    /// Values per row.
    package let width: Int
    /// The rows' times (seconds of signal from the first sample).
    package private(set) var times: [Double] = []
    /// The values, row-major.
    package private(set) var values: [Value] = []

    /// An empty series of rows of `width` values.
    package init(width: Int) {
        self.width = Swift.max(1, width)
    }

    /// Makes room for `rows` rows at once (no doubling and copying as a long series grows).
    mutating func reserve(rows: Int) {
        times.reserveCapacity(rows)
        values.reserveCapacity(rows * width)
    }

    /// Appends a row (padded with NaN or cut to ``width`` values).
    mutating func append(time: Double, _ row: [Double]) {
        times.append(time)
        for k in 0..<width { values.append(k < row.count ? Value(row[k]) : .nan) }
    }

    /// The value of `column` in row `row`.
    package func value(_ row: Int, _ column: Int) -> Double {
        column < width ? Double(values[row * width + column]) : .nan
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { times.count }

    /// Row `i`: its time and its values.
    package subscript(i: Int) -> (time: Double, values: ArraySlice<Value>) {
        (times[i], values[(i * width)..<((i + 1) * width)])
    }
}
