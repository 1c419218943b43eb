import DataSources

/// The EDF+ header's transducer and prefiltering fields of a device's signals (80 characters each):
/// what the electrodes are and what filtered the samples before they were stored. study-recorder
/// stores the device's samples unfiltered, so the prefilter says that and no more than the device
/// maker publishes. The `EDF Annotations` signal keeps both fields blank, as EDF+ requires.
struct EDFSignalLabels: Equatable {
    /// The transducer field, e.g. `dry electrode`.
    let transducer: String
    /// The prefiltering field.
    let prefilter: String

    /// The fields of channel `channel` of a `kind` device (`muse`, `oscillator`, …).
    init(channel: String, deviceKind kind: String) {
        switch kind {
        case "muse":
            // The Muse's sensors are dry (silver or conductive-rubber/fabric), without gel; AUX is an
            // unconnected or user-wired input.
            transducer = channel == "AUX" ? "auxiliary input (user electrode)" : "dry electrode"
            prefilter = "None by study-recorder; device hardware filters not published"
        case "oscillator":
            transducer = "none (synthetic signal)"
            prefilter = "None"
        default:
            transducer = "unknown"
            prefilter = "None by study-recorder"
        }
    }
}
