/// Signal processing for StudyRecorder: FFT, Welch band power and signal quality, written here with
/// no DSP dependency. See the types of this module for the individual algorithms.
public enum ProcessingModule {
    /// The version of the processing algorithms; stored with every derived result so a stored
    /// quality or band-power series can be traced to the code that made it.
    public static let algorithmVersion = "1"
}
