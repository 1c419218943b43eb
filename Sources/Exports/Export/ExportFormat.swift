/// The formats a recording can be exported to.
package enum ExportFormat: String, Sendable, Codable, CaseIterable {
    /// CSV files: the raw EEG with markers, events, one file per quality and band-power metric, and
    /// reaction-time trial tables (docs/analysis.md).
    case csv
    /// EDF+ (EDF+C, or EDF+D with gaps), one file per recording.
    case edf
    /// An EEG-BIDS dataset folder with EDF+ raw data and the HDF5 originals under `sourcedata/`.
    case bids
    /// XDF, the Lab Streaming Layer recording format (LabRecorder's), one file per recording with all
    /// its streams (``XDFWriter``).
    case xdf
}
