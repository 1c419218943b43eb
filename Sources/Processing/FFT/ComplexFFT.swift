/// A complex discrete Fourier transform of a fixed size, in Double, matching `numpy.fft.fft` and
/// `numpy.fft.ifft` (forward unscaled, inverse scaled by 1/n).
///
/// Power-of-two sizes use a radix-4 Stockham kernel (``StockhamKernel``); every other size uses
/// Bluestein's algorithm on top of it. Make one per size and reuse it: the twiddles and chirps are computed once, and the
/// scratch memory is kept, so a transform allocates nothing.
///
/// ```swift
/// var fft = ComplexFFT(size: 500)
/// var re = signal, im = [Double](repeating: 0, count: 500)
/// fft.forward(real: &re, imaginary: &im)
/// ```
package struct ComplexFFT: Sendable {
    /// The number of points transformed.
    package let size: Int

    private enum Algorithm: Sendable {
        case powerOfTwo(PowerOfTwoPlan)
        case bluestein(BluesteinPlan)
    }

    private let algorithm: Algorithm
    private var work: [Double]

    /// Prepares a transform of `size` points (any size ≥ 1).
    package init(size: Int) {
        self.init(size: size, kernel: .preferred)
    }

    /// Prepares a transform of `size` points on the given power-of-two kernel (which Bluestein
    /// sizes use for their convolution): how the tests run both kernels on one machine.
    init(size: Int, kernel: FFTKernel) {
        precondition(size >= 1, "an FFT needs at least one point")
        self.size = size
        if size & (size - 1) == 0 {
            let plan = PowerOfTwoPlan(size: size, kernel: kernel)
            algorithm = .powerOfTwo(plan)
            work = [Double](repeating: 0, count: plan.workCount)
        } else {
            let plan = BluesteinPlan(size: size, kernel: kernel)
            algorithm = .bluestein(plan)
            work = [Double](repeating: 0, count: plan.workCount)
        }
    }

    /// The power-of-two kernel the transforms run on.
    var kernel: FFTKernel {
        switch algorithm {
        case .powerOfTwo(let plan): plan.kernel
        case .bluestein(let plan): plan.inner.kernel
        }
    }

    /// Whether `size` takes the fast power-of-two path (otherwise Bluestein).
    package var isPowerOfTwo: Bool {
        if case .powerOfTwo = algorithm { return true }
        return false
    }

    /// Forward DFT `X[k] = Σ x[j]·exp(-2πijk/n)` in place, on split real and imaginary parts.
    package mutating func forward(real: UnsafeMutablePointer<Double>, imaginary: UnsafeMutablePointer<Double>) {
        let algorithm = self.algorithm
        work.withUnsafeMutableBufferPointer { w in
            let base = w.baseAddress!
            switch algorithm {
            case .powerOfTwo(let plan):
                plan.forward(re: real, im: imaginary, work: base)
            case .bluestein(let plan):
                plan.forward(re: real, im: imaginary, work: base)
            }
        }
    }

    /// Forward DFT of `(real, imaginary)` into `(outputReal, outputImaginary)` (``size`` values each,
    /// not overlapping the input): for power-of-two sizes no copy is made at all, the passes run
    /// straight from the input to the output.
    package mutating func forward(
        real: UnsafePointer<Double>, imaginary: UnsafePointer<Double>,
        outputReal: UnsafeMutablePointer<Double>, outputImaginary: UnsafeMutablePointer<Double>
    ) {
        let algorithm = self.algorithm
        let n = size
        work.withUnsafeMutableBufferPointer { w in
            let base = w.baseAddress!
            switch algorithm {
            case .powerOfTwo(let plan):
                plan.forward(
                    source: SplitComplexSource(real: real, imaginary: imaginary),
                    dr: outputReal, di: outputImaginary, work: base, sourceIsApart: true)
            case .bluestein(let plan):
                outputReal.update(from: real, count: n)
                outputImaginary.update(from: imaginary, count: n)
                plan.forward(re: outputReal, im: outputImaginary, work: base)
            }
        }
    }

    /// Forward DFT of the ``size`` complex points stored interleaved in `interleaved` (`re₀, im₀, re₁,
    /// …`, 2·``size`` values) into `(outputReal, outputImaginary)`. This is how ``RealFFT`` transforms
    /// a real signal as half as many complex points: for power-of-two sizes the first pass reads the
    /// signal directly, with no de-interleaving copy. The output must not overlap the input.
    mutating func forward(
        interleaved: UnsafePointer<Double>, outputReal: UnsafeMutablePointer<Double>, outputImaginary: UnsafeMutablePointer<Double>
    ) {
        let algorithm = self.algorithm
        let n = size
        work.withUnsafeMutableBufferPointer { w in
            let base = w.baseAddress!
            switch algorithm {
            case .powerOfTwo(let plan):
                plan.forward(
                    source: InterleavedComplexSource(values: interleaved),
                    dr: outputReal, di: outputImaginary, work: base, sourceIsApart: true)
            case .bluestein(let plan):
                for k in 0..<n {
                    outputReal[k] = interleaved[2 &* k]
                    outputImaginary[k] = interleaved[2 &* k &+ 1]
                }
                plan.forward(re: outputReal, im: outputImaginary, work: base)
            }
        }
    }

    /// Inverse DFT `x[j] = (1/n)·Σ X[k]·exp(2πijk/n)` in place, like `numpy.fft.ifft`.
    package mutating func inverse(real: UnsafeMutablePointer<Double>, imaginary: UnsafeMutablePointer<Double>) {
        // The inverse is the forward transform with real and imaginary parts swapped.
        forward(real: imaginary, imaginary: real)
        let scale = 1 / Double(size)
        for k in 0..<size {
            real[k] *= scale
            imaginary[k] *= scale
        }
    }

    /// Forward DFT of arrays in place; both must hold ``size`` values.
    package mutating func forward(real: inout [Double], imaginary: inout [Double]) {
        precondition(real.count == size && imaginary.count == size, "ComplexFFT: wrong input length")
        real.withUnsafeMutableBufferPointer { r in
            imaginary.withUnsafeMutableBufferPointer { i in
                forward(real: r.baseAddress!, imaginary: i.baseAddress!)
            }
        }
    }

    /// Inverse DFT of arrays in place (scaled by 1/n); both must hold ``size`` values.
    package mutating func inverse(real: inout [Double], imaginary: inout [Double]) {
        precondition(real.count == size && imaginary.count == size, "ComplexFFT: wrong input length")
        real.withUnsafeMutableBufferPointer { r in
            imaginary.withUnsafeMutableBufferPointer { i in
                inverse(real: r.baseAddress!, imaginary: i.baseAddress!)
            }
        }
    }
}
