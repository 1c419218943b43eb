import DataSources
import Muse
import TestSupport
import Testing

/// What a reconnect test watches: the device states in order and every EEG sample index delivered,
/// collected from a started controller until it reported `reconnected` and delivered `rows` rows.
struct ReconnectTrace {
    var states: [(DeviceState, Bool)] = []
    var indices: [Int64] = []

    /// Collects from `events` (subscribed before the controller started), then stops the controller.
    static func collect(_ events: EventSubscription, controller: DataController, rows: Int) async -> ReconnectTrace {
        var trace = ReconnectTrace()
        for await event in events {
            switch event {
            case .samples(let b) where b.stream == "eeg": trace.indices += Array(b.firstIndex..<b.endIndex)
            case .state(let change): trace.states.append((change.state, change.value))
            default: break
            }
            if trace.states.contains(where: { $0 == (.reconnected, true) }) && trace.indices.count >= rows { break }
        }
        await controller.stop()
        return trace
    }

    /// Records from a simulated headband configured as `simulated` (its speed is the source's time
    /// scale) through the real ``MuseSource`` until it reconnected and delivered `rows` rows; the
    /// trace and the simulator's log. Requires that the link was lost and came back, in that order.
    static func record(_ simulated: SimulatedHeadband.Configuration, rows: Int) async throws -> (trace: ReconnectTrace, log: SimulatorLog) {
        let sockets = try ShortSocketDirectory()
        let headband = SimulatedHeadband(path: sockets.socket(), configuration: simulated)
        try headband.start()
        defer { headband.stop() }
        let source = MuseSource(configuration: .init(device: .unixSocket(path: headband.path), timeScale: simulated.speed))
        let controller = DataController(source: source)
        let events = await controller.events()
        try await controller.start()
        let trace = await collect(events, controller: controller, rows: rows)
        let disconnected = try #require(trace.states.firstIndex { $0 == (.disconnected, true) })
        let reconnected = try #require(trace.states.firstIndex { $0 == (.reconnected, true) })
        #expect(disconnected < reconnected)
        return (trace, headband.log)
    }
}
