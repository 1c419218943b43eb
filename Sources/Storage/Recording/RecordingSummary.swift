public import Foundation

/// What a finished recording holds, as reported by ``RecordingWriter/finish(complete:reason:)``.
public struct RecordingSummary: Sendable, Equatable {
    /// The finished file.
    public var url: URL
    /// Rows in `/Recording/Data`, gap rows included.
    public var samples: Int64
    /// Rows that were gaps (filled with `NaN`).
    public var gapSamples: Int64
    /// Rows in the events table.
    public var events: Int
    /// Whether the recording ran its planned course.
    public var complete: Bool
    /// Why it ended early, if it did.
    public var reason: String?
    /// Signal duration in seconds (`samples / samplingRate`).
    public var duration: Double
}
