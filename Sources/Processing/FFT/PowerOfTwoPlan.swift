/// A reusable plan for power-of-two complex transforms: the twiddles of every pass of the Stockham
/// kernel, laid out the way the passes read them.
struct PowerOfTwoPlan: Sendable {
    /// The transform size, a power of two.
    let size: Int
    /// ``StockhamKernel/twiddles(n:table:)`` for `size`.
    let twiddles: [Double]

    /// Makes the plan; `size` must be a power of two.
    init(size: Int) {
        precondition(size > 0 && size & (size - 1) == 0, "PowerOfTwoPlan needs a power of two")
        self.size = size
        twiddles = StockhamKernel.twiddles(n: size, table: TwiddleTable(n: size, count: size))
    }

    /// How many doubles of work memory a transform needs.
    var workCount: Int { StockhamKernel.workCount(n: size) }

    /// Forward DFT of `source` into `(dr, di)` (which may be the memory the source reads), using
    /// `work` (``workCount`` values).
    @inline(__always)
    func forward<Source: StockhamSource>(
        source: Source, dr: UnsafeMutablePointer<Double>, di: UnsafeMutablePointer<Double>, work: UnsafeMutablePointer<Double>
    ) {
        let n = size
        if n < 16 {
            StockhamKernel.small(n: n, source: source, dr: dr, di: di)
            return
        }
        twiddles.withUnsafeBufferPointer { t in
            StockhamKernel.transform(n: n, source: source, dr: dr, di: di, work: work, twiddles: t.baseAddress!)
        }
    }

    /// Forward DFT in place in `(re, im)`, using `work` (``workCount`` values).
    @inline(__always)
    func forward(re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>, work: UnsafeMutablePointer<Double>) {
        forward(source: SplitComplexSource(real: re, imaginary: im), dr: re, di: im, work: work)
    }

    /// Unnormalised inverse DFT in place (the forward transform with real and imaginary swapped).
    @inline(__always)
    func inverseUnscaled(re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>, work: UnsafeMutablePointer<Double>) {
        forward(re: im, im: re, work: work)
    }
}
