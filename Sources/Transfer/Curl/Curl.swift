import CCurl
import Foundation

/// The one place that knows libcurl's global state, and the entry point for a single request.
enum Curl {
    /// `curl_global_init` runs exactly once (a global `let` is initialised once, thread-safely).
    static let initialised: Bool = curl_global_init(CCURL_GLOBAL_DEFAULT) == CURLE_OK

    /// Performs one request on a session of its own (closed afterwards); for a run
    /// of requests to one server, use one ``CurlSession`` so they share a connection.
    ///
    /// Cancelling the calling task aborts the transfer (the handle's progress callback sees it) and
    /// throws `CancellationError`, so SIGTERM ends an upload promptly instead of waiting for the server.
    static func perform(_ configure: @escaping @Sendable (CurlEasy) throws -> Void) async throws -> CurlResponse {
        let session = CurlSession()
        defer { session.close() }
        return try await session.perform(configure)
    }
}
