public import Foundation

/// An item's confirmed delivery, as the catalog records it (``Catalog/recordTransmitted(_:)``): which
/// item, when the destination confirmed it, through which destination and under which remote name.
public struct Transmission: Sendable, Equatable {
    /// The item's catalog id.
    public var id: String
    /// When the destination confirmed it.
    public var at: Date
    /// Which destination took it (`webdav`, `email`, …).
    public var via: String
    /// Where it went (`<participant>/<name>` on a WebDAV server).
    public var remote: String

    /// A confirmed delivery.
    public init(id: String, at: Date, via: String, remote: String) {
        self.id = id
        self.at = at
        self.via = via
        self.remote = remote
    }
}
