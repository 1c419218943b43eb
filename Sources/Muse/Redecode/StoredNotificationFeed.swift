import DataSources
import Synchronization

/// A recording's stored notifications (``DataSources/DeviceNotifications``) handed to a
/// ``MuseStreamSession`` one by one, as its link would have delivered them: the session decodes
/// them with today's decoders (``MuseRedecoding``). Reading an entry moves the feed's clock
/// (``StoredNotificationClock``) to the entry's receive time, so everything the session reads off
/// its clock (deadlines, silence, the recording clock) is the stored moment, not the host's now.
///
/// Entries on a channel that is not a characteristic are the session's own notes
/// (``MuseStreamSession/timerChannel``, ``MuseStreamSession/linkChannel``): the moment the block
/// assembler's timer released blocks, and the link closing or falling silent; they become the
/// same inputs the live session had.
package final class StoredNotificationFeed: Sendable {
    /// One stored entry.
    struct Entry: Sendable {
        var receiveClock: Int64
        var channel: String
        var bytes: [UInt8]
    }

    let entries: [Entry]
    /// The receive clock's scale (``DataSources/DeviceNotifications/receiveClockScale``).
    let scale: Double
    /// Where the recording clock starts: before the first entry the clock reads this.
    let anchor: ClockAnchor
    /// The entries before this index were stored as the prologue of a recording that joined a
    /// running source; samples decoded while reading them are not the recording's.
    let prologueEntries: Int

    private struct State {
        var next = 0
        var monotonic: Double
    }

    private let state: Mutex<State>

    init(_ stored: DeviceNotifications, anchor: ClockAnchor, prologueEntries: Int) {
        entries = stored.entries.map { Entry(receiveClock: $0.receiveClock, channel: $0.channel, bytes: Array($0.bytes)) }
        scale = stored.receiveClockScale > 0 && stored.receiveClockScale.isFinite ? stored.receiveClockScale : 1
        self.anchor = anchor
        self.prologueEntries = prologueEntries
        state = Mutex(State(monotonic: anchor.monotonic))
    }

    /// The next entry, moving the clock to it; `nil` at the end.
    func next() -> Entry? {
        state.withLock { s -> Entry? in
            guard s.next < entries.count else { return nil }
            let e = entries[s.next]
            s.next += 1
            s.monotonic = Double(e.receiveClock) / 1e9 / scale
            return e
        }
    }

    /// Whether every entry has been read.
    var isExhausted: Bool { state.withLock { $0.next >= entries.count } }

    /// How many entries have been read.
    var position: Int { state.withLock { $0.next } }

    /// The clock's monotonic seconds now (the last entry read).
    var monotonicNow: Double { state.withLock { $0.monotonic } }

    /// The channel names of the stored entries.
    var channelNames: Set<String> { Set(entries.map(\.channel)) }
}

/// The clock of a redecoding: it reads the receive time of the stored entry being decoded
/// (``StoredNotificationFeed``) and never waits. Its wall clock reads the stored anchor's, so a
/// ``DataSources/DataController`` started on it takes the recording's own clock anchor.
struct StoredNotificationClock: HostClock {
    let feed: StoredNotificationFeed

    func monotonicNow() -> Double { feed.monotonicNow }
    func wallNow() -> Double { feed.anchor.utc + (feed.monotonicNow - feed.anchor.monotonic) }
    func sleep(untilMonotonic deadline: Double) async throws { try Task.checkCancellation() }
}
