import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files so that a crash leaves either the old or the new content, never a torn mix: write a
/// temporary sibling, fsync it, rename it over the target, fsync the folder.
public enum AtomicFile {
    /// Atomically replaces the file at `url` with `data`, created with `permissions`.
    public static func write(_ data: Data, to url: URL, permissions: mode_t = 0o644) throws {
        let temp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_TRUNC, permissions)
        guard fd >= 0 else { throw StorageError.io(path: url.path, reason: String(cString: strerror(errno))) }
        var failure: Int32 = 0
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; failure = errno; return }
                offset += n
            }
        }
        if failure == 0 && fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure != 0 {
            unlink(temp.path)
            throw failure == ENOSPC ? StorageError.diskFull(path: url.path) : StorageError.io(path: url.path, reason: String(cString: strerror(failure)))
        }
        fchmodPath(temp.path, permissions)
        guard rename(temp.path, url.path) == 0 else {
            let e = errno
            unlink(temp.path)
            throw StorageError.io(path: url.path, reason: String(cString: strerror(e)))
        }
        syncFolder(url.deletingLastPathComponent())
    }

    /// Flushes a folder's entries (after a rename or unlink) to disk.
    public static func syncFolder(_ folder: URL) {
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY)
        if fd >= 0 { fsync(fd); close(fd) }
    }

    private static func fchmodPath(_ path: String, _ mode: mode_t) {
        chmod(path, mode)
    }
}
