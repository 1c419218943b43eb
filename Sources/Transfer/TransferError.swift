/// Why a transfer did not happen. Messages name the server path and the cause, never a credential or
/// a participant's name.
public enum TransferError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The transfer configuration is missing or invalid (exit code 78 in the CLI).
    case configuration(String)
    /// The server could not be reached or the connection broke: refused, timed out, reset, TLS failure.
    case network(code: Int, message: String)
    /// The server answered with an HTTP status that is not success.
    case http(status: Int, method: String, path: String)
    /// The mail server refused the message or the connection failed.
    case mail(String)
    /// An item could not be encrypted, so it was not sent.
    case encryption(String)
    /// A local file is missing, unreadable or not what the catalog says.
    case localFile(path: String, reason: String)

    /// A one-line explanation for the terminal or a log (never a secret).
    public var description: String {
        switch self {
        case .configuration(let why): "transfer configuration: \(why)"
        case .network(let code, let message): "network error (curl \(code)): \(message)"
        case .http(let status, let method, let path): "\(method) \(path): HTTP \(status) \(Self.reason(status))"
        case .mail(let why): "e-mail: \(why)"
        case .encryption(let why): "not sent, encryption failed: \(why)"
        case .localFile(let path, let reason): "\(path): \(reason)"
        }
    }

    /// A short explanation of an HTTP status, with what to check.
    static func reason(_ status: Int) -> String {
        switch status {
        case 401: "Unauthorized (check the account's user and password)"
        case 403: "Forbidden (the account lacks the right for this request)"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 409: "Conflict (the parent folder is missing)"
        case 412: "Precondition Failed (the file exists on the server)"
        case 413: "Payload Too Large"
        case 423: "Locked"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 507: "Insufficient Storage (the server is full)"
        default: ""
        }
    }
}
