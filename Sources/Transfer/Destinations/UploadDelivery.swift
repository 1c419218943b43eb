/// Where a destination put a payload.
public struct UploadDelivery: Sendable, Equatable {
    /// The destination's name (``UploadDestination/via``), e.g. `webdav`.
    public var via: String
    /// Where it went: `<participant>/<file>` below a WebDAV base, `mailto:<recipients>` for e-mail.
    public var remote: String

    /// A delivery.
    public init(via: String, remote: String) {
        self.via = via
        self.remote = remote
    }
}
