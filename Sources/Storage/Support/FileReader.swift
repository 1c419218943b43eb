#if canImport(Glibc)
import Glibc
#endif

/// A file opened for reading with `open(2)` and read with `read(2)` into the caller's buffer: what
/// every piecewise reader in the package uses (hashing a stored file, comparing two files, reading
/// a study file under a size bound).
///
/// Not `FileHandle.read(upToCount:)`: swift-corelibs-foundation's `FileHandle` leaves a few hundred
/// bytes behind per call, which a `collect` of thousands of items (each hashed twice) turned into
/// resident memory growing with the number of items, and it makes a new `Data` for every piece.
/// Not copyable: the descriptor is closed exactly once, when the reader goes away.
package struct FileReader: ~Copyable {
    /// The path it reads, for messages.
    package let path: String
    private let descriptor: Int32

    /// Opens `path` for reading; throws ``StorageError/io(path:reason:)`` naming the path when it
    /// cannot be opened.
    package init(path: String) throws(StorageError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io(path: path, reason: "cannot open for reading (\(String(cString: strerror(errno))))") }
        self.path = path
        self.descriptor = descriptor
    }

    /// Fills `buffer` from where the last read ended and gives how many bytes it holds: fewer than
    /// `buffer.count` only at the end of the file, 0 once the end is reached. An interrupted read
    /// is retried; a failing one (`EIO`, a folder's `EISDIR`) throws ``StorageError/io(path:reason:)``.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws(StorageError) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var filled = 0
        while filled < buffer.count {
            let n = Glibc.read(descriptor, base + filled, buffer.count - filled)
            if n > 0 {
                filled += n
            } else if n == 0 {
                break
            } else if errno != EINTR {
                throw .io(path: path, reason: "cannot be read (\(String(cString: strerror(errno))))")
            }
        }
        return filled
    }

    deinit { close(descriptor) }
}
