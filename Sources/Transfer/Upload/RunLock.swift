import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock on `<data>/upload.lock` held for one upload run, so two runs (cron firing twice)
/// never work at the same time. The kernel releases it when the process ends, even after a crash.
final class RunLock {
    private let fd: Int32

    /// Takes the lock, or returns `nil` when another process holds it.
    init?(folder: URL) throws {
        let path = folder.appendingPathComponent("upload.lock").path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw TransferError.localFile(path: path, reason: String(cString: strerror(errno))) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
