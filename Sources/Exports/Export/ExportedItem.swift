/// What exporting one stored item produced.
public struct ExportedItem: Sendable, Equatable, Codable {
    /// The item's catalog path.
    public var item: String
    /// The format.
    public var format: ExportFormat
    /// The files written, relative to the export folder.
    public var files: [String]
    /// Details of the EDF+ file, when one was written (EDF and BIDS).
    public var edf: EDFExport?
}
