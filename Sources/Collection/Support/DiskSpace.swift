import Foundation
import Storage
import Transfer

#if canImport(Glibc)
import Glibc
#endif

/// Tells a full disk from other local failures, whoever reported it: the system (`ENOSPC`,
/// `EDQUOT`), Foundation (`NSFileWriteOutOfSpaceError`, or a POSIX error underneath) or a download
/// (``TransferError`` with the errno). A full disk ends a `collect` run with its own line and code,
/// and is never kept as an item's problem: the next run, with space freed, does what was missing.
enum DiskSpace {
    /// Whether `error` says the disk (or the user's quota) is full.
    static func isFull(_ error: any Error) -> Bool {
        if case StorageError.diskFull = error { return true }
        if case CollectionError.diskFull = error { return true }
        if let transfer = error as? TransferError, let code = transfer.errno { return isFull(errno: code) }
        let ns = error as NSError
        if ns.domain == NSCocoaErrorDomain && ns.code == NSFileWriteOutOfSpaceError { return true }
        if ns.domain == NSPOSIXErrorDomain && isFull(errno: Int32(ns.code)) { return true }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError { return isFull(underlying) }
        // Errors of the project's own libraries describe themselves; their text names the cause.
        let text = "\(error)"
        // SQLite's SQLITE_FULL (13) through GRDB says "database or disk is full".
        return text.contains(String(cString: strerror(ENOSPC))) || text.contains("NSCocoaErrorDomain Code=640")
            || text.contains("database or disk is full")
    }

    /// Whether `errno` is `ENOSPC` or `EDQUOT`.
    static func isFull(errno code: Int32) -> Bool { code == ENOSPC || code == EDQUOT }

    /// The errno `error` carries, when it is a POSIX one.
    static func errno(of error: any Error) -> Int32? {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return Int32(ns.code) }
        if ns.domain == NSCocoaErrorDomain && ns.code == NSFileWriteOutOfSpaceError { return ENOSPC }
        return (ns.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap { errno(of: $0) }
    }
}
