import CCurl
import Foundation

/// The one place that knows libcurl: global initialisation and running a configured easy handle on a
/// thread of its own, so a blocking transfer never occupies the Swift concurrency pool.
enum Curl {
    /// `curl_global_init` runs exactly once (a global `let` is initialised once, thread-safely).
    private static let initialised: Bool = curl_global_init(CCURL_GLOBAL_DEFAULT) == CURLE_OK

    /// Creates an easy handle, lets `configure` set it up, performs the transfer on a dedicated thread
    /// and returns the response. The handle never leaves that thread.
    ///
    /// Cancelling the calling task aborts the transfer (the handle's progress callback sees it) and
    /// throws `CancellationError`, so SIGTERM ends an upload promptly instead of waiting for the server.
    static func perform(_ configure: @escaping @Sendable (CurlEasy) throws -> Void) async throws -> CurlResponse {
        guard initialised else { throw TransferError.configuration("libcurl could not be initialised") }
        try Task.checkCancellation()
        let cancellation = CurlCancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let thread = Thread {
                    do {
                        let easy = try CurlEasy()
                        easy.cancel(on: cancellation)
                        try configure(easy)
                        continuation.resume(returning: try easy.perform())
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
                thread.name = "curl"
                thread.start()
            }
        } onCancel: {
            cancellation.cancel()
        }
    }
}
