/// Decides which battery readings are news: a headband reports its level about once a second, but a
/// recording stores, and a terminal shows, the battery as data only when it says something new — the
/// first reading, a change of at least ``minimumChange`` per cent since the last one passed, or a
/// crossing of ``DeviceState/batteryWarningLevel`` either way. One rule for the recording's events
/// and every live display.
package struct BatteryChangeFilter: Sendable, Equatable {
    /// The change in per cent that is news (1).
    package static let minimumChange = 1.0
    /// The last level passed on (`nil` before the first reading).
    package private(set) var reported: Double?

    /// A filter that has passed nothing yet.
    package init() {}

    /// Takes a reading; returns whether it is news (and remembers it as the last one passed).
    package mutating func take(_ level: Double) -> Bool {
        guard level.isFinite else { return false }
        if let last = reported, abs(level - last) < Self.minimumChange, DeviceState.isBatteryLow(level) == DeviceState.isBatteryLow(last) {
            return false
        }
        reported = level
        return true
    }
}
