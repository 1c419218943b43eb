#if canImport(Glibc)
import Glibc
#endif

/// The system calls ``AtomicFile`` makes, as values, so tests can make one of them fail (an `fsync`
/// returning `EIO`, a `rename` returning `EXDEV`) and check what is left on disk. ``system`` is the
/// real thing; a failing call must set `errno` as the real one would.
struct FileSystemCalls: Sendable {
    var open: @Sendable (String, Int32, mode_t) -> Int32
    var write: @Sendable (Int32, UnsafeRawPointer, Int) -> Int
    var fchmod: @Sendable (Int32, mode_t) -> Int32
    var fsync: @Sendable (Int32) -> Int32
    var close: @Sendable (Int32) -> Int32
    var rename: @Sendable (String, String) -> Int32
    var unlink: @Sendable (String) -> Int32

    /// The real calls.
    static let system = FileSystemCalls(
        open: { Glibc.open($0, $1, $2) }, write: { Glibc.write($0, $1, $2) }, fchmod: { Glibc.fchmod($0, $1) },
        fsync: { Glibc.fsync($0) }, close: { Glibc.close($0) }, rename: { Glibc.rename($0, $1) }, unlink: { Glibc.unlink($0) })
}
