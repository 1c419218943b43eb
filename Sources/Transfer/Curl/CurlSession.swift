import CCurl
import DataSources
import Foundation

/// One libcurl easy handle on a serial ``BlockingExecutor``, for a run of requests to the same server:
/// every request reuses the handle, so they share one kept-alive connection and TLS session instead of
/// connecting per request. Blocking I/O stays off Swift's cooperative pool.
///
/// Requests are performed one at a time, in the order they were submitted. Each request still has its
/// own bounds (connect, stall and total time limits) and honours the cancellation of the task that
/// awaits it. A connection the server closed is replaced by libcurl transparently. ``close()`` frees
/// the handle after the requests already submitted; it is also called when the session is released
/// (the executor's thread then ends once idle).
final class CurlSession: Sendable {
    /// A serial executor (one thread at most): requests run one at a time, in submission order.
    private let executor: BlockingExecutor
    private let handle: Handle

    /// A session whose requests run on a serial ``BlockingExecutor`` named `name`.
    init(name: String = "curl") {
        executor = BlockingExecutor(name: name, maximumThreads: 1)
        handle = Handle()
    }

    deinit { close() }

    /// Closes the connection after the requests already submitted; later requests are refused.
    func close() {
        guard handle.close() else { return }
        let handle = handle
        executor.execute { handle.release() }
    }

    /// Lets `configure` set up the reused handle (reset before), performs the request on the
    /// session's thread and returns the response. Cancelling the calling task aborts the transfer and
    /// throws `CancellationError`.
    func perform(_ configure: @escaping @Sendable (CurlEasy) throws -> Void) async throws -> CurlResponse {
        guard Curl.initialised else { throw TransferError.configuration("libcurl could not be initialised") }
        try Task.checkCancellation()
        guard !handle.isClosed else { throw TransferError.configuration("the transfer session is closed") }
        let cancellation = SetOnceFlag()
        let handle = handle
        return try await withTaskCancellationHandler {
            try await executor.run { () throws -> CurlResponse in
                let easy = try handle.easy()
                if cancellation.isSet { throw CancellationError() }
                easy.reset()
                easy.cancel(on: cancellation)
                try configure(easy)
                return try easy.perform()
            }
        } onCancel: {
            cancellation.set()
        }
    }

    /// The one easy handle, created on first use and released at close; only the session's serial
    /// executor touches it (`closed` is guarded by `lock`).
    private final class Handle: @unchecked Sendable {
        private let lock = NSLock()
        private var closed = false
        private var created = false
        private var released = false
        private var handle: CurlEasy?

        var isClosed: Bool { lock.withLock { closed } }

        /// Marks the session closed; false when it was already.
        func close() -> Bool {
            lock.withLock {
                defer { closed = true }
                return !closed
            }
        }

        /// The handle, created on first use; on the session's executor only.
        func easy() throws -> CurlEasy {
            guard !released else { throw TransferError.configuration("the transfer session is closed") }
            if !created {
                created = true
                handle = try? CurlEasy()
            }
            guard let handle else { throw TransferError.configuration("libcurl could not create a handle") }
            return handle
        }

        /// Frees the handle (and with it the connection); on the session's executor only.
        func release() {
            released = true
            handle = nil
        }
    }
}
