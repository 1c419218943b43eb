public import Foundation

/// Makes the signed consent's document, the PDF stored beside its ``ConsentRecord`` at enrolment.
///
/// The study runner asks for one instead of typesetting itself, so Study does not depend on the
/// Typesetting module (and Pango and Cairo): the kit and the tests inject Typesetting's
/// `ConsentPDFTypesetter`. The document holds the participant's name, as the record does.
package protocol ConsentTypesetter: Sendable {
    /// The document of `record`, for the study titled `studyTitle`, dated in `timeZone`: the PDF's
    /// bytes. Throws when it cannot be made (e.g. the fonts are not installed); nothing is stored then.
    func pdf(of record: ConsentRecord, studyTitle: String, timeZone: TimeZone) throws -> Data
}
