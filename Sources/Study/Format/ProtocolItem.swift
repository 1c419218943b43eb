/// A session as it occurs in the protocol.
public struct ProtocolItem: Sendable, Hashable, Codable {
    /// Where it occurs.
    public var position: ItemPosition
    /// The name of its session.
    public var sessionName: String

    /// Creates an item.
    public init(position: ItemPosition, sessionName: String) {
        self.position = position
        self.sessionName = sessionName
    }
}
