/// Why a decrypted scratch copy could not be made; each description is one line naming the path.
package enum PlaintextScratchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The scratch folder would lie in the data folder, where a plaintext copy must never land.
    case insideDataFolder(path: String, dataFolder: String)
    /// The scratch folder cannot be made or is not private.
    case io(path: String, reason: String)
    /// The item could not be decrypted (no secret key, a wrong passphrase, a damaged file).
    case decryption(path: String, reason: String)

    /// One line naming the path.
    package var description: String {
        switch self {
        case .insideDataFolder(let path, let data):
            "refusing to keep decrypted copies in the data folder: \(path) is inside \(data) (set TMPDIR elsewhere)"
        case .io(let path, let reason): "cannot keep decrypted copies in \(path): \(reason)"
        case .decryption(let path, let reason): "\(path) cannot be decrypted here: \(reason)"
        }
    }
}
