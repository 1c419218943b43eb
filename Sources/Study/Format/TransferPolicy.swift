/// When stored data are moved to the study's server.
public struct TransferPolicy: Sendable, Hashable, Codable {
    /// The upload moment.
    public var mode: TransferMode

    /// Creates a policy.
    public init(mode: TransferMode) { self.mode = mode }
}
