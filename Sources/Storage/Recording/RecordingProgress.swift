/// How far a recording has come; read by progress bars while it runs.
public struct RecordingProgress: Sendable, Equatable {
    /// Rows written, gap rows included.
    public var samples: Int64
    /// Seconds of signal written.
    public var seconds: Double
    /// The planned length in seconds, if any.
    public var plannedSeconds: Double?
    /// Gap rows so far.
    public var gapSamples: Int64
    /// The source's index of row 0 (see ``RecordingWriter/firstSourceIndex``), once a row is written:
    /// what turns a ``PlacedMarker/sample`` into a row of this recording.
    public var firstSourceIndex: Int64?

    /// The fraction done (0…1), or `nil` for an open-ended recording.
    public var fraction: Double? {
        plannedSeconds.map { $0 > 0 ? min(1, seconds / $0) : 1 }
    }
}
