/// How one upload run behaves.
public struct UploadOptions: Sendable, Equatable {
    /// Only report what would be sent; change nothing, contact no server.
    public var dryRun: Bool
    /// Try items now even if their backoff time has not come.
    public var ignoreBackoff: Bool
    /// Send at most this many items.
    public var limit: Int

    /// Options; by default a real run over every due item.
    public init(dryRun: Bool = false, ignoreBackoff: Bool = false, limit: Int = .max) {
        self.dryRun = dryRun
        self.ignoreBackoff = ignoreBackoff
        self.limit = limit
    }
}
