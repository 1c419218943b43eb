/// A session as it occurs in the protocol.
package struct ProtocolItem: Sendable, Hashable, Codable {
    /// Where it occurs.
    package var position: ItemPosition
    /// The name of its session.
    package var sessionName: String

    /// Creates an item.
    package init(position: ItemPosition, sessionName: String) {
        self.position = position
        self.sessionName = sessionName
    }
}
