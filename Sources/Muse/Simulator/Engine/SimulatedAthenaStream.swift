import DataSources
import Synchronization

/// What a Muse S Athena streams: its multiplexed data notifications, generated for its preset or a
/// capture replayed (``AthenaFeed``), numbered from 0 per connection, with the configuration's faults:
/// lost and swapped notifications, garbage, and a copy that claims to be 30 s later.
struct SimulatedAthenaStream {
    private let headband: SimulatedHeadband
    private let configuration: SimulatedHeadband.Configuration
    /// What it streams, once started.
    private var feed: AthenaFeed?
    /// The next notification: seconds of signal time after the start, and its bytes.
    private var next: (due: Double, payload: [UInt8])?
    /// Notifications taken so far on this connection, i.e. the next one's number (the disconnect and
    /// hang faults count them).
    private(set) var taken = 0
    /// A swapped notification, held until the next one is sent.
    private var held: (number: Int, payload: [UInt8])?

    /// The stream of `headband`.
    init(headband: SimulatedHeadband) {
        self.headband = headband
        configuration = headband.configuration
    }

    /// Starts a connection: nothing streams yet, and numbering starts at 0.
    mutating func connect() {
        feed = nil
        next = nil
        taken = 0
        held = nil
    }

    /// Starts streaming at `preset` (without the "p"): the capture replayed, else packets generated
    /// for the preset's channels with the battery level of now.
    mutating func start(preset: String) {
        if let lines = configuration.athenaReplay {
            feed = .replay(lines.filter(\.isAthenaData), next: 0)
        } else {
            let layout = (try? AthenaPreset(parsing: preset)) ?? .standard
            let battery = headband.shared.withLock { $0.batteryPercent }
            feed = .generated(
                AthenaPacketGenerator(
                    eegChannels: layout.expectedEEGChannels, opticsChannels: layout.expectedOpticsChannels, batteryPercent: battery,
                    signal: headband.signal))
        }
        next = feed?.next()
    }

    /// Seconds of signal time after the start at which the next notification is due; nil when a
    /// replay has ended.
    var nextDue: Double? { next?.due }

    /// The notifications due by `now` on `clock`, in the order they are sent: leaving out the dropped
    /// ones, sending a swapped one after its successor, replacing a
    /// ``SimulatedHeadband/Configuration/garbageFraction`` of them by random bytes, and after each one
    /// numbered in ``SimulatedHeadband/Configuration/corruptCounterAfter`` a copy that claims to be
    /// 30 s later (``AthenaCorruption/farAhead(_:seconds:)``).
    mutating func due(by now: UInt64, clock: SimulatedSampleClock, random: inout SplitMix64) -> [QueuedNotification] {
        var notifications: [QueuedNotification] = []
        while let item = next, clock.due(seconds: item.due) <= now {
            let number = taken
            taken += 1
            next = feed?.next()
            if configuration.droppedNotifications.contains(number) { continue }
            var payload = item.payload
            if configuration.garbageFraction > 0, random.uniform() < configuration.garbageFraction {
                payload = payload.map { _ in UInt8(truncatingIfNeeded: random.next()) }
            }
            if configuration.swappedNotifications.contains(number), held == nil {
                held = (number, payload)
                continue
            }
            notifications.append(QueuedNotification(kind: .athena, value: payload, athenaNumber: number))
            if let held {
                self.held = nil
                notifications.append(QueuedNotification(kind: .athena, value: held.payload, athenaNumber: held.number))
            }
            if number <= Int(UInt16.max), configuration.corruptCounterAfter.contains(UInt16(number)) {
                notifications.append(QueuedNotification(kind: .athena, value: AthenaCorruption.farAhead(item.payload, seconds: 30)))
            }
        }
        return notifications
    }
}
