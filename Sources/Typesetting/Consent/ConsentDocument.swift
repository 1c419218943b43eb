public import Foundation
public import Storage

/// The signed consent as a document on paper, as ethics boards ask for it: the study's title and
/// version, every consent page as it was shown (placeholders filled), the agreement, the phrase the
/// participant typed, the signature (the name as typed), the helper if any, the date and time with the
/// zone, and the participant's UUID; every page carries "Page n of m" in the participant's language.
/// Typeset on A4 in DejaVu Sans (embedded, so umlauts and other scripts print anywhere); a long
/// consent flows over as many pages as it needs.
///
/// It holds the participant's name, so it is stored and protected like the ``ConsentRecord`` it is
/// made from (``ItemKind/consentPDF``); its file name and metadata carry only the UUID. A consent a
/// script gave (``Provenance/scriptedParticipant``, `enroll --auto`) says in a line at its top and
/// above the signature that it is not a participant's consent.
///
/// ```swift
/// let pdf = try ConsentDocument(record: record, studyTitle: "MYND example study").pdf()
/// try pdf.data.write(to: url)
/// ```
package struct ConsentDocument: Sendable {
    /// What was shown, typed and signed.
    package var record: ConsentRecord
    /// The study's title as shown to the participant.
    package var studyTitle: String
    /// The zone the date and time are stated in (the participant's).
    package var timeZone: TimeZone

    /// The document of `record`, for the study titled `studyTitle`, dated in `timeZone`.
    package init(record: ConsentRecord, studyTitle: String, timeZone: TimeZone = .current) {
        self.record = record
        self.studyTitle = studyTitle
        self.timeZone = timeZone
    }

    /// The words around the study's texts, in the record's locale.
    package var labels: ConsentDocumentLabels { ConsentDocumentLabels(locale: record.locale) }

    /// The document typeset as a PDF. Throws ``TypesettingError`` (e.g. DejaVu Sans not installed).
    package func pdf() throws -> TypesetPDF {
        let metadata = PDFMetadata(title: "\(record.title) – \(studyTitle)", subject: "\(labels.participant)\(record.participant)")
        let labels = labels
        return try PDFTypesetter(metadata: metadata).typeset(blocks) { labels.footer($0, of: $1) }
    }

    /// Every text of the document in reading order, without the footers: what a PDF reader extracts.
    package var shownTexts: [String] { blocks.map(\.shown) }

    /// The paragraphs, in reading order.
    var blocks: [TextBlock] {
        var blocks = [TextBlock(studyTitle, style: .title)]
        var line = "\(labels.study) \(record.study)"
        if let version = record.studyVersion { line += ", \(labels.version) \(version)" }
        blocks.append(TextBlock(line, style: .subtitle))
        // A consent a script gave says so where a reader looks first and beside the signature.
        let scripted = record.provenance?.scriptedParticipant == true
        if scripted { blocks.append(TextBlock(labels.scripted, style: .subtitle)) }
        blocks.append(TextBlock(record.title, style: .heading))
        for page in record.pages {
            // A page is stored as shown: its heading, a line break, its text.
            let parts = page.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
            blocks.append(TextBlock(String(parts[0]), style: .subheading))
            if parts.count > 1 { blocks.append(TextBlock(String(parts[1]), style: .body)) }
        }
        blocks.append(TextBlock(labels.agreement, style: .subheading))
        blocks.append(TextBlock(record.agreement, style: .body))
        if scripted { blocks.append(TextBlock(labels.scripted, style: .body)) }
        blocks.append(TextBlock(record.typedAgreement, style: .firstField, label: labels.typedAgreement))
        blocks.append(TextBlock(record.signature, style: .field, label: labels.signature))
        if let helper = record.helperName { blocks.append(TextBlock(helper, style: .field, label: labels.helper)) }
        blocks.append(
            TextBlock(ConsentTimestamp.text(record.consentedAt, locale: record.locale, timeZone: timeZone), style: .field, label: labels.date))
        var last = TextStyle.field
        last.keepWithNext = false
        blocks.append(TextBlock(record.participant, style: last, label: labels.participant))
        return blocks
    }
}
