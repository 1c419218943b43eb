/// The layout of a recording's CSV export (`export --format csv --csv-style …`).
package enum CSVStyle: String, Sendable, Codable, CaseIterable {
    /// The recorder's own: a folder per recording with `eeg.csv`, `events.csv`, one file per metric
    /// and per auxiliary stream (``RecordingCSV``).
    case standard
    /// Mind Monitor's one wide file (``MindMonitorCSV``), for scripts written for its recordings.
    case mindmonitor
    /// muselsl's EEG file (``MuselslCSV``), for scripts written for `muselsl record`.
    case muselsl
}
