public import Foundation

/// What a finished recording holds, as reported by ``RecordingWriter/finish(_:)``.
public struct RecordingSummary: Sendable, Equatable {
    /// The finished file.
    public var url: URL
    /// Rows in `/Recording/Data`, gap rows included.
    public var samples: Int64
    /// Rows that were gaps (filled with `NaN`).
    public var gapSamples: Int64
    /// Rows in the events table.
    public var events: Int
    /// Whether the recording ran its planned course, and if not, why it ended early.
    public var outcome: RecordingOutcome
    /// Signal duration in seconds (`samples / samplingRate`).
    public var duration: Double
}
