/// Why ``ItemResolution`` refused to restore or retire an item: one line each, naming the item (its
/// path in the data folder) and what to do instead.
package enum ResolutionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No catalog entry has this id.
    case noSuchItem(String)
    /// The copy to restore from is not a file.
    case noCopy(path: String)
    /// The copy is not the file the catalog describes (another SHA-256, or another size).
    case mismatch(path: String, copy: String, size: Int64, expectedSize: Int64)
    /// The catalog holds no checksum for the item, so no copy can be checked against it.
    case noChecksum(path: String)
    /// The item is being recorded or sent right now.
    case busy(path: String, state: TransmissionState)
    /// The item is already on the server: there is nothing to retire.
    case transmitted(path: String)
    /// Reading, copying or recording failed.
    case io(String)

    package var description: String {
        switch self {
        case .noSuchItem(let id): "no catalog item \(id)"
        case .noCopy(let path): "no such file to restore from: \(path)"
        case .mismatch(let path, let copy, let size, let expected):
            "\(copy) is not the file catalogued as \(path) (its SHA-256 differs"
                + (expected > 0 && size != expected ? ", and it has \(size) bytes, not \(expected)" : "") + "); nothing was changed"
        case .noChecksum(let path): "the catalog holds no checksum for \(path), so no copy can be checked against it; retire it instead"
        case .busy(let path, let state):
            "\(path) is \(state == .writing ? "being recorded" : "being sent by an upload run") right now; try again when that ends"
        case .transmitted(let path): "\(path) is already on the server; there is nothing to retire"
        case .io(let why): why
        }
    }
}
