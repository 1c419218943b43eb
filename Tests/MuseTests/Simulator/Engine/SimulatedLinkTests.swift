import DataSources
import Testing

@testable import Muse

/// The simulated BLE link on an injected clock: notifications leave only at connection events, at
/// most a few per event and in order, on the controller's own clock.
struct SimulatedLinkTests {
    /// A link with 30 ms events (times `speed`, skewed by `skew`), 6 notifications per event.
    static func link(speed: Double = 1, skew: Double = 0, missed: Double = 0) -> SimulatedLink {
        var configuration = SimulatedHeadband.Configuration()
        configuration.speed = speed
        configuration.connectionInterval = 0.030
        configuration.controllerSkew = skew
        configuration.notificationsPerEvent = 6
        configuration.missedEventProbability = missed
        return SimulatedLink(configuration: configuration)
    }

    static func notification(_ number: UInt8) -> QueuedNotification {
        QueuedNotification(kind: .tp9, value: [number])
    }

    @Test func theFirstEventFallsWithinTheFirstInterval() {
        var random = SplitMix64(seed: 7)
        var phases: [UInt64] = []
        for _ in 0..<200 {
            var link = Self.link()
            link.connect(at: 5_000_000_000, random: &random)
            phases.append(link.nextEventAt - 5_000_000_000)
        }
        #expect(phases.allSatisfy { $0 < 30_000_000 })
        // A random phase, not one fixed offset.
        #expect(phases.min()! < 5_000_000 && phases.max()! > 25_000_000)
    }

    @Test func anEventCarriesAtMostSixInOrderAndTheRestGoesOneIntervalLater() {
        var random = SplitMix64(seed: 1)
        var link = Self.link()
        link.connect(at: 1_000_000_000, random: &random)
        let first = link.nextEventAt
        for number in 0..<8 { link.enqueue(Self.notification(UInt8(number))) }
        #expect(link.nextEvent(by: first - 1, random: &random) == nil)
        #expect(link.nextEvent(by: first, random: &random) == 6)
        #expect((0..<6).compactMap { _ in link.dequeue()?.value.first } == [0, 1, 2, 3, 4, 5])
        #expect(link.count == 2)
        // The next event is one interval later; nothing leaves before it.
        #expect(link.nextEventAt == first + 30_000_000)
        #expect(link.nextEvent(by: first + 29_999_999, random: &random) == nil)
        #expect(link.nextEvent(by: first + 30_000_000, random: &random) == 6)
        #expect(link.dequeue()?.value == [6] && link.dequeue()?.value == [7] && link.dequeue() == nil)
    }

    @Test func eventsWithNothingToCarryPassOnTheControllersOwnClock() {
        // 30 ms at speed 2 on a controller clock running 50 % fast: an event every 7.5 ms.
        var random = SplitMix64(seed: 3)
        var link = Self.link(speed: 2, skew: 0.5)
        link.connect(at: 0, random: &random)
        let first = link.nextEventAt
        #expect(link.nextEvent(by: first + 10 * 7_500_000 + 1_000_000, random: &random) == nil)
        // Ten events passed unused; the next stays on the grid instead of starting anew at `now`.
        #expect(link.nextEventAt == first + 11 * 7_500_000)
        link.enqueue(Self.notification(0))
        #expect(link.nextEvent(by: first + 10 * 7_500_000 + 1_000_000, random: &random) == nil)
        #expect(link.nextEvent(by: first + 11 * 7_500_000, random: &random) == 6)
    }

    @Test func aMissedEventCarriesNothingAndWhatWaitsGoesOneIntervalLater() {
        var random = SplitMix64(seed: 5)
        var link = Self.link(missed: 1)
        link.connect(at: 0, random: &random)
        let first = link.nextEventAt
        link.enqueue(Self.notification(0))
        // Three events due by now, every one missed: nothing may leave, nothing is lost.
        var carried: [Int] = []
        while let capacity = link.nextEvent(by: first + 60_000_000, random: &random) { carried.append(capacity) }
        #expect(carried == [0, 0, 0])
        #expect(link.count == 1)
        #expect(link.nextEventAt == first + 90_000_000)
    }

    @Test func aMissedEventNowAndThenAsConfigured() {
        var random = SplitMix64(seed: 11)
        var link = Self.link(missed: 0.25)
        link.connect(at: 0, random: &random)
        link.enqueue(Self.notification(0))
        var missed = 0
        for event in 0..<4000 {
            let capacity = link.nextEvent(by: link.nextEventAt, random: &random)
            #expect(capacity == 0 || capacity == 6, "event \(event)")
            if capacity == 0 { missed += 1 }
        }
        #expect((800...1200).contains(missed), "\(missed) of 4000 missed")
    }
}
