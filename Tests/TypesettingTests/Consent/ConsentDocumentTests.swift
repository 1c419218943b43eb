import Foundation
import Storage
import TestSupport
import Testing

@testable import Typesetting

/// The consent PDF as a reader sees it, through Poppler and qpdf: every shown text back exactly, every
/// font embedded, a sound file, A4, page numbers in the participant's language, and a long consent on
/// several pages.
@Suite(.tags(.process), .enabled(if: Executables.available(PDFTools.names)))
struct ConsentDocumentTests {
    /// A consent with umlauts, ß, Greek and Cyrillic, a helper, and `pages` pages of `paragraphs`
    /// paragraphs each.
    static func record(locale: String, pages: Int = 2, paragraphs: Int = 1, helper: String? = "Jörg Weiß") -> ConsentRecord {
        let body = (1...paragraphs).map { n in
            "Absatz \(n): Deine Daten werden unter einer zufälligen Teilnehmernummer gespeichert, nie mit deinem Namen; "
                + "Ελληνικά und Русский stehen hier, damit jede Schrift gesetzt wird. Über Äpfel, Öl und Übermaß."
        }.joined(separator: "\n\n")
        return ConsentRecord(
            study: "mynd-example", studyVersion: "0f3a5c7e9b1d2f40", participant: "6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B", locale: locale,
            consentedAt: Date(timeIntervalSince1970: 1_772_442_307),  // 2026-03-02 09:05:07 UTC
            title: "Einwilligung zur Teilnahme",
            pages: (1...pages).map { "Seite über Thema \($0)\n\(body)" },
            agreement: "Ich habe die Informationen gelesen und bin mit der Teilnahme einverstanden.", typedAgreement: "Ich stimme zu",
            signature: "Zoë Ångström-Müller", helperName: helper)
    }

    static let berlin = TimeZone(identifier: "Europe/Berlin") ?? .gmt

    /// Writes `document`'s PDF into `dir` and returns its file and page count.
    static func write(_ document: ConsentDocument, in dir: TemporaryDirectory) throws -> (URL, Int) {
        let pdf = try document.pdf()
        let url = dir.path("consent.pdf")
        try pdf.data.write(to: url)
        return (url, pdf.pages)
    }

    /// The extracted text without its footers, after checking each page has its own footer once.
    static func textWithoutFooters(_ url: URL, pages: Int, labels: ConsentDocumentLabels) throws -> String {
        var lines = try PDFTools.lines(of: url)
        for page in 1...pages {
            let footer = labels.footer(page, of: pages)
            #expect(lines.filter { $0 == footer }.count == 1, "\(footer) once")
            lines.removeAll { $0 == footer }
        }
        return lines.joined(separator: "\n")
    }

    @Test(arguments: ["en", "de"])
    func pdftotextGivesBackEveryShownTextExactly(locale: String) throws {
        let dir = try TemporaryDirectory("consent-pdf-text")
        let document = ConsentDocument(record: Self.record(locale: locale), studyTitle: "MYND-Beispielstudie", timeZone: Self.berlin)
        let (url, pages) = try Self.write(document, in: dir)
        let text = try Self.textWithoutFooters(url, pages: pages, labels: document.labels)
        // Every text, in order, glyph for glyph; only the line breaks are the typesetter's.
        #expect(PDFTools.compact(text) == PDFTools.compact(document.shownTexts.joined(separator: "\n")))
        let expected =
            locale == "de"
            ? ["Unterschrift (Name wie eingegeben): Zoë Ångström-Müller", "Unterstützt von: Jörg Weiß",
                "Datum und Uhrzeit: 02.03.2026, 10:05:07 (Europe/Berlin, UTC+01:00)", "Zur Zustimmung eingetippt: Ich stimme zu",
                "Teilnehmer-UUID: 6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B", "Studie mynd-example, Version 0f3a5c7e9b1d2f40"]
            : ["Signature (name as typed): Zoë Ångström-Müller", "Helped by: Jörg Weiß",
                "Date and time: 2026-03-02 10:05:07 (Europe/Berlin, UTC+01:00)", "Typed to agree: Ich stimme zu",
                "Participant UUID: 6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B", "Study mynd-example, version 0f3a5c7e9b1d2f40"]
        for line in expected { #expect(text.contains(line), "\(line) in \(text)") }
        #expect(text.contains("Ελληνικά und Русский"))
    }

    @Test func withoutAHelperThereIsNoHelperLine() throws {
        let document = ConsentDocument(record: Self.record(locale: "en", helper: nil), studyTitle: "T", timeZone: Self.berlin)
        #expect(!document.shownTexts.contains { $0.hasPrefix("Helped by") })
        #expect(document.shownTexts.contains("Signature (name as typed): Zoë Ångström-Müller"))
    }

    /// A consent a script gave (`enroll --auto`) says in the PDF, at its top and above the signature,
    /// that it is not a participant's consent; one a person gave has no such line.
    @Test(arguments: ["en", "de"])
    func aScriptedConsentSaysItIsNotAParticipants(locale: String) throws {
        var record = Self.record(locale: locale)
        let person = ConsentDocument(record: record, studyTitle: "T", timeZone: Self.berlin)
        let line = person.labels.scripted
        #expect(!person.shownTexts.contains(line))
        record.provenance = Provenance(scriptedParticipant: true)
        let document = ConsentDocument(record: record, studyTitle: "T", timeZone: Self.berlin)
        #expect(document.shownTexts.filter { $0 == line }.count == 2)
        let dir = try TemporaryDirectory("consent-pdf-scripted")
        let (url, _) = try Self.write(document, in: dir)
        let text = try PDFTools.text(of: url).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains(line), "\(text)")
    }

