public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Commits files so that a crash or a failing disk leaves either the old or the new content, never a
/// torn mix: write a temporary sibling (same folder, so the rename stays on one filesystem), `fsync`
/// it, rename it over the target, `fsync` the folder. Every `write`, `fsync`, `close` and `rename`
/// result is checked; a failure removes the temporary file, leaves the target as it was, and throws
/// one line that names the target, the step and the `errno` (``StorageError/diskFull(path:)`` for a
/// full disk or quota, ``StorageError/io(path:reason:)`` otherwise). Every file Storage commits goes
/// through here: JSON records, consent, questionnaires, the registry, finished and sealed recordings,
/// and the exports.
package enum AtomicFile {
    /// Atomically replaces (or creates) the file at `url` with `data`, with mode `permissions`.
    package static func write(_ data: Data, to url: URL, permissions: mode_t = 0o644) throws {
        try write(data, to: url, permissions: permissions, calls: .system)
    }

    /// Makes the file at `temporary` (in the same folder, already complete) the file at `url`: fsyncs
    /// it, renames it over `url` (or, unless `replacing`, fails when `url` exists) and fsyncs the
    /// folder. On failure the temporary file is removed and `url` is untouched.
    package static func commit(_ temporary: URL, to url: URL, replacing: Bool = true) throws {
        try commit(temporary, to: url, replacing: replacing, calls: .system)
    }

    /// Makes the folder at `temporary` (a sibling of `url`, holding only files) the folder at `url`:
    /// fsyncs every file in it and the folder itself, renames it to `url` (failing when `url`
    /// exists) and fsyncs the parent. Used for exports that are a folder of files.
    package static func commitFolder(_ temporary: URL, to url: URL) throws {
        try commitFolder(temporary, to: url, calls: .system)
    }

    /// Flushes a folder's entries (after a rename or unlink) to disk.
    package static func syncFolder(_ folder: URL) throws {
        try syncFolder(folder, naming: folder, calls: .system)
    }

    /// The temporary sibling `.<name>.<pid>.tmp` of `url`.
    static func temporaryURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp")
    }

    // MARK: With injectable system calls

    static func write(_ data: Data, to url: URL, permissions: mode_t, calls: FileSystemCalls) throws {
        let temp = temporaryURL(for: url)
        let fd = calls.open(temp.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, permissions)
        guard fd >= 0 else { throw failure(url, "cannot create the temporary file", errno) }
        var code: Int32 = 0
        var step = ""
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let n = calls.write(fd, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    code = errno
                    step = "cannot write the new content"
                    return
                }
                offset += n
            }
        }
        // The mode is set on the open file so umask cannot narrow it.
        if code == 0, calls.fchmod(fd, permissions) != 0 { (code, step) = (errno, "cannot set the file mode") }
        if code == 0, calls.fsync(fd) != 0 { (code, step) = (errno, "cannot fsync the new content") }
        if calls.close(fd) != 0, code == 0 { (code, step) = (errno, "cannot close the new content") }
        if code != 0 {
            _ = calls.unlink(temp.path)
            throw failure(url, step, code)
        }
        try rename(temp, to: url, replacing: true, calls: calls)
    }

    static func commit(_ temporary: URL, to url: URL, replacing: Bool, calls: FileSystemCalls) throws {
        let fd = calls.open(temporary.path, O_RDONLY | O_CLOEXEC, 0)
        guard fd >= 0 else {
            let code = errno
            _ = calls.unlink(temporary.path)
            throw failure(url, "cannot open the new content", code)
        }
        var code: Int32 = 0
        if calls.fsync(fd) != 0 { code = errno }
        let closed = calls.close(fd) == 0 ? 0 : errno
        if code != 0 || closed != 0 {
            _ = calls.unlink(temporary.path)
            throw failure(url, code != 0 ? "cannot fsync the new content" : "cannot close the new content", code != 0 ? code : closed)
        }
        try rename(temporary, to: url, replacing: replacing, calls: calls)
    }

    static func commitFolder(_ temporary: URL, to url: URL, calls: FileSystemCalls) throws {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names.sorted() {
            let fd = calls.open(temporary.appendingPathComponent(name).path, O_RDONLY | O_CLOEXEC, 0)
            guard fd >= 0 else { throw failure(url, "cannot open \(name) to fsync it", errno) }
            let synced = calls.fsync(fd) == 0 ? 0 : errno
            let closed = calls.close(fd) == 0 ? 0 : errno
            if synced != 0 { throw failure(url, "cannot fsync \(name)", synced) }
            if closed != 0 { throw failure(url, "cannot close \(name)", closed) }
        }
        try commit(temporary, to: url, replacing: false, calls: calls)
    }

    static func syncFolder(_ folder: URL, naming target: URL, calls: FileSystemCalls) throws {
        let fd = calls.open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0)
        guard fd >= 0 else { throw failure(target, "cannot open its folder to fsync it", errno) }
        let synced = calls.fsync(fd) == 0 ? 0 : errno
        let closed = calls.close(fd) == 0 ? 0 : errno
        // Folders that cannot be fsynced at all (EINVAL: some network and FUSE filesystems) have
        // nothing to flush.
        if synced != 0 && synced != EINVAL { throw failure(target, "cannot fsync its folder", synced) }
        if closed != 0 { throw failure(target, "cannot close its folder", closed) }
    }

    private static func rename(_ temp: URL, to url: URL, replacing: Bool, calls: FileSystemCalls) throws {
        if !replacing, FileManager.default.fileExists(atPath: url.path) {
            _ = calls.unlink(temp.path)
            throw failure(url, "exists already; not overwritten", EEXIST)
        }
        guard calls.rename(temp.path, url.path) == 0 else {
            let code = errno
            _ = calls.unlink(temp.path)
            throw failure(url, "cannot rename the new content into place", code)
        }
        try syncFolder(url.deletingLastPathComponent(), naming: url, calls: calls)
    }

    /// The one-line error for `step` failing on `url` with `code`.
    static func failure(_ url: URL, _ step: String, _ code: Int32) -> StorageError {
        if code == ENOSPC || code == EDQUOT { return .diskFull(path: url.path) }
        return .io(path: url.path, reason: "\(step): \(String(cString: strerror(code))) (errno \(code))")
    }
}
