import CCurl
import Foundation

/// One libcurl easy handle on one dedicated thread, for a run of requests to the same server: every
/// request reuses the handle, so they share one kept-alive connection and TLS session instead of
/// connecting (and starting a thread) per request. Blocking I/O stays off Swift's cooperative pool.
///
/// Requests are performed one at a time, in the order they were submitted. Each request still has its
/// own bounds (connect, stall and total time limits) and honours the cancellation of the task that
/// awaits it. A connection the server closed is replaced by libcurl transparently. ``close()`` ends
/// the thread; it is also called when the session is released.
final class CurlSession: Sendable {
    private let worker: Worker

    /// A session whose thread starts now and waits for requests.
    init(name: String = "curl") {
        worker = Worker()
        let worker = worker
        let thread = Thread { worker.loop() }
        thread.name = name
        thread.start()
    }

    deinit { worker.close() }

    /// Ends the session's thread after the requests already submitted (and closes its connection).
    func close() { worker.close() }

    /// Lets `configure` set up the reused handle (reset before), performs the request on the
    /// session's thread and returns the response. Cancelling the calling task aborts the transfer and
    /// throws `CancellationError`.
    func perform(_ configure: @escaping @Sendable (CurlEasy) throws -> Void) async throws -> CurlResponse {
        guard Curl.initialised else { throw TransferError.configuration("libcurl could not be initialised") }
        try Task.checkCancellation()
        let cancellation = CurlCancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<CurlResponse, any Error>) in
                let accepted = worker.submit { easy in
                    guard let easy else {
                        continuation.resume(throwing: TransferError.configuration("libcurl could not create a handle"))
                        return
                    }
                    do {
                        if cancellation.isCancelled { throw CancellationError() }
                        easy.reset()
                        easy.cancel(on: cancellation)
                        try configure(easy)
                        continuation.resume(returning: try easy.perform())
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
                if !accepted { continuation.resume(throwing: TransferError.configuration("the transfer session is closed")) }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// The queue of requests and the thread's loop; shared by the session and its thread (the thread
    /// must not keep the session alive, or it would never be released).
    private final class Worker: @unchecked Sendable {
        // `jobs` and `closed` are guarded by `condition`.
        private let condition = NSCondition()
        private var jobs: [@Sendable (CurlEasy?) -> Void] = []
        private var closed = false

        /// Queues `job`; false when the session is closed.
        func submit(_ job: @escaping @Sendable (CurlEasy?) -> Void) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            guard !closed else { return false }
            jobs.append(job)
            condition.signal()
            return true
        }

        func close() {
            condition.lock()
            closed = true
            condition.signal()
            condition.unlock()
        }

        /// Runs jobs until closed; the handle lives and dies on this thread.
        func loop() {
            let easy = try? CurlEasy()
            while true {
                condition.lock()
                while jobs.isEmpty && !closed { condition.wait() }
                if jobs.isEmpty {
                    condition.unlock()
                    return
                }
                let job = jobs.removeFirst()
                condition.unlock()
                job(easy)
            }
        }
    }
}
