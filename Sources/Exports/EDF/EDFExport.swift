/// What an EDF+ export wrote, for the command's report and the tests.
public struct EDFExport: Sendable, Equatable, Codable {
    /// `EDF+C`: every record is written, gaps as annotated 0 µV spans (see ``EDFWriter``).
    public var variant: String
    /// Data records written.
    public var recordCount: Int
    /// Seconds per data record.
    public var recordDuration: Int
    /// Samples per record and signal.
    public var samplesPerRecord: Int
    /// Annotations written (events, gaps, end padding), not counting the time-keeping ones.
    public var annotationCount: Int
    /// Spans of lost samples, each annotated `BAD_ACQ_SKIP`.
    public var gapCount: Int
    /// Values outside the physical range, written as its nearest end.
    public var clippedValues: Int
    /// Samples added after the last one to fill the last record (annotated `BAD_ACQ_SKIP`).
    public var paddingSamples: Int
    /// The physical range the signals were scaled to.
    public var physicalMinimum: Double
    /// See ``physicalMinimum``.
    public var physicalMaximum: Double
    /// Where the range came from (`device`, `rawCoding`, `fallback`).
    public var rangeOrigin: EDFPhysicalRange.Origin
}
