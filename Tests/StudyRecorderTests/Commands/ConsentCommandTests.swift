import Foundation
import Storage
import TestSupport
import Testing

/// The consent PDF made at enrolment, through the CLI: private, listed, printed again by `consent`,
/// sealed with the study key when encryption is on, and refused with the CLI's exit codes.
@Suite(.tags(.process), .enabled(if: Executables.available(PDFTools.names)))
struct ConsentCommandTests {
    static let name = "Zoë Quillfeather"

    static func mode(_ url: URL) throws -> Int {
        try #require((try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue)
    }

    @Test func theConsentPDFIsPrivateListedAndPrintedAgain() throws {
        let dir = try TemporaryDirectory("cli-consent-pdf")
        let data = dir.path("data")
        let enrolled = try CLI.run(
            ["enroll", RunCommandTests.mynd, "--data", data.path, "--name", Self.name, "--helper", "Jörg Weiß", "--auto", "--locale", "de"],
            environment: ["TZ": "Europe/Berlin"])
        #expect(enrolled.status == 0, "\(enrolled.stderr)")
        let store = try DataStore(root: data)
        let item = try #require(try store.catalog.items().first { $0.kind == .consentPDF })
        #expect(item.path == "\(item.participant)/c_mynd-example_\(item.participant).pdf")
        let stored = store.url(of: item.path)
        #expect(try Self.mode(stored) == 0o600)
        #expect(try Data(contentsOf: stored).prefix(5) == Data("%PDF-".utf8))

        // `list` shows it, kept on this device like the consent record (no encryption configured).
        let list = try CLI.run(["list", "--data", data.path])
        let row = try #require(list.stdout.split(separator: "\n").first { $0.contains(".pdf") })
        #expect(row.hasPrefix("kept-local") && row.contains("consentPDF"), "\(list.stdout)")

        let out = dir.path("printed/consent.pdf")
        try FileManager.default.createDirectory(at: out.deletingLastPathComponent(), withIntermediateDirectories: true)
        let printed = try CLI.run(["consent", "--data", data.path, "--out", out.path])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(try Data(contentsOf: out) == Data(contentsOf: stored))
        #expect(try Self.mode(out) == 0o600)
        let text = try PDFTools.text(of: out)
        for shown in [
            "MYND-Beispielstudie", "Einwilligung zur Teilnahme", "Unterschrift (Name wie eingegeben): \(Self.name)",
            "Unterstützt von: Jörg Weiß", "Zur Zustimmung eingetippt: Ich stimme zu", "(Europe/Berlin, UTC+0",
            "Teilnehmer-UUID: \(item.participant)", "Seite 1 von ",
        ] {
            #expect(text.contains(shown), "\(shown) in \(text)")
        }
        // The name is in the document only: not in a path, not in what the commands printed.
        #expect(!item.path.contains("Zoë") && !item.path.contains("Quillfeather"))
        for output in [enrolled.stdout, enrolled.stderr, printed.stdout, printed.stderr, list.stdout] {
            #expect(!output.contains("Quillfeather"))
        }

        // Never over a file, never into the data folder.
        let again = try CLI.run(["consent", "--data", data.path, "--participant", item.participant, "--out", out.path])
        #expect(again.status == 73, "\(again.stderr)")
        let inside = try CLI.run(["consent", "--data", data.path, "--out", data.appendingPathComponent("copy.pdf").path])
        #expect(inside.status == 64, "\(inside.stderr)")
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("copy.pdf").path))
    }

    @Test func aParticipantEnrolledBeforeConsentPDFsGetsOneTypesetFromTheRecord() throws {
        let dir = try TemporaryDirectory("cli-consent-from-record")
        let data = dir.path("data")
        #expect(try CLI.run(["enroll", RunCommandTests.mynd, "--data", data.path, "--name", Self.name, "--auto"]).status == 0)
        // As an enrolment of an earlier version left it: the consent record, no PDF.
        let store = try DataStore(root: data)
        try store.discard(try #require(try store.catalog.items().first { $0.kind == .consentPDF }))
        let out = dir.path("consent.pdf")
        let printed = try CLI.run(["consent", "--data", data.path, "--out", out.path])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(printed.stderr.contains("typeset now from the consent record"), "\(printed.stderr)")
        #expect(try Self.mode(out) == 0o600)
        let text = try PDFTools.text(of: out)
        for shown in ["mynd-example", "Consent to take part", "Signature (name as typed): \(Self.name)", "Page 1 of 1"] {
            #expect(text.contains(shown), "\(shown) in \(text)")
        }
        #expect(try PDFTools.fonts(of: out).allSatisfy { $0.embedded })
    }

    /// Pango and Cairo are opened when a PDF is typeset, never at start-up (decision 0011): glibc's
    /// loader names every library it loads (`LD_DEBUG=files`), and whether the binary needed it or
    /// `dlopen` asked for it.
    @Test func pangoAndCairoAreLoadedOnlyWhenAPDFIsTypeset() throws {
        let dir = try TemporaryDirectory("cli-consent-lazy")
        let data = dir.path("data")
        let loader = ["LD_DEBUG": "files"]
        let typesetting = try CLI.run(["enroll", RunCommandTests.mynd, "--data", data.path, "--name", Self.name, "--auto"], environment: loader)
        #expect(typesetting.status == 0, "\(typesetting.stderr)")
        let opened = typesetting.stderr.split(separator: "\n").filter { $0.contains("file=libpangocairo-1.0.so.0 ") }
        #expect(opened.contains { $0.contains("dynamically loaded by") }, "\(opened)")

        let listed = try CLI.run(["list", "--data", data.path], environment: loader)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stderr.contains("file=libsqlite3.so.0"), "the loader's trace: \(listed.stderr.prefix(500))")
        for library in ["libpangocairo-1.0", "libpango-1.0", "libcairo", "libgobject-2.0", "libglib-2.0", "libharfbuzz", "libfontconfig"] {
            #expect(!listed.stderr.contains("file=\(library).so"), "\(library) loaded at start-up")
        }
    }

    @Test func refusalsHaveTheirExitCodes() throws {
        let dir = try TemporaryDirectory("cli-consent-refusals")
        let out = dir.path("consent.pdf").path
        #expect(try CLI.run(["consent", "--data", dir.path("none").path, "--out", out]).status == 66)
        let empty = dir.path("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let missing = try CLI.run(["consent", "--data", empty.path, "--out", out])
        #expect(missing.status == 66 && missing.stderr.contains("no consent document"), "\(missing.stderr)")
        #expect(try CLI.run(["consent", "--data", empty.path, "--participant", "nobody", "--out", out]).status == 64)
        #expect(try CLI.run(["consent", "--data", empty.path]).status == 64)  // --out is required
        let help = try CLI.run(["consent", "--help"])
        #expect(help.status == 0 && help.stdout.contains("--out") && help.stdout.contains("--gnupg-home"), "\(help.stdout)")
        #expect(try CLI.run(["--help"]).stdout.contains("consent"))
    }
}

