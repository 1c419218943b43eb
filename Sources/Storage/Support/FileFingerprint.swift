import Foundation

/// The size and SHA-256 of a stored file, as the catalog records them: what an upload is checked
/// against and what tells a later reader the file is the one that was stored.
struct FileFingerprint: Sendable, Equatable {
    /// The size in bytes.
    var size: Int64
    /// The SHA-256 digest, lowercase hex.
    var sha256: String

    /// Reads `url` once to fingerprint it.
    init(of url: URL) throws {
        sha256 = try SHA256.hex(ofFile: url)
        size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0
    }
}
