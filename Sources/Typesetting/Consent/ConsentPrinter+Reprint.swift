public import Foundation
public import Storage

extension ConsentPrinter {
    /// How ``reprint(participant:to:timeZone:)`` made the copy.
    package enum Reprint: Sendable, Equatable {
        /// The PDF stored at enrolment, copied (decrypted when sealed).
        case stored(participant: String)
        /// Typeset now from the consent record: the participant was enrolled before consent PDFs were
        /// stored. The study's identifier stands in for its title (the record does not hold it).
        case typesetFromRecord(participant: String)
    }

    /// Writes `participant`'s signed consent (or, when `nil`, that of the only participant with one)
    /// to `url`: the PDF stored at enrolment, or, for a participant enrolled before it was made, the
    /// consent typeset now from the consent record, dated in `timeZone`. Throws
    /// ``ConsentPrintError`` or ``TypesettingError``.
    @discardableResult
    package func reprint(participant: String?, to url: URL, timeZone: TimeZone = .current) throws -> Reprint {
        let stored = try stored(participant: participant)
        if let pdf = stored.pdf {
            try write(pdf, to: url)
            return .stored(participant: stored.participant)
        }
        guard let recordItem = stored.record else {
            throw ConsentPrintError.missing(participant: stored.participant, dataFolder: store.root.path)
        }
        let record = try record(of: recordItem)
        try write(try ConsentDocument(record: record, studyTitle: record.study, timeZone: timeZone).pdf().data, to: url)
        return .typesetFromRecord(participant: stored.participant)
    }
}
