public import Storage

/// A stored item and what its recording lost and was judged (``RecordingAccount``), as `record --json`
/// and `run --json` print it: the item's own keys and `account` (`null` for an item that is no
/// recording, or whose file cannot be read here, e.g. one sealed at rest — `analyze` judges it after
/// decryption).
package struct AccountedItem: Sendable, Encodable {
    /// The stored item.
    package var item: CatalogItem
    /// Its recording's account, when there is one to read.
    package var account: RecordingAccount?

    /// `item` with `account`.
    package init(item: CatalogItem, account: RecordingAccount?) {
        self.item = item
        self.account = account
    }

    /// `item` as stored in `store`, its recording's account read from the stored file by the rule
    /// `analyze` counts with.
    package init(_ item: CatalogItem, in store: DataStore) {
        self.item = item
        guard item.kind == .recording, let reader = try? RecordingReader(url: store.url(of: item.path)) else {
            account = nil
            return
        }
        account = try? RecordingAccount(reader)
    }

    private enum CodingKeys: String, CodingKey { case account }

    /// The item's keys and `account`.
    package func encode(to encoder: any Encoder) throws {
        try item.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(account, forKey: .account)
    }
}