/// With encryption at rest the consent PDF is sealed at enrolment, opens with the real `gpg`, is
/// printed again with the study's secret key, and reaches the server only encrypted.
@Suite(.tags(.process, .server), .enabled(if: Executables.available(["gpg", "gpgconf"] + PDFTools.names, python: true)))
struct SealedConsentCommandTests {
    @Test func aSealedConsentPDFDecryptsWithGPGAndIsPrintedWithTheKey() throws {
        let server = try WebDAVTestServer()
        let dir = try TemporaryDirectory("cli-consent-sealed")
        let (gpg, setup) = try PrivacyTests.sealingSetup(dir, server: server, armored: false)
        defer {
            GPGTestHome.stopAgent(home: setup.data.appendingPathComponent("private/gnupg"))
            GPGTestHome.stopAgent(home: gpg.url)
        }
        let enrolled = try CLI.run(["enroll", RunCommandTests.mynd, "--data", setup.data.path, "--name", ConsentCommandTests.name, "--auto"])
        #expect(enrolled.status == 0, "\(enrolled.stderr)")
        let store = try DataStore(root: setup.data)
        let item = try #require(try store.catalog.items().first { $0.kind == .consentPDF })
        #expect(item.encryption == .openpgp && item.path.hasSuffix(".pdf.gpg"), "\(item.path)")
        let sealed = store.url(of: item.path)
        #expect(!FileManager.default.fileExists(atPath: String(sealed.path.dropLast(".gpg".count))))
        #expect(try Data(contentsOf: sealed).range(of: Data("%PDF-".utf8)) == nil)
        #expect(try ConsentCommandTests.mode(sealed) == 0o600)

        // The real gpg opens it: a PDF with the signature in it.
        let decrypted = try gpg.decrypt(sealed)
        #expect(decrypted.prefix(5) == Data("%PDF-".utf8))
        let opened = dir.path("opened.pdf")
        try decrypted.write(to: opened)
        #expect(try PDFTools.text(of: opened).contains("Signature (name as typed): \(ConsentCommandTests.name)"))

        // `consent` decrypts with the study's secret key, and is refused without it.
        let out = dir.path("consent.pdf")
        let printed = try CLI.run(["consent", "--data", setup.data.path, "--out", out.path, "--gnupg-home", gpg.url.path])
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(try Data(contentsOf: out) == decrypted)
        #expect(try ConsentCommandTests.mode(out) == 0o600)
        let keyless = try TemporaryDirectory("cli-consent-keyless")
        chmod(keyless.url.path, 0o700)
        let refused = try CLI.run(["consent", "--data", setup.data.path, "--out", dir.path("no.pdf").path, "--gnupg-home", keyless.url.path])
        #expect(refused.status == 77, "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("no.pdf").path))
        GPGTestHome.stopAgent(home: keyless.url)

        // Uploaded only as the sealed file.
        let upload = try CLI.run(["upload", "--data", setup.data.path])
        #expect(upload.status == 0, "\(upload.stdout) \(upload.stderr)")
        let pdfs = try server.storedFiles().filter { $0.contains(".pdf") }
        #expect(pdfs.count == 1 && pdfs.allSatisfy { $0.hasSuffix(".pdf.gpg") }, "\(pdfs)")
        for file in pdfs {
            #expect(try Data(contentsOf: server.root.appendingPathComponent(file)).range(of: Data("%PDF-".utf8)) == nil)
        }

        // Without the PDF (an enrolment of an earlier version), the sealed record is opened with the key
        // in a private scratch folder and the consent typeset from it.
        try store.discard(try #require(try store.catalog.items().first { $0.kind == .consentPDF }))
        let fromRecord = dir.path("from-record.pdf")
        let typeset = try CLI.run(["consent", "--data", setup.data.path, "--out", fromRecord.path, "--gnupg-home", gpg.url.path])
        #expect(typeset.status == 0 && typeset.stderr.contains("typeset now from the consent record"), "\(typeset.stderr)")
        #expect(try PDFTools.text(of: fromRecord).contains("Signature (name as typed): \(ConsentCommandTests.name)"))
        let recordKeyless = try CLI.run(["consent", "--data", setup.data.path, "--out", dir.path("no2.pdf").path, "--gnupg-home", keyless.url.path])
        #expect(recordKeyless.status == 77, "\(recordKeyless.stderr)")
    }
}
