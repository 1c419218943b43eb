/// Why a report could not be made; each description is one line naming the file.
package enum ReportError: Error, Equatable, CustomStringConvertible {
    /// The item (or its file) does not exist, or the participant has no recordings.
    case missing(path: String)
    /// The item is not a readable recording.
    case unsupported(path: String, reason: String)
    /// The item is encrypted and no secret key (gpg-agent) could decrypt it.
    case encrypted(path: String, reason: String)
    /// The report would land in the data folder (uncatalogued there; plaintext at rest for encrypted
    /// items).
    case insideDataFolder(path: String, dataFolder: String)
    /// Writing the report failed (or the file exists: reports never overwrite).
    case io(path: String, reason: String)

    /// One line naming the file.
    package var description: String {
        switch self {
        case .missing(let path): "no such item: \(path)"
        case .unsupported(let path, let reason): "\(path): \(reason)"
        case .encrypted(let path, let reason): "\(path) is encrypted and cannot be decrypted here: \(reason)"
        case .insideDataFolder(let path, let data):
            "refusing to write a report into the data folder: \(path) is inside \(data) (choose --out elsewhere)"
        case .io(let path, let reason): "writing \(path) failed: \(reason)"
        }
    }
}