    @Test func everyFontIsEmbeddedDejaVu() throws {
        let dir = try TemporaryDirectory("consent-pdf-fonts")
        let (url, _) = try Self.write(ConsentDocument(record: Self.record(locale: "de"), studyTitle: "Ü", timeZone: Self.berlin), in: dir)
        let fonts = try PDFTools.fonts(of: url)
        #expect(!fonts.isEmpty)
        #expect(fonts.allSatisfy { $0.embedded }, "\(fonts)")
        #expect(fonts.allSatisfy { $0.name.contains("DejaVuSans") }, "\(fonts)")
        #expect(fonts.contains { $0.name.hasSuffix("DejaVuSans-Bold") } && fonts.contains { $0.name.hasSuffix("DejaVuSans") })
    }

    @Test func qpdfFindsTheFileSoundAndThePagesAreA4() throws {
        let dir = try TemporaryDirectory("consent-pdf-qpdf")
        let (url, pages) = try Self.write(ConsentDocument(record: Self.record(locale: "en"), studyTitle: "T", timeZone: Self.berlin), in: dir)
        let check = try PDFTools.check(url)
        #expect(check.status == 0, "\(check.stdout) \(check.stderr)")
        #expect(check.stdout.contains("No syntax or stream encoding errors found"), "\(check.stdout)")
        let info = try PDFTools.info(of: url)
        #expect(info["Page size"]?.contains("(A4)") == true, "\(info)")
        #expect(info["Pages"] == "\(pages)")
        // The document information names the study and the UUID, never the participant's name.
        #expect(info["Title"] == "Einwilligung zur Teilnahme – T")
        #expect(info.values.allSatisfy { !$0.contains("Zoë") && !$0.contains("Jörg") }, "\(info)")
    }

    @Test func aLongConsentFlowsOverSeveralPagesNumberedInGerman() throws {
        let dir = try TemporaryDirectory("consent-pdf-long")
        var record = Self.record(locale: "de", pages: 8, paragraphs: 4)
        // A word longer than a line breaks without a hyphen, so the text stays exactly as given.
        record.pages.append("Ein langes Wort\n" + String(repeating: "Donaudampfschifffahrtsgesellschaft", count: 6))
        let document = ConsentDocument(record: record, studyTitle: "MYND-Beispielstudie", timeZone: Self.berlin)
        let (url, pages) = try Self.write(document, in: dir)
        #expect(pages >= 3)
        #expect(try PDFTools.info(of: url)["Pages"] == "\(pages)")
        let text = try Self.textWithoutFooters(url, pages: pages, labels: document.labels)
        #expect(PDFTools.compact(text) == PDFTools.compact(document.shownTexts.joined()))
        #expect(try PDFTools.text(of: url).contains("Seite \(pages) von \(pages)"))
        #expect(try PDFTools.check(url).status == 0)
    }

    @Test func theDateNamesTheZoneAndItsOffset() throws {
        let summer = Date(timeIntervalSince1970: 1_782_980_000)  // 2026-07-02 08:13:20 UTC
        #expect(ConsentTimestamp.text(summer, locale: "de", timeZone: Self.berlin) == "02.07.2026, 10:13:20 (Europe/Berlin, UTC+02:00)")
        #expect(ConsentTimestamp.text(summer, locale: "en", timeZone: Self.berlin) == "2026-07-02 10:13:20 (Europe/Berlin, UTC+02:00)")
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(ConsentTimestamp.text(summer, locale: "en-US", timeZone: newYork) == "2026-07-02 04:13:20 (America/New_York, UTC-04:00)")
    }

    @Test func labelsFollowTheLocale() {
        #expect(ConsentDocumentLabels(locale: "de-AT") == .german)
        #expect(ConsentDocumentLabels(locale: "en") == .english && ConsentDocumentLabels(locale: "fr") == .english)
        #expect(ConsentDocumentLabels.german.footer(1, of: 3) == "Seite 1 von 3")
        #expect(ConsentDocumentLabels.english.footer(2, of: 3) == "Page 2 of 3")
    }

    @Test func aMissingFontIsRefusedRatherThanReplaced() throws {
        var typesetter = PDFTypesetter(metadata: PDFMetadata(title: "t"))
        typesetter.fontFamily = "No Such Font Family"
        #expect(throws: TypesettingError.fontMissing(family: "No Such Font Family")) {
            try typesetter.typeset([TextBlock("x", style: .body)]) { "\($0)/\($1)" }
        }
    }
}
