/// What a PDF says about itself in its document information (shown by viewers and `pdfinfo`). Never
/// a participant's name: the title names the study and the document, the subject the participant's
/// UUID at most.
struct PDFMetadata: Sendable, Equatable {
    /// The document's title.
    var title: String
    /// What the document is about.
    var subject: String?
    /// The program that made it.
    var creator = "study-recorder"
}
