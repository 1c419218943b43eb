/// A reusable plan for power-of-two complex transforms: the twiddles of every pass of the Stockham
/// kernel, laid out the way the passes read them.
///
/// The kernel loads twiddles with aligned vector loads, so they must start on a 16-byte boundary.
/// A Swift array guarantees only its element's alignment (8 bytes), so the table is stored one
/// double longer than needed and used from its first 16-byte-aligned element.
struct PowerOfTwoPlan: Sendable {
    /// The transform size, a power of two.
    let size: Int
    /// ``StockhamKernel/twiddles(n:table:)`` for `size`, from element ``twiddleOffset`` on.
    private let twiddles: [Double]
    /// 0 or 1: where the twiddles start in ``twiddles`` so that they are 16-byte aligned. The array
    /// is never mutated after `init`, so its storage (shared by copies of the plan) never moves.
    private let twiddleOffset: Int

    /// Makes the plan; `size` must be a power of two.
    init(size: Int) {
        precondition(size > 0 && size & (size - 1) == 0, "PowerOfTwoPlan needs a power of two")
        self.size = size
        let table = StockhamKernel.twiddles(n: size, table: TwiddleTable(n: size, count: size))
        var storage = [Double](repeating: 0, count: table.count + 1)
        twiddleOffset = storage.withUnsafeMutableBufferPointer { buffer in
            let offset = (Int(bitPattern: buffer.baseAddress!) >> 3) & 1
            for k in table.indices { buffer[offset + k] = table[k] }
            return offset
        }
        twiddles = storage
    }

    /// How many doubles of work memory a transform needs.
    var workCount: Int { StockhamKernel.workCount(n: size) }

    /// Forward DFT of `source` into `(dr, di)`, using `work` (``workCount`` values). `sourceIsApart`:
    /// the source does not overlap `(dr, di)`, which may then serve as scratch memory (fewer
    /// buffers in cache); otherwise `(dr, di)` may be the memory the source reads.
    @inline(__always)
    func forward<Source: StockhamSource>(
        source: Source, dr: UnsafeMutablePointer<Double>, di: UnsafeMutablePointer<Double>, work: UnsafeMutablePointer<Double>,
        sourceIsApart: Bool
    ) {
        let n = size
        if n < 16 {
            StockhamKernel.small(n: n, source: source, dr: dr, di: di)
            return
        }
        let offset = twiddleOffset
        twiddles.withUnsafeBufferPointer { t in
            let aligned = t.baseAddress! + offset
            precondition(Int(bitPattern: aligned) & 15 == 0, "PowerOfTwoPlan: twiddle storage moved")
            StockhamKernel.transform(n: n, source: source, dr: dr, di: di, work: work, twiddles: aligned, sourceIsApart: sourceIsApart)
        }
    }

    /// Forward DFT in place in `(re, im)`, using `work` (``workCount`` values).
    @inline(__always)
    func forward(re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>, work: UnsafeMutablePointer<Double>) {
        forward(source: SplitComplexSource(real: re, imaginary: im), dr: re, di: im, work: work, sourceIsApart: false)
    }

    /// Unnormalised inverse DFT in place (the forward transform with real and imaginary swapped).
    @inline(__always)
    func inverseUnscaled(re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>, work: UnsafeMutablePointer<Double>) {
        forward(re: im, im: re, work: work)
    }
}
