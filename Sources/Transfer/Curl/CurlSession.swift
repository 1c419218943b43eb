import CCurl
import DataSources
import Foundation

/// One libcurl easy handle for a run of requests to the same server: every request reuses the handle,
/// so they share one kept-alive connection and TLS session instead of connecting per request. Blocking
/// I/O stays off Swift's cooperative pool.
///
/// Requests are performed one at a time (the handle is used under a lock). A request made from a
/// thread that may block (a ``BlockingExecutor``'s: an upload run asks for one) is performed right
/// there; one made from anywhere else is performed on the session's serial ``BlockingExecutor``, in the
/// order submitted. Performing in place saves two thread hand-offs per request (to the session's
/// thread and back), which for many small files cost as much as the transfers. Each request still
/// has its own bounds (connect, stall and total time limits) and honours the cancellation of the task
/// that awaits it. A connection the server closed is replaced by libcurl transparently. ``close()``
/// frees the handle after the requests already submitted; it is also called when the session is
/// released (the executor's thread then ends once idle).
final class CurlSession: Sendable {
    /// A serial executor (one thread at most) for requests made from threads that must not block.
    private let executor: BlockingExecutor
    private let handle: Handle

    /// A session whose requests from threads that must not block run on a serial
    /// ``BlockingExecutor`` named `name`.
    init(name: String = "curl") {
        executor = BlockingExecutor(name: name, maximumThreads: 1)
        handle = Handle()
    }

    deinit { close() }

    /// Closes the connection after the requests already submitted; later requests are refused. On a
    /// thread that may block (an upload run's, which performed its requests in place) the handle is
    /// released right there, instead of starting the session's thread only to release it.
    func close() {
        guard handle.close() else { return }
        if BlockingExecutor.isBlockingThread {
            handle.release()
            return
        }
        let handle = handle
        executor.execute { handle.release() }
    }

    /// Lets `configure` set up the reused handle (reset before), performs the request (in place on a
    /// thread that may block, else on the session's thread) and returns the response. Cancelling the
    /// calling task aborts the transfer and throws `CancellationError`.
    func perform(_ configure: @escaping @Sendable (CurlEasy) throws -> Void) async throws -> CurlResponse {
        guard Curl.initialised else { throw TransferError.configuration("libcurl could not be initialised") }
        try Task.checkCancellation()
        guard !handle.isClosed else { throw TransferError.configuration("the transfer session is closed") }
        let cancellation = SetOnceFlag()
        let handle = handle
        let request: @Sendable () throws -> CurlResponse = {
            try handle.withEasy { easy in
                if cancellation.isSet { throw CancellationError() }
                easy.reset()
                easy.cancel(on: cancellation)
                try configure(easy)
                return try easy.perform()
            }
        }
        return try await withTaskCancellationHandler {
            if BlockingExecutor.isBlockingThread { return try request() }
            return try await executor.run(nil, request)
        } onCancel: {
            cancellation.set()
        }
    }

    /// The one easy handle, created on first use and released at close; used by one request at a time
    /// (`use`), `closed` is guarded by `lock`.
    private final class Handle: @unchecked Sendable {
        private let lock = NSLock()
        private let use = NSLock()
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

        /// Runs `body` with the handle (created on first use), one request at a time.
        func withEasy<T>(_ body: (CurlEasy) throws -> T) throws -> T {
            try use.withLock {
                guard !released else { throw TransferError.configuration("the transfer session is closed") }
                if !created {
                    created = true
                    handle = try? CurlEasy()
                }
                guard let handle else { throw TransferError.configuration("libcurl could not create a handle") }
                return try body(handle)
            }
        }

        /// Frees the handle (and with it the connection) once no request uses it.
        func release() {
            use.withLock {
                released = true
                handle = nil
            }
        }
    }
}
