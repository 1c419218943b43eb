/// Why a document could not be typeset.
public enum TypesettingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The font the documents are set in is not installed (they embed it; no other font stands in).
    case fontMissing(family: String)
    /// Cairo failed while writing the PDF, with its reason.
    case pdf(reason: String)

    public var description: String {
        switch self {
        case .fontMissing(let family):
            "the font \(family) is not installed; the consent PDF embeds it (install fonts-dejavu-core, see scripts/bootstrap)"
        case .pdf(let reason): "typesetting the PDF failed: \(reason)"
        }
    }
}
