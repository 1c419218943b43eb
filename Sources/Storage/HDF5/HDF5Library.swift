import CHDF5
import Foundation
import Glibc

/// Process-wide HDF5 set-up and error reporting. HDF5's own error printing is switched off once, so
/// failures reach the user as one clear ``StorageError`` line instead of a stack dump on stderr.
enum HDF5Library {
    /// Opens the library and silences its error printer; evaluated once, thread-safely.
    static let ready: Bool = {
        // Files are closed explicitly; a file that could not be closed (disk full) is recovered from its
        // journal, so HDF5's own clean-up at exit, which loops and prints over such a file, is skipped.
        H5dont_atexit()
        H5open()
        chdf5_silence_errors()
        // HDF5 keeps freed blocks on internal free lists without limit by default; over a day-long
        // recording that is steady growth. Cap them (bytes: global, per list) for each list kind.
        H5set_free_list_limits(1 << 20, 1 << 18, 1 << 20, 1 << 18, 1 << 20, 1 << 18)
        return true
    }()

    /// Switches off HDF5's error printing for the calling thread, once per thread. The library is a
    /// thread-safe build, where that setting is per thread, and Swift code runs on whichever thread
    /// its task is on (a ``BlockingExecutor`` thread when recording, any thread when reading). So the
    /// wrappers call this where every HDF5 call starts: ``HDF5Object/id`` (each call on an open
    /// object reads it first) and ``HDF5File`` (opening or creating a file); nothing else does.
    static func prepareThread() {
        guard pthread_getspecific(preparedKey) == nil else { return }
        _ = ready
        chdf5_silence_errors()
        pthread_setspecific(preparedKey, UnsafeRawPointer(bitPattern: 1))
    }

    /// The thread-local mark of a thread whose error printing is off.
    private static let preparedKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The innermost message of HDF5's current error stack.
    static func lastError() -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        chdf5_last_error(&buffer, buffer.count)
        let message = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return message.isEmpty ? "unknown HDF5 error" : message
    }

    /// Throws ``StorageError/hdf5(operation:path:reason:)`` when `status` is negative.
    @discardableResult
    static func check<T: BinaryInteger>(_ status: T, _ operation: String, _ path: String) throws -> T {
        if status < 0 { throw StorageError.hdf5(operation: operation, path: path, reason: lastError()) }
        return status
    }

    /// As ``check(_:_:_:)`` for a call that writes to the file at `path`: HDF5's error stack says only
    /// "can't write data", so when the file system holding the file is full (``FreeSpace``) the
    /// failure is ``StorageError/diskFull(path:)``, which tells the operator to free space and
    /// `recover`.
    @discardableResult
    static func checkWrite<T: BinaryInteger>(_ status: T, _ operation: String, _ path: String) throws -> T {
        if status < 0, FreeSpace.isFull(at: URL(fileURLWithPath: path)) { throw StorageError.diskFull(path: path) }
        return try check(status, operation, path)
    }
}
