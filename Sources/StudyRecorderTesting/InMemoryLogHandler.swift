public import Logging
import Synchronization

/// A swift-log handler that keeps every entry in memory, so a test can check what was logged —
/// and that no participant's name ever was.
///
/// ```swift
/// let (logger, log) = InMemoryLogHandler.logger(label: "test")
/// let recorder = try await Recorder(dataFolder: folder, logger: logger)
/// #expect(!log.entries.contains { $0.message.contains("Jane") })
/// ```
public struct InMemoryLogHandler: LogHandler {
    /// One logged entry.
    public struct Entry: Sendable, Equatable {
        public var label: String
        public var level: Logger.Level
        public var message: String
        public var metadata: [String: String]

        /// An entry.
        public init(label: String, level: Logger.Level, message: String, metadata: [String: String] = [:]) {
            self.label = label
            self.level = level
            self.message = message
            self.metadata = metadata
        }
    }

    /// The shared store of entries a set of handlers writes to.
    public final class Store: Sendable {
        private let storage = Mutex<[Entry]>([])
        public init() {}
        /// Every entry so far, oldest first.
        public var entries: [Entry] { storage.withLock { $0 } }
        /// Forgets every entry.
        public func clear() { storage.withLock { $0.removeAll() } }
        func append(_ entry: Entry) { storage.withLock { $0.append(entry) } }
    }

    private let label: String
    private let store: Store
    public var metadata: Logger.Metadata = [:]
    public var logLevel: Logger.Level = .trace

    /// A handler for `label` writing to `store`.
    public init(label: String, store: Store) {
        self.label = label
        self.store = store
    }

    /// A logger whose entries land in the returned store.
    public static func logger(label: String, level: Logger.Level = .trace) -> (Logger, Store) {
        let store = Store()
        var logger = Logger(label: label) { InMemoryLogHandler(label: $0, store: store) }
        logger.logLevel = level
        return (logger, store)
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var merged = metadata
        if let extra = event.metadata { merged.merge(extra) { $1 } }
        store.append(Entry(label: label, level: event.level, message: "\(event.message)", metadata: merged.mapValues { "\($0)" }))
    }
}
