/// Signal processing for StudyRecorder: FFT, Welch band power and signal quality, written here with
/// no DSP dependency. See the types of this module for the individual algorithms.
package enum ProcessingModule {
    /// The version of the processing algorithms; stored with every derived result so a stored
    /// quality or band-power series can be traced to the code that made it.
    package static let algorithmVersion = "1"

    /// The FFT kernel this machine's power-of-two transforms run on, chosen once at run time: the
    /// four-lane AVX2 + FMA kernel where the CPU has it, else the portable two-lane one (the same
    /// results to within rounding); printed by the benchmarks so a figure names the code it timed.
    package static var fftKernel: String { FFTKernel.preferred.description }
}
