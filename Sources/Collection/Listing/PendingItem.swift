import Transfer

/// An item ``UploadListing`` found to fetch: its file and manifest on the server, both names checked
/// (``ServerName``).
struct PendingItem: Sendable {
    /// `<participant folder>/<item name>`: the item's key in the state and the report.
    let key: String
    /// The participant folder.
    let folder: String
    /// The item as the server lists it.
    let entry: RemoteEntry
    /// Its manifest as the server lists it.
    let manifest: RemoteEntry
    /// The sizes and ETags the state compares with the next run's listing.
    let fingerprint: CollectionState.Fingerprint
    /// Whether an earlier run collected this item (other bytes now are a change, not corruption).
    let collectedBefore: Bool
}
