import DataSources

/// The BLE link as the headband's controller runs it: data notifications wait, in order, for the next
/// connection event, every ``SimulatedHeadband/Configuration/connectionInterval`` on the controller's
/// own clock (which runs ``SimulatedHeadband/Configuration/controllerSkew`` off the sample clock); an
/// event carries at most ``SimulatedHeadband/Configuration/notificationsPerEvent`` of them, and one is
/// missed now and then (``SimulatedHeadband/Configuration/missedEventProbability``, a retransmission),
/// so what waits goes one interval later. The host thus sees packets a varying, one-sided time after
/// their last sample, in bursts, which is what the recorder's clock fit must undo.
///
/// Moments are CLOCK_MONOTONIC nanoseconds passed in (`now`), so the link reads no clock itself.
struct SimulatedLink {
    /// Nanoseconds between connection events.
    private let period: Double
    private let notificationsPerEvent: Int
    private let missedEventProbability: Double
    /// What waits for a connection event, oldest first.
    private var waiting: [QueuedNotification] = []
    /// The next connection event, counted from ``eventOrigin``.
    private var event: Int64 = 0
    /// When this connection's first event fell.
    private var eventOrigin: UInt64 = 0

    /// A link paced as `configuration` says.
    init(configuration: SimulatedHeadband.Configuration) {
        period = max(configuration.connectionInterval, 0.000_5) * 1e9 / configuration.speed * (1 - configuration.controllerSkew)
        notificationsPerEvent = max(1, configuration.notificationsPerEvent)
        missedEventProbability = configuration.missedEventProbability
    }

    /// Starts a connection at `now`: nothing waits, and the first event falls at a random phase within
    /// the first interval.
    mutating func connect(at now: UInt64, random: inout SplitMix64) {
        waiting = []
        eventOrigin = now + UInt64(random.uniform() * period)
        event = 0
    }

    /// When the next connection event falls.
    var nextEventAt: UInt64 { eventOrigin + UInt64(Double(event) * period) }

    /// How many notifications wait.
    var count: Int { waiting.count }

    /// Queues `notification` for the next connection events.
    mutating func enqueue(_ notification: QueuedNotification) {
        waiting.append(notification)
    }

    /// The next connection event due by `now`, passed: how many notifications it carries (0 when it is
    /// missed), or nil when none is due. Events while nothing waits pass without a trace, on the
    /// controller's own clock.
    mutating func nextEvent(by now: UInt64, random: inout SplitMix64) -> Int? {
        while nextEventAt <= now {
            guard !waiting.isEmpty else {
                // Nothing waits: skip to the first event after now (events go on on their own clock).
                event += 1 + Int64(Double(now - nextEventAt) / period)
                continue
            }
            event += 1
            return random.uniform() < missedEventProbability ? 0 : notificationsPerEvent
        }
        return nil
    }

    /// The notification that has waited longest, taken off the link to be sent.
    mutating func dequeue() -> QueuedNotification? {
        waiting.isEmpty ? nil : waiting.removeFirst()
    }
}
