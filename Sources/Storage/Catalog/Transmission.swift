public import Foundation

/// An item's confirmed delivery, as the catalog records it (``Catalog/recordTransmitted(_:)``): which
/// item, when the destination confirmed it, through which destination and under which remote name.
package struct Transmission: Sendable, Equatable {
    /// The item's catalog id.
    package var id: String
    /// When the destination confirmed it.
    package var at: Date
    /// Which destination took it (`webdav`, `email`, …).
    package var via: String
    /// Where it went (`<participant>/<name>` on a WebDAV server).
    package var remote: String

    /// A confirmed delivery.
    package init(id: String, at: Date, via: String, remote: String) {
        self.id = id
        self.at = at
        self.via = via
        self.remote = remote
    }
}
