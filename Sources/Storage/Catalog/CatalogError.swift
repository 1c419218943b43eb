/// Why the catalog could not be read or changed.
package enum CatalogError: Error, Sendable, CustomStringConvertible {
    /// The catalog database could not be opened or migrated.
    case unavailable(path: String, reason: String)
    /// No item has this identifier.
    case noSuchItem(String)

    package var description: String {
        switch self {
        case .unavailable(let path, let reason): "cannot open the catalog \(path): \(reason)"
        case .noSuchItem(let id): "no catalog item \(id)"
        }
    }
}
