import DataSources
import Foundation
import Storage
import TestSupport
import Testing
import Typesetting

@testable import Study

/// Enrolment stores the consent as a PDF next to its record: every consent page exactly as the
/// participant was shown it, in the example studies' German and English, with the signature, the
/// helper, the date in the participant's zone and the UUID.
@Suite(.tags(.process), .enabled(if: Executables.available(PDFTools.names)))
struct EnrolmentConsentDocumentTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt

    @Test(arguments: [("mynd-example", "en"), ("mynd-example", "de"), ("reaction-time", "en"), ("reaction-time", "de")])
    func theConsentIsStoredAsAPDFWithEveryTextShown(studyName: String, locale: String) async throws {
        let dir = try TemporaryDirectory("enrol-consent-pdf")
        let store = try DataStore(root: dir.url)
        let study = try StudyLoader.load(folder: FixturePaths.studies.appendingPathComponent(studyName))
        let interface = ScriptedInterface()
        var options = RunnerOptions(
            locale: locale, automatic: true, clock: FixedStudyClock(Date(timeIntervalSince1970: 1_800_000_000)), uploadAfterSession: false)
        options.timeZone = Self.berlin
        let runner = StudyRunner(study: study, store: store, interface: interface, options: options, makeSource: { OscillatorSource() },
            consentTypesetter: ConsentPDFTypesetter())
        let participant = try await runner.enroll(name: "Zoë Quill", helperName: "Jörg Weiß")

        let items = try store.catalog.items(participant: participant.id)
        let pdfItem = try #require(items.first { $0.kind == .consentPDF })
        let recordItem = try #require(items.first { $0.kind == .consent })
        #expect(pdfItem.path == "\(participant.id)/c_\(studyName)_\(participant.id).pdf")
        let pdf = store.url(of: pdfItem.path)
        #expect((try FileManager.default.attributesOfItem(atPath: pdf.path)[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = UTCTimestamp.jsonDecodingStrategy
        let record = try decoder.decode(ConsentRecord.self, from: Data(contentsOf: store.url(of: recordItem.path)))

        let pages = try pageCount(pdf)
        let footers = (1...pages).map { ConsentDocumentLabels(locale: locale).footer($0, of: pages) }
        let lines = try PDFTools.lines(of: pdf)
        for footer in footers { #expect(lines.filter { $0 == footer }.count == 1, "\(footer) once") }
        let body = lines.filter { !footers.contains($0) }.joined(separator: "\n")

        // Every consent page, as shown on the screen, is in the document.
        #expect(record.pages.count == study.consent.pages.count)
        for page in record.pages {
            #expect(interface.transcript.contains(page), "shown: \(page)")
            #expect(PDFTools.compact(body).contains(PDFTools.compact(page)), "typeset: \(page)")
        }
        // And the whole document is exactly what the study showed and the participant typed.
        let title = study.render(study.title, locale: locale, values: PlaceholderValues(locale: locale).dictionary)
        let document = ConsentDocument(record: record, studyTitle: title, timeZone: Self.berlin)
        #expect(PDFTools.compact(body) == PDFTools.compact(document.shownTexts.joined()))
        let labels = ConsentDocumentLabels(locale: locale)
        for line in [
            title, record.title, record.agreement, labels.signature + "Zoë Quill", labels.helper + "Jörg Weiß",
            labels.typedAgreement + study.render(study.consent.agreementPhrase, locale: locale),
            labels.date + ConsentTimestamp.text(Date(timeIntervalSince1970: 1_800_000_000), locale: locale, timeZone: Self.berlin),
            labels.participant + participant.id,
        ] {
            #expect(body.contains(line), "\(line) in \(body)")
        }
    }

    private func pageCount(_ pdf: URL) throws -> Int {
        try #require(Int(try PDFTools.info(of: pdf)["Pages"] ?? ""))
    }
}
