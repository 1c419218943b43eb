/// A reusable plan for power-of-two complex transforms: the twiddle table of the Stockham kernel.
struct PowerOfTwoPlan: Sendable {
    /// The transform size, a power of two.
    let size: Int
    /// `exp(-2πik/size)`, k = 0…size−1.
    let twiddles: TwiddleTable
    /// The first pass's twiddles laid out contiguously (see ``StockhamKernel/firstPassTwiddles``).
    let firstPass: [Double]

    /// Makes the plan; `size` must be a power of two.
    init(size: Int) {
        precondition(size > 0 && size & (size - 1) == 0, "PowerOfTwoPlan needs a power of two")
        self.size = size
        twiddles = TwiddleTable(n: size, count: size)
        firstPass = StockhamKernel.firstPassTwiddles(n: size, table: twiddles)
    }

    /// Forward DFT in place in `(re, im)`, using `(scratchRe, scratchIm)` (size values each).
    @inline(__always)
    func forward(
        re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>,
        scratchRe: UnsafeMutablePointer<Double>, scratchIm: UnsafeMutablePointer<Double>
    ) {
        twiddles.real.withUnsafeBufferPointer { wr in
            twiddles.imaginary.withUnsafeBufferPointer { wi in
                firstPass.withUnsafeBufferPointer { f in
                    StockhamKernel.forward(
                        n: size, xr: re, xi: im, yr: scratchRe, yi: scratchIm,
                        wr: wr.baseAddress!, wi: wi.baseAddress!, first: f.baseAddress!)
                }
            }
        }
    }

    /// Forward DFT of `(srcRe, srcIm)` into `(dstRe, dstIm)` without copying (the source is only read
    /// when it differs from the destination), using the scratch arrays.
    @inline(__always)
    func forward(
        srcRe: UnsafeMutablePointer<Double>, srcIm: UnsafeMutablePointer<Double>,
        dstRe: UnsafeMutablePointer<Double>, dstIm: UnsafeMutablePointer<Double>,
        scratchRe: UnsafeMutablePointer<Double>, scratchIm: UnsafeMutablePointer<Double>
    ) {
        twiddles.real.withUnsafeBufferPointer { wr in
            twiddles.imaginary.withUnsafeBufferPointer { wi in
                firstPass.withUnsafeBufferPointer { f in
                    StockhamKernel.transform(
                        n: size, sr: srcRe, si: srcIm, dr: dstRe, di: dstIm, tr: scratchRe, ti: scratchIm,
                        wr: wr.baseAddress!, wi: wi.baseAddress!, first: f.baseAddress!)
                }
            }
        }
    }

    /// Unnormalised inverse DFT in place (the forward kernel with real and imaginary swapped).
    @inline(__always)
    func inverseUnscaled(
        re: UnsafeMutablePointer<Double>, im: UnsafeMutablePointer<Double>,
        scratchRe: UnsafeMutablePointer<Double>, scratchIm: UnsafeMutablePointer<Double>
    ) {
        forward(re: im, im: re, scratchRe: scratchIm, scratchIm: scratchRe)
    }
}
