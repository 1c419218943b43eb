public import Foundation
public import Storage

/// The study runner's consent document: ``ConsentDocument`` typeset as a PDF with Pango and Cairo.
/// Injected by the kit (and tests) into the runner, which knows only Storage's `ConsentTypesetter`.
package struct ConsentPDFTypesetter: ConsentTypesetter {
    /// A typesetter (Pango and Cairo are opened with the first document).
    package init() {}

    /// ``ConsentDocument/pdf()`` of `record`. Throws ``TypesettingError``.
    package func pdf(of record: ConsentRecord, studyTitle: String, timeZone: TimeZone) throws -> Data {
        try ConsentDocument(record: record, studyTitle: studyTitle, timeZone: timeZone).pdf().data
    }
}
