public import Foundation

/// What a finished recording holds, as reported by ``RecordingWriter/finish(_:)``.
package struct RecordingSummary: Sendable, Equatable {
    /// The finished file.
    package var url: URL
    /// Rows in `/Recording/Data`, gap rows included.
    package var samples: Int64
    /// Rows that were gaps (filled with `NaN`).
    package var gapSamples: Int64
    /// Rows in the events table.
    package var events: Int
    /// Whether the recording ran its planned course, and if not, why it ended early.
    package var outcome: RecordingOutcome
    /// Signal duration in seconds (`samples / samplingRate`).
    package var duration: Double
}
