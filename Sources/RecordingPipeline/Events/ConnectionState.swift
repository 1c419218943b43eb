/// The link to the device as a session sees it.
public enum ConnectionState: String, Sendable, Equatable {
    /// Waiting for the source to connect and identify itself.
    case connecting
    /// Samples flow.
    case connected
    /// The link dropped; the source is reconnecting by itself (the recording shows the time away as
    /// a gap). A source that gives up, or fails, then reports ``disconnected``.
    case reconnecting
    /// The source ended: stopped, ran out, or failed.
    case disconnected
}
