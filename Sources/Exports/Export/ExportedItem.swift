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
    /// What makes the item demonstration data (``Provenance/demonstrationReason``: `scripted
    /// participant, oscillator, 20x speed`), when it is not a participant's; `nil` otherwise.
    public var demonstration: String?

    /// What exporting `item` produced.
    public init(item: String, format: ExportFormat, files: [String], edf: EDFExport?, demonstration: String? = nil) {
        self.item = item
        self.format = format
        self.files = files
        self.edf = edf
        self.demonstration = demonstration
    }
}
