public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A working folder that belongs to the running process: it holds an exclusive `flock` on the
/// folder itself for as long as the value lives, and its name carries the process id. The kernel
/// drops the lock however the process ends (`kill -9` included), so the next process can tell an
/// abandoned folder from one in use and remove it (``sweep(in:prefix:)``). Used for decrypted scratch
/// copies (``PlaintextScratch``) and for exports built before they are published.
///
/// A folder is abandoned when its lock is free *and* the process named in it is gone: a process
/// that has made its folder but not yet locked it still exists, so it is never swept in between. On a
/// filesystem without locks the process id alone decides.
package final class OwnedFolder: @unchecked Sendable {
    /// The folder.
    package let url: URL
    private let lock = NSLock()
    private var fd: Int32

    /// Makes a new folder `<parent>/<prefix><pid>-<random>` with `mode` and takes its lock.
    /// Throws ``StorageError/io(path:reason:)`` (or ``StorageError/diskFull(path:)``) naming it.
    package init(in parent: URL, prefix: String, mode: mode_t = 0o700) throws {
        let url = parent.appendingPathComponent("\(prefix)\(getpid())-\(UUID().uuidString.prefix(8).lowercased())", isDirectory: true)
        guard mkdir(url.path, mode) == 0 else { throw Self.failure(url, "cannot create the folder", errno) }
        // mkdir applies the umask; the mode asked for is what the folder gets.
        guard chmod(url.path, mode) == 0 else {
            let code = errno
            rmdir(url.path)
            throw Self.failure(url, "cannot set the folder's mode", code)
        }
        let fd = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        // A filesystem without locks (some FUSE and network mounts) leaves the pid in the name as the
        // only sign of life; the folder is still made.
        guard fd >= 0, flock(fd, LOCK_EX | LOCK_NB) == 0 || Self.locksUnsupported(errno) else {
            let code = errno
            if fd >= 0 { close(fd) }
            rmdir(url.path)
            throw Self.failure(url, "cannot lock the folder", code)
        }
        self.url = url
        self.fd = fd
    }

    /// Removes the folder with everything in it and drops the lock (once; later calls do nothing).
    package func remove() {
        lock.lock()
        defer { lock.unlock() }
        guard fd >= 0 else { return }
        try? FileManager.default.removeItem(at: url)
        close(fd)
        fd = -1
    }

    /// Drops the lock and leaves the folder as it is, for the next process to find abandoned (e.g. an
    /// export whose publication must be completed by the next run).
    package func abandon() {
        lock.lock()
        defer { lock.unlock() }
        guard fd >= 0 else { return }
        close(fd)
        fd = -1
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// The folders in `parent` named `<prefix>…` whose process has ended without removing them.
    package static func abandoned(in parent: URL, prefix: String) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) }.sorted().map { parent.appendingPathComponent($0, isDirectory: true) }.filter {
            isAbandoned($0, prefix: prefix)
        }
    }

    /// Removes the abandoned folders in `parent` named `<prefix>…` and returns them.
    @discardableResult
    package static func sweep(in parent: URL, prefix: String) -> [URL] {
        let found = abandoned(in: parent, prefix: prefix)
        for url in found { try? FileManager.default.removeItem(at: url) }
        return found
    }

    /// Whether `url` (named `<prefix><pid>-…`) is a folder nobody holds: its lock is free, and its
    /// process no longer exists or the folder is older than a minute (a reused pid, or a folder
    /// released with ``abandon()``). A live process between making its folder and locking it is thus
    /// never swept.
    static func isAbandoned(_ url: URL, prefix: String) -> Bool {
        var info = stat()
        guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        let probe = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        var lockable = true
        if flock(probe, LOCK_EX | LOCK_NB) == 0 {
            flock(probe, LOCK_UN)
        } else if locksUnsupported(errno) {
            lockable = false
        } else {
            return false
        }
        let digits = url.lastPathComponent.dropFirst(prefix.count).prefix { $0.isNumber }
        guard let pid = pid_t(digits), pid > 0, kill(pid, 0) == 0 || errno == EPERM else { return true }
        return lockable && Double(info.st_mtim.tv_sec) < Date().timeIntervalSince1970 - 60
    }

    /// Whether `code` from `flock` means the filesystem has no locks (rather than a lock held).
    private static func locksUnsupported(_ code: Int32) -> Bool {
        code == EOPNOTSUPP || code == ENOLCK || code == ENOSYS || code == EINVAL
    }

    private static func failure(_ url: URL, _ step: String, _ code: Int32) -> StorageError {
        code == ENOSPC || code == EDQUOT
            ? .diskFull(path: url.path) : .io(path: url.path, reason: "\(step): \(String(cString: strerror(code))) (errno \(code))")
    }
}
