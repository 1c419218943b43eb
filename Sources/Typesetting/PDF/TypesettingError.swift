/// Why a document could not be typeset.
package enum TypesettingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The font the documents are set in is not installed (they embed it; no other font stands in).
    case fontMissing(family: String)
    /// Cairo failed while writing the PDF, with its reason.
    case pdf(reason: String)
    /// Pango and Cairo, opened when the first PDF is typeset, could not be: the library is not
    /// installed, or lacks a function used (`dlerror`'s reason).
    case libraryMissing(library: String, reason: String)

    package var description: String {
        switch self {
        case .fontMissing(let family):
            "the font \(family) is not installed; the consent PDF embeds it (install fonts-dejavu-core, see scripts/bootstrap)"
        case .pdf(let reason): "typesetting the PDF failed: \(reason)"
        case .libraryMissing(let library, let reason):
            "PDF typesetting needs \(library): \(reason) (install libpangocairo-1.0-0, see scripts/bootstrap)"
        }
    }
}
