import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A fresh folder under /tmp with a short name, for Unix socket paths (`sun_path` holds 107 bytes, and
/// the test TMPDIR may be long); removed when the value is dropped.
public final class ShortSocketDirectory: @unchecked Sendable {
    /// The folder's path.
    public let path: String

    public init() throws {
        var template = Array("/tmp/mt-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, let result = mkdtemp(base) else { return nil }
            return String(cString: result)
        }
        guard let made else { throw CocoaError(.fileWriteUnknown) }
        path = made
    }

    /// A socket path inside the folder.
    public func socket(_ name: String = "m") -> String { path + "/" + name }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
