/// Where an item sits in the protocol: its day and its index within that day (both from 0).
public struct ItemPosition: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The day index, from 0.
    public var day: Int
    /// The item's index within its day, from 0.
    public var item: Int

    /// Creates a position.
    public init(day: Int, item: Int) {
        self.day = day
        self.item = item
    }

    /// Orders by day, then item.
    public static func < (lhs: ItemPosition, rhs: ItemPosition) -> Bool {
        (lhs.day, lhs.item) < (rhs.day, rhs.item)
    }

    /// "day 1, item 2" (1-based, for people).
    public var description: String { "day \(day + 1), item \(item + 1)" }
}
