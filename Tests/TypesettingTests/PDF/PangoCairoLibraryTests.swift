import Foundation
import Testing

@testable import Typesetting

/// Pango and Cairo opened on demand: a library that is missing, or lacks a function the typesetter
/// calls, is a ``TypesettingError`` naming it rather than a crash, and a failed open leaves the real
/// library usable.
struct PangoCairoLibraryTests {
    static let missing = "libstudy-recorder-no-such-library.so.0"

    @Test func aMissingLibraryIsATypesettingErrorNotACrash() throws {
        var typesetter = PDFTypesetter(metadata: PDFMetadata(title: "t"))
        typesetter.library = Self.missing
        let error = #expect(throws: TypesettingError.self) {
            try typesetter.typeset([TextBlock("x", style: .body)]) { "\($0)/\($1)" }
        }
        guard case .libraryMissing(let library, let reason)? = error else {
            Issue.record("expected libraryMissing, got \(String(describing: error))")
            return
        }
        #expect(library == Self.missing)
        #expect(reason.contains("cannot open shared object file"), "\(reason)")
        #expect(error?.description.hasPrefix("PDF typesetting needs \(Self.missing): ") == true)

        // The failure is not remembered: the real library still opens and typesets.
        typesetter.library = PangoCairoLibrary.name
        let pdf = try typesetter.typeset([TextBlock("x", style: .body)]) { "\($0)/\($1)" }
        #expect(pdf.pages == 1)
        #expect(pdf.data.starts(with: Data("%PDF-".utf8)))
    }

    /// A library that opens but lacks the functions (as an old Pango without
    /// `pango_attr_insert_hyphens_new` would): the first one missing is named.
    @Test func aLibraryWithoutTheFunctionsNamesTheFirstMissing() {
        let error = #expect(throws: TypesettingError.self) { try PangoCairoLibrary.functions(library: "libc.so.6") }
        guard case .libraryMissing(let library, let reason)? = error else {
            Issue.record("expected libraryMissing, got \(String(describing: error))")
            return
        }
        #expect(library == "libc.so.6")
        #expect(reason.contains("undefined symbol: cairo_create"), "\(reason)")
    }
}
