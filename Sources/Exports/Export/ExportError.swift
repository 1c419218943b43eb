/// Why an export failed; each description is one line naming the file.
package enum ExportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source file does not exist.
    case missing(path: String)
    /// The source is not something this format can hold (not a recording, an unsupported rate…).
    case unsupported(path: String, reason: String)
    /// The destination is inside the data folder, where exports must never land.
    case insideDataFolder(path: String, dataFolder: String)
    /// The source is encrypted and the secret key is not available.
    case encrypted(path: String, reason: String)
    /// Writing the export failed.
    case io(path: String, reason: String)
    /// The item cannot be exported yet: it is being recorded, or was interrupted and waits for
    /// recovery (`reason` says which and what to do).
    case notReady(path: String, reason: String)
    /// The item is demonstration data (a scripted participant, a simulated or replayed signal:
    /// `reason` says which) and a dataset takes it only when asked to (``Exporter/includeSimulated``).
    case demonstration(path: String, reason: String)

    /// A name the destination holds already (with other bytes): exports never overwrite. One
    /// message for the staged write, the publication and the CSV folder.
    static func taken(_ path: String) -> ExportError {
        .io(path: path, reason: "exists already; exports never overwrite (choose another --out)")
    }

    package var description: String {
        switch self {
        case .missing(let path): "no such item: \(path)"
        case .unsupported(let path, let reason): "\(path): \(reason)"
        case .insideDataFolder(let path, let data): "refusing to export into the data folder: \(path) is inside \(data)"
        case .encrypted(let path, let reason): "\(path) is encrypted and cannot be decrypted here: \(reason)"
        case .io(let path, let reason): "writing \(path) failed: \(reason)"
        case .notReady(let path, let reason): "\(path) cannot be exported yet: \(reason)"
        case .demonstration(let path, let reason): "\(path) is not a participant's data (\(reason)); left out (--include-simulated takes it)"
        }
    }
}
