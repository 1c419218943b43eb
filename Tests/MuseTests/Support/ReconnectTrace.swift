import DataSources

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
}
