/// Why a ``Recorder`` call failed, in the library's words.
///
/// A struct with an open set of codes rather than an enum, so that new codes can be added without
/// breaking a client's `switch`: compare ``code`` with the static members. The underlying error
/// (a ``StorageError`` carrying errno, a ``DataSourceError``, a transfer error) is kept in
/// ``underlying``.
public struct RecorderError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The stable name, e.g. `"source-failed"`.
        public let name: String
        /// A code with `name`.
        public init(_ name: String) { self.name = name }
        public var description: String { name }

        /// The data folder cannot be opened or written.
        public static let dataFolder = Code("data-folder")
        /// There is no transfer configuration.
        public static let notConfigured = Code("not-configured")
        /// The transfer configuration or its secrets are unusable.
        public static let configuration = Code("configuration")
        /// The source failed or could not be reached (no headband, no Bluetooth).
        public static let sourceFailed = Code("source-failed")
        /// The recording could not be stored.
        public static let storage = Code("storage")
        /// The recording was stored, but encrypting it at rest failed; it stays local until sealed.
        public static let sealing = Code("sealing")
        /// Another process holds the data folder's lock for this work.
        public static let busy = Code("busy")
        /// A recording keeps no device bytes this build can decode again (``Redecoding``).
        public static let undecodable = Code("undecodable")
    }

    /// The kind of failure.
    public let code: Code
    /// One line saying what failed.
    public let message: String
    /// The error that caused it, if any (keeps errno and the library's own detail).
    public let underlying: (any Error)?

    /// An error of `code` with `message`.
    public init(_ code: Code, _ message: String, underlying: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    public var description: String { message }
}
