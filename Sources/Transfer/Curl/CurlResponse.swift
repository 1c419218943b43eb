import Foundation

/// What came back from one libcurl transfer.
struct CurlResponse: Sendable {
    /// The HTTP status (or the SMTP reply code of the last command).
    var status: Int
    /// Response header fields, names lowercased (the last value wins).
    var headers: [String: String]
    /// The response body (at most the request's limit).
    var body: Data
}
