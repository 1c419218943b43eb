public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// An exclusive advisory lock (`flock`) on a file, held while the value lives. The kernel releases it
/// when the process ends in any way (crash, `kill -9`, power loss), so a stale lock never blocks the
/// next start. The holder's pid is written into the file, for the message of whoever finds it taken.
///
/// ```swift
/// guard let lock = try ExclusiveLock(file: store.lockURL("run-mynd")) else { … busy … }
/// defer { withExtendedLifetime(lock) {} }
/// ```
package final class ExclusiveLock: Sendable {
    private let fd: Int32

    /// Takes the lock on `file` (created 0600 when missing), or returns `nil` when another process
    /// holds it. Throws ``StorageError/io(path:reason:)`` when the file cannot be opened.
    package init?(file: URL) throws {
        let fd = try Self.open(file)
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
        Self.writePID(fd)
    }

    /// Takes the lock on `file` (created 0600 when missing), waiting for as long as another process
    /// holds it: for work that must run once at a time but may not be skipped (recovery of a data
    /// folder). A holder that dies releases it, so the wait always ends with the holder. Throws
    /// ``StorageError/io(path:reason:)`` when the file cannot be opened or locked.
    package init(waitingFor file: URL) throws {
        let fd = try Self.open(file)
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(fd)
                throw StorageError.io(path: file.path, reason: reason)
            }
        }
        self.fd = fd
        Self.writePID(fd)
    }

    private static func open(_ file: URL) throws -> Int32 {
        let fd = Glibc.open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw errno == ENOSPC || errno == EDQUOT
                ? StorageError.diskFull(path: file.path) : StorageError.io(path: file.path, reason: String(cString: strerror(errno)))
        }
        return fd
    }

    private static func writePID(_ fd: Int32) {
        let pid = Array("\(getpid())\n".utf8)
        _ = ftruncate(fd, 0)
        _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
    }

    /// The pid written by the process that holds (or last held) the lock on `file`, if readable.
    package static func holder(of file: URL) -> Int32? {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
