import Foundation
import TestSupport
import Testing

@testable import Storage

/// The consent PDF's place in the data folder and its copy out of it: stored owner-only next to the
/// record, copied whole, 0600, never over a file, never into the data folder, the right participant's.
struct ConsentPrinterTests {
    static let participant = "6F1C2B3A-4D5E-4F60-8A7B-9C0D1E2F3A4B"

    @discardableResult
    static func storePDF(_ bytes: Data, participant: String = participant, in store: DataStore) throws -> CatalogItem {
        try QuestionnaireStore.storeFile(
            bytes, kind: .consentPDF, fileName: FileNaming.consentPDF(study: "mynd-example", participant: participant), participant: participant,
            study: "mynd-example", title: "consent", day: nil, session: nil, run: nil, in: store)
    }

    static func mode(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue
    }

    @Test func theConsentPDFIsStoredOwnerOnlyNextToItsRecord() throws {
        let dir = try TemporaryDirectory("consent-pdf-store")
        let store = try DataStore(root: dir.url)
        let item = try Self.storePDF(Data("%PDF-1.5 test".utf8), in: store)
        #expect(item.path == "\(Self.participant)/c_mynd-example_\(Self.participant).pdf")
        #expect(item.kind == .consentPDF && item.kind.holdsName && item.state == .pending && item.size == 13)
        #expect(Self.mode(store.url(of: item.path)) == 0o600)
        #expect(Self.mode(store.url(of: item.path).deletingLastPathComponent()) == 0o700)
        #expect(ItemKind.allCases.filter(\.holdsName) == [.consent, .consentPDF])
    }

    @Test func aCopyIsWholeOwnerOnlyAndNeverOverAFileOrIntoTheDataFolder() throws {
        let dir = try TemporaryDirectory("consent-pdf-print")
        let store = try DataStore(root: dir.path("data"))
        let bytes = Data((0..<5000).map { UInt8($0 % 251) })
        let stored = try Self.storePDF(bytes, in: store)
        let printer = ConsentPrinter(store: store, decryptor: OpenPGPDecryptor(home: dir.path("no-keys")))
        let item = try printer.item(participant: nil)
        #expect(item.id == stored.id)
        #expect(try printer.item(participant: Self.participant.lowercased()).id == stored.id)
        let out = dir.path("consent.pdf")
        try printer.write(item, to: out)
        #expect(try Data(contentsOf: out) == bytes)
        #expect(Self.mode(out) == 0o600)
        #expect(throws: ConsentPrintError.exists(path: out.path)) { try printer.write(item, to: out) }
        let inside = store.root.appendingPathComponent("copy.pdf")
        #expect(throws: ConsentPrintError.insideDataFolder(path: inside.path, dataFolder: store.root.path)) { try printer.write(item, to: inside) }
        // Nothing but the copy: no hidden partial file left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == ["consent.pdf", "data"])
    }

    @Test func aParticipantWithARecordOnlyCountsAndItsRecordIsRead() throws {
        let dir = try TemporaryDirectory("consent-record-only")
        let store = try DataStore(root: dir.url)
        let printer = ConsentPrinter(store: store, decryptor: OpenPGPDecryptor(home: dir.path("no-keys")))
        let earlier = "0A1B2C3D-4E5F-4061-8273-9485A6B7C8D9"
        let record = ConsentRecord(
            study: "mynd-example", studyVersion: nil, participant: earlier, locale: "de", consentedAt: Date(timeIntervalSince1970: 1_772_442_307),
            title: "Einwilligung", pages: ["Seite\nText"], agreement: "Ja.", typedAgreement: "Ich stimme zu", signature: "Zoë", helperName: nil)
        let item = try QuestionnaireStore.storeJSON(
            record, kind: .consent, fileName: FileNaming.consent(study: "mynd-example", participant: earlier), participant: earlier,
            study: "mynd-example", title: "consent", day: nil, session: nil, run: nil, in: store)
        let stored = try printer.stored(participant: nil)
        #expect(stored.participant == earlier && stored.pdf == nil && stored.record?.id == item.id)
        #expect(try printer.record(of: item) == record)
        #expect(throws: ConsentPrintError.missing(participant: earlier, dataFolder: store.root.path)) { try printer.item(participant: nil) }
        // A second participant with a PDF makes the choice ambiguous: both have a consent.
        try Self.storePDF(Data("a".utf8), in: store)
        #expect(throws: ConsentPrintError.ambiguous(participants: [earlier, Self.participant])) { try printer.stored(participant: nil) }
    }

    @Test func withoutAParticipantTheOnlyOneIsTakenAndSeveralAreRefused() throws {
        let dir = try TemporaryDirectory("consent-pdf-which")
        let store = try DataStore(root: dir.url)
        let printer = ConsentPrinter(store: store, decryptor: OpenPGPDecryptor(home: dir.path("no-keys")))
        #expect(throws: ConsentPrintError.missing(participant: nil, dataFolder: store.root.path)) { try printer.item(participant: nil) }
        try Self.storePDF(Data("a".utf8), in: store)
        let other = "0A1B2C3D-4E5F-4061-8273-9485A6B7C8D9"
        try Self.storePDF(Data("b".utf8), participant: other, in: store)
        #expect(throws: ConsentPrintError.ambiguous(participants: [other, Self.participant])) { try printer.item(participant: nil) }
        #expect(try printer.item(participant: other).participant == other)
        let nobody = "11111111-2222-4333-8444-555555555555"
        #expect(throws: ConsentPrintError.missing(participant: nobody, dataFolder: store.root.path)) { try printer.item(participant: nobody) }
    }
}
