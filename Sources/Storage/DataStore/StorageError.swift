/// Why something could not be stored or read back. Every case carries a message meant for one clear
/// line on the terminal.
public enum StorageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The data folder cannot be created or written.
    case unwritableFolder(path: String, reason: String)
    /// The disk is full (or over quota) while writing `path`.
    case diskFull(path: String)
    /// An HDF5 call failed.
    case hdf5(operation: String, path: String, reason: String)
    /// A file could not be written or read.
    case io(path: String, reason: String)
    /// A recording file is not in a format this software reads.
    case notARecording(path: String, reason: String)
    /// A participant is unknown or ambiguous.
    case participant(String)
    /// No catalogued item has the name a person gave (``DataStore/item(named:)``).
    case noSuchItem(name: String, root: String)
    /// Several catalogued items start with the name a person gave: their paths.
    case ambiguousItem(name: String, candidates: [String])

    /// The reason alone, without the path (for errors of other modules that name the path
    /// themselves).
    public var reason: String {
        switch self {
        case .unwritableFolder(_, let reason), .hdf5(_, _, let reason), .io(_, let reason), .notARecording(_, let reason): reason
        case .diskFull: "disk full"
        case .participant(let why): why
        case .noSuchItem: "no such item"
        case .ambiguousItem(_, let candidates): "names \(candidates.count) items"
        }
    }

    public var description: String {
        switch self {
        case .unwritableFolder(let path, let reason): "cannot write to data folder \(path): \(reason)"
        case .diskFull(let path):
            "disk full while writing \(path); what was recorded so far is kept: free some space, and recovery rebuilds it from its journal"
        case .hdf5(let op, let path, let reason): "HDF5 \(op) failed for \(path): \(reason)"
        case .io(let path, let reason): "\(path): \(reason)"
        case .notARecording(let path, let reason): "\(path) is not a readable recording: \(reason)"
        case .participant(let why): why
        case .noSuchItem(let name, let root): "no item named \(name) in the catalog of \(root)"
        case .ambiguousItem(let name, let candidates):
            "\(name) names \(candidates.count) items: \(candidates.prefix(10).joined(separator: ", "))\(candidates.count > 10 ? ", …" : ""); give more of the name"
        }
    }
}
