/// The sum of a run of samples, four pairs of lanes at a time.
///
/// A plain `for` loop adds one value after the other, each addition waiting for the previous one,
/// and the compiler may not reorder floating-point additions; eight partial sums let the additions
/// overlap (about 5× faster for the 512–1024-sample windows of Welch and the line-noise mode). The
/// result can differ from the sequential sum in the last bits only.
///
/// A missing sample (NaN) or an infinity makes the sum non-finite, which is how the callers detect
/// windows with missing data without a separate pass: finite EEG values cannot overflow a Double.
enum VectorSum {
    /// The sum of `count` values from `values`.
    @inline(__always)
    static func of(_ values: UnsafePointer<Double>, count: Int) -> Double {
        typealias V = SIMD2<Double>
        var a = V(), b = V(), c = V(), d = V()
        var i = 0
        let p = values
        while i &+ 8 <= count {
            a += V(p[i], p[i &+ 1])
            b += V(p[i &+ 2], p[i &+ 3])
            c += V(p[i &+ 4], p[i &+ 5])
            d += V(p[i &+ 6], p[i &+ 7])
            i &+= 8
        }
        var sum = ((a + b) + (c + d)).sum()
        while i < count {
            sum += values[i]
            i &+= 1
        }
        return sum
    }
}
