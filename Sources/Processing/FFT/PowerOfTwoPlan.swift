/// A reusable plan for power-of-two complex transforms: the kernel it runs (``FFTKernel``, chosen
/// once per plan) and the twiddles of every pass, laid out the way that kernel's passes read them.
///
/// The portable kernel loads twiddles with aligned vector loads, so they must start on a 16-byte boundary.
/// A Swift array guarantees only its element's alignment (8 bytes), so the table is stored one
/// double longer than needed and used from its first 16-byte-aligned element.
struct PowerOfTwoPlan: Sendable {
    /// The transform size, a power of two.
    let size: Int
    /// The kernel that runs the transforms (``FFTKernel/portable`` below 16 points, where the
    /// scalar code of ``StockhamKernel/small(n:source:dr:di:)`` does the work either way).
    let kernel: FFTKernel
    /// ``StockhamKernel/twiddles(n:table:)`` or ``AVX2Kernel/twiddles(n:table:)`` for `size`, from
    /// element ``twiddleOffset`` on.
    private let twiddles: [Double]
    /// 0 or 1: where the twiddles start in ``twiddles`` so that they are 16-byte aligned. The array
    /// is never mutated after `init`, so its storage (shared by copies of the plan) never moves.
    private let twiddleOffset: Int

    /// Makes the plan; `size` must be a power of two and `kernel` one this machine can run.
    init(size: Int, kernel requested: FFTKernel = .preferred) {
        precondition(size > 0 && size & (size - 1) == 0, "PowerOfTwoPlan needs a power of two")
        precondition(requested.isAvailable, "PowerOfTwoPlan: this CPU cannot run the \(requested) FFT kernel")
        self.size = size
        kernel = size >= 16 ? requested : .portable
        let roots = TwiddleTable(n: size, count: size)
        let table = kernel == .avx2 ? AVX2Kernel.twiddles(n: size, table: roots) : StockhamKernel.twiddles(n: size, table: roots)
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
        let kernel = self.kernel
        twiddles.withUnsafeBufferPointer { t in
            let aligned = t.baseAddress! + offset
            precondition(Int(bitPattern: aligned) & 15 == 0, "PowerOfTwoPlan: twiddle storage moved")
            switch kernel {
            case .avx2:
                source.forwardAVX2(n: n, dr: dr, di: di, work: work, twiddles: aligned, sourceIsApart: sourceIsApart)
            case .portable:
                StockhamKernel.transform(
                    n: n, source: source, dr: dr, di: di, work: work, twiddles: aligned, sourceIsApart: sourceIsApart)
            }
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
