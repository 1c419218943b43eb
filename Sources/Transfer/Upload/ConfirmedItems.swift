import Foundation
import Storage

/// The items a destination confirmed in this run that the catalog does not record as sent yet. The
/// ``Uploader`` records them a few at a time, in one catalog transaction (one sync of the log) instead
/// of one per item: for many small files those syncs took more time than the transfers.
///
/// Crash safety: an item is recorded as sent only after its confirmation, never before. A kill loses
/// at most the confirmations not yet recorded (at most ``batchSize`` items, at most ``maximumDelay``
/// of them, and never one made before a large transfer: ``isDue(before:)``); those items stay claimed,
/// the next run takes them over and sends them again, and the server's copy decides
/// (`If-None-Match: *`: with ``WebDAVSettings/canList`` the file of the same name and size counts as
/// delivered, without it the item goes under a distinct name; its manifest already there counts as
/// delivered).
struct ConfirmedItems {
    /// One confirmed item: where it went and when.
    struct Entry {
        var item: CatalogItem
        var delivery: UploadDelivery
        var at: Date
    }

    /// The most confirmations kept before they are recorded.
    static let batchSize = 16
    /// The longest a confirmation waits to be recorded, when the run reaches a check in time.
    static let maximumDelay: Duration = .seconds(1)
    /// Before an item this large is sent, the confirmations so far are recorded: its transfer takes
    /// long enough that a crash during it should not send the earlier items again.
    static let largeItemBytes: Int64 = 8 << 20

    private(set) var entries: [Entry] = []
    private var oldest: ContinuousClock.Instant?

    /// Whether nothing waits to be recorded.
    var isEmpty: Bool { entries.isEmpty }

    /// Keeps `item`'s confirmation until the next ``take()``.
    mutating func add(_ item: CatalogItem, _ delivery: UploadDelivery, at: Date) {
        if entries.isEmpty { oldest = .now }
        entries.append(Entry(item: item, delivery: delivery, at: at))
    }

    /// Whether the confirmations should be recorded now, before an item of `nextBytes` (nil: none
    /// follows): enough of them, the oldest old enough, or a large transfer next.
    func isDue(before nextBytes: Int64?) -> Bool {
        guard let oldest, !entries.isEmpty else { return false }
        if entries.count >= Self.batchSize || ContinuousClock.now - oldest >= Self.maximumDelay { return true }
        return (nextBytes ?? 0) >= Self.largeItemBytes
    }

    /// Hands out every confirmation kept and forgets them.
    mutating func take() -> [Entry] {
        defer {
            entries = []
            oldest = nil
        }
        return entries
    }
}
