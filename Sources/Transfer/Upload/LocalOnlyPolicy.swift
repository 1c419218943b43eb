public import Storage

/// Which items stay on the device by policy rather than waiting to be sent: a consent record and its
/// PDF hold the participant's name (the signature), so they leave the device only encrypted. Without encryption
/// it is kept here, on purpose: it is not "pending", it does not make `upload` exit 75, and `list`
/// says why it stays.
package enum LocalOnlyPolicy {
    /// The kinds that are never sent unencrypted.
    package static let plaintextStaysLocal: Set<ItemKind> = Set(ItemKind.allCases.filter(\.holdsName))

    /// Why `item` stays on the device under `mode` (`nil` when no transfer is configured), or `nil`
    /// when it is to be sent.
    package static func reason(for item: CatalogItem, mode: EncryptionMode?) -> String? {
        guard plaintextStaysLocal.contains(item.kind), item.encryption == .none, item.state == .pending else { return nil }
        guard mode == nil || mode == EncryptionMode.none else { return nil }
        return "kept on this device: it holds the participant's name and leaves only encrypted (no encryption is configured)"
    }
}
