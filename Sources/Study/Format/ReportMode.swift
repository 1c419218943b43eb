/// Whether `run` writes a post-session report: one self-contained HTML page per session with EEG
/// (metadata, signal, quality, band power, spectrum, verdict, reaction times), in `<data>/reports/`.
/// Reports are derived, local files: never catalogued, uploaded or adopted by recovery, and not
/// written when the study's recordings are encrypted (docs/report.md).
package enum ReportMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// No report (the default).
    case none
    /// A report after every session that stored a recording.
    case afterEachSession
}
