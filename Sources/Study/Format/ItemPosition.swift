/// Where an item sits in the protocol: its day and its index within that day (both from 0).
package struct ItemPosition: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The day index, from 0.
    package var day: Int
    /// The item's index within its day, from 0.
    package var item: Int

    /// Creates a position.
    package init(day: Int, item: Int) {
        self.day = day
        self.item = item
    }

    /// Orders by day, then item.
    package static func < (lhs: ItemPosition, rhs: ItemPosition) -> Bool {
        (lhs.day, lhs.item) < (rhs.day, rhs.item)
    }

    /// The position of "day `dayNumber`, session `sessionNumber`" (both 1-based, as people count);
    /// `nil` when either is below 1.
    package init?(dayNumber: Int, sessionNumber: Int) {
        guard dayNumber >= 1, sessionNumber >= 1 else { return nil }
        self.init(day: dayNumber - 1, item: sessionNumber - 1)
    }

    /// The study day as people count it: 1 for the first day.
    package var dayNumber: Int { day + 1 }

    /// The session as people count it: 1 for the day's first session. The one session number of
    /// the project: `status`, `run`, file names, stored records, reports, exports and the overview
    /// all say "day 2, session 3" for the third session of the second day.
    package var sessionNumber: Int { item + 1 }

    /// "day 1, item 2" (1-based, for people).
    package var description: String { "day \(dayNumber), item \(sessionNumber)" }
}
