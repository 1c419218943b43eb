public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// How much room the file system holding a path has left, so that a failure whose own error says
/// only "disk I/O error" (SQLite, HDF5) can be told apart from a full disk and reported as one.
package enum FreeSpace {
    /// Below this many free bytes a file system counts as full: a catalog transaction, a progress
    /// file or a second of recording no longer fits.
    package static let fullBelow: UInt64 = 256 * 1024

    /// The bytes an unprivileged process may still write on the file system holding `url` (or its
    /// nearest existing parent), or `nil` when it cannot be asked.
    package static func available(at url: URL) -> UInt64? {
        var path = url.standardizedFileURL.path
        var info = statvfs()
        while statvfs(path, &info) != 0 {
            guard errno == ENOENT, path != "/" else { return nil }
            path = (path as NSString).deletingLastPathComponent
        }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize)
    }

    /// Whether the file system holding `url` is full (see ``fullBelow``).
    package static func isFull(at url: URL) -> Bool {
        (available(at: url) ?? .max) < fullBelow
    }
}
