/// What an EDF+ export wrote, for the command's report and the tests.
package struct EDFExport: Sendable, Equatable, Codable {
    /// `EDF+C`: every record is written, gaps as annotated 0 µV spans (see ``EDFWriter``).
    package var variant: String
    /// Data records written.
    package var recordCount: Int
    /// Seconds per data record.
    package var recordDuration: Int
    /// Samples per record and signal.
    package var samplesPerRecord: Int
    /// Annotations written (events, gaps, end padding), not counting the time-keeping ones.
    package var annotationCount: Int
    /// Spans of lost samples, each annotated `BAD_ACQ_SKIP`.
    package var gapCount: Int
    /// Values outside the physical range, written as its nearest end.
    package var clippedValues: Int
    /// Samples added after the last one to fill the last record (annotated `BAD_ACQ_SKIP`).
    package var paddingSamples: Int
    /// The physical range the signals were scaled to.
    package var physicalMinimum: Double
    /// See ``physicalMinimum``.
    package var physicalMaximum: Double
    /// Where the range came from (`device`, `rawCoding`, `fallback`).
    package var rangeOrigin: EDFPhysicalRange.Origin
}
