/// What exporting one stored item produced.
package struct ExportedItem: Sendable, Equatable, Codable {
    /// The item's catalog path.
    package var item: String
    /// The format.
    package var format: ExportFormat
    /// The files written, relative to the export folder.
    package var files: [String]
    /// Details of the EDF+ file, when one was written (EDF and BIDS).
    package var edf: EDFExport?
    /// What makes the item demonstration data (``Provenance/demonstrationReason``: `scripted
    /// participant, oscillator, 20x speed`), when it is not a participant's; `nil` otherwise.
    package var demonstration: String?

    /// What exporting `item` produced.
    package init(item: String, format: ExportFormat, files: [String], edf: EDFExport?, demonstration: String? = nil) {
        self.item = item
        self.format = format
        self.files = files
        self.edf = edf
        self.demonstration = demonstration
    }
}
