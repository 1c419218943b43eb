/// Why a transfer did not happen. Messages name the server path and the cause, never a credential or
/// a participant's name, and speak of the library's settings, not of any program's command line.
///
/// A struct rather than an enum so that new kinds of failure can be added without breaking a client's
/// `switch`: compare ``code`` with the static members of ``Code`` (`error.code == .network`) and read
/// the details that apply (``curlCode``, ``errno``, ``httpStatus``…).
///
/// ```swift
/// do { … } catch let error as TransferError where error.code == .http && error.httpStatus == 401 { … }
/// ```
public struct TransferError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure; new kinds may be added in later versions.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, e.g. `network`.
        public let name: String
        private init(_ name: String) { self.name = name }

        /// The transfer configuration is missing or invalid (exit code 78 in the CLI).
        public static let configuration = Code("configuration")
        /// The server could not be reached or the connection broke: refused, timed out, reset, TLS
        /// failure. ``TransferError/curlCode`` holds libcurl's code.
        public static let network = Code("network")
        /// The server answered with an HTTP status that is not success (``TransferError/httpStatus``).
        public static let http = Code("http")
        /// The mail server refused the message or the connection failed.
        public static let mail = Code("mail")
        /// An item could not be encrypted, so it was not sent.
        public static let encryption = Code("encryption")
        /// A local file is missing, unreadable or not what the catalog says (``TransferError/errno``
        /// when the system said why).
        public static let localFile = Code("localFile")
        /// A pending item's own file is missing or is not what the catalog says (another size): no
        /// retry can send it. A person restores it from a copy or retires it (``ItemResolution`` in
        /// Storage; `study-recorder resolve`). ``TransferError/path`` is the item's path.
        public static let needsPerson = Code("needsPerson")
        /// A destination refused an item for a reason of its own (e.g. too large to mail).
        public static let rejected = Code("rejected")
        /// The transfer was cancelled (the run's task was cancelled).
        public static let cancelled = Code("cancelled")
        /// The server's answer went past a bound the caller set (bytes of a download or a listing,
        /// entries of a listing): it was cut off there.
        public static let tooLarge = Code("tooLarge")

        public var description: String { name }
    }

    /// The kind of failure.
    public var code: Code
    /// The cause in words (without the prefix ``description`` adds).
    public var message: String
    /// libcurl's error code for ``Code/network`` (and mail transport) failures.
    public var curlCode: Int?
    /// The system's errno for ``Code/localFile`` failures, when there was one.
    public var errno: Int32?
    /// The HTTP status for ``Code/http`` failures.
    public var httpStatus: Int?
    /// The request method for ``Code/http`` failures.
    public var method: String?
    /// The server path (``Code/http``) or local path (``Code/localFile``) concerned.
    public var path: String?

    /// An error of kind `code` saying `message`; details as they apply.
    public init(
        _ code: Code, _ message: String, curlCode: Int? = nil, errno: Int32? = nil, httpStatus: Int? = nil, method: String? = nil, path: String? = nil
    ) {
        self.code = code
        self.message = message
        self.curlCode = curlCode
        self.errno = errno
        self.httpStatus = httpStatus
        self.method = method
        self.path = path
    }

    /// The transfer configuration is missing or invalid.
    public static func configuration(_ why: String) -> TransferError { TransferError(.configuration, why) }
    /// A transport failure with libcurl's `code`.
    public static func network(code: Int, message: String) -> TransferError { TransferError(.network, message, curlCode: code) }
    /// A non-success HTTP answer.
    public static func http(status: Int, method: String, path: String) -> TransferError {
        TransferError(.http, reason(status), httpStatus: status, method: method, path: path)
    }
    /// The mail server refused the message or could not be reached (`curlCode` when libcurl said why).
    public static func mail(_ why: String, curlCode: Int? = nil) -> TransferError { TransferError(.mail, why, curlCode: curlCode) }
    /// An item could not be encrypted.
    public static func encryption(_ why: String) -> TransferError { TransferError(.encryption, why) }
    /// A local file problem at `path`, with the system's `errno` when there was one.
    public static func localFile(path: String, reason: String, errno: Int32? = nil) -> TransferError {
        TransferError(.localFile, reason, errno: errno, path: path)
    }
    /// The item at `path` cannot be sent until a person restores or retires it, because of `reason`.
    public static func needsPerson(path: String, reason: String) -> TransferError { TransferError(.needsPerson, reason, path: path) }
    /// A destination refused an item for a reason of its own.
    public static func rejected(_ why: String) -> TransferError { TransferError(.rejected, why) }
    /// The transfer was cancelled.
    public static let cancelled = TransferError(.cancelled, "cancelled")
    /// The answer to `method` for `path` went past a bound (`why` says which).
    public static func tooLarge(_ why: String, method: String, path: String) -> TransferError {
        TransferError(.tooLarge, why, method: method, path: path)
    }

    /// A one-line explanation for the terminal or a log (never a secret).
    public var description: String {
        switch code {
        case .configuration: return "transfer configuration: \(message)"
        case .network: return "network error (curl \(curlCode ?? 0)): \(message)"
        case .http:
            let reason = message.isEmpty ? "" : " \(message)"
            return "\(method ?? "request") \(path ?? ""): HTTP \(httpStatus ?? 0)\(reason)"
        case .mail: return "e-mail: \(message)" + (curlCode.map { " (curl \($0))" } ?? "")
        case .encryption: return "not sent, encryption failed: \(message)"
        case .localFile: return "\(path ?? "local file"): \(message)" + (errno.map { " (errno \($0))" } ?? "")
        case .needsPerson: return "\(path ?? "item"): \(message)"
        case .tooLarge: return "\(method ?? "request") \(path ?? ""): \(message)"
        default: return message
        }
    }

    /// `error` as a ``TransferError``: a cancellation becomes ``cancelled``, anything else a
    /// ``Code/rejected`` error with its description.
    static func from(_ error: any Error) -> TransferError {
        if let error = error as? TransferError { return error }
        if error is CancellationError { return .cancelled }
        return .rejected("\(error)")
    }

    /// curl errors meaning the server cannot be reached at all (name resolution, connection, time-out,
    /// TLS handshake or certificate), after which a run stops trying that destination for its other items.
    static let unreachableCurlCodes: Set<Int> = [5, 6, 7, 28, 35, 51, 53, 58, 59, 60, 77, 83, 90, 91]

    /// Whether trying the same destination again in this run is pointless: it cannot be reached, or it
    /// refused the account (HTTP 401), which retrying cannot fix. (A 403 or 405 may concern one name
    /// only, so the run goes on with the other items; it is a ``isRefusal`` all the same.)
    public var makesDestinationUnusable: Bool {
        (code == .network && curlCode.map(Self.unreachableCurlCodes.contains) == true) || (code == .http && httpStatus == 401)
    }

    /// Whether the server refused the account or the URL for good, so that only a person can fix it
    /// (the CLI exits 78): HTTP 401 to any request, 403 or 405 to a PUT or MKCOL. Unlike a server that
    /// is down or full (507), waiting does not help, so a refusal starts no backoff.
    public var isRefusal: Bool {
        guard code == .http, let status = httpStatus else { return false }
        return status == 401 || ([403, 405].contains(status) && ["PUT", "MKCOL"].contains(method ?? ""))
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
