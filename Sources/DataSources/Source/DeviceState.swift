/// The device conditions a study protocol waits for or reacts to, named as in the reference app so
/// study files written for it read the same. Conditions derived from the signal's quality (good
/// signal front or back) are not device conditions; they live with processing.
public enum DeviceState: String, Sendable, Codable, CaseIterable {
    /// Nothing is known about the device yet.
    case unknown
    /// The device was discovered and a connection is being made.
    case found
    /// The device is connected and streaming.
    case connected
    /// The device sits on the head (for the Muse: judged from the signal, which is not railed).
    case onHead
    /// The connection was lost or closed.
    case disconnected
    /// The connection was lost and made again; the recording continues after a gap.
    case reconnected
    /// A preparation step was completed.
    case complete
    /// The battery is below the device's warning level (``batteryWarningLevel``).
    case batteryLow

    /// The battery level, in per cent, below which ``batteryLow`` holds: one number for the sources
    /// that report the condition, the recording that notes it and the runner that warns about it.
    public static let batteryWarningLevel = 20.0

    /// Whether a battery `level` (per cent) is below the warning level.
    public static func isBatteryLow(_ level: Double) -> Bool { level < batteryWarningLevel }
}

/// A device condition that became true or false at a given time.
public struct DeviceStateChange: Sendable, Equatable {
    /// The condition that changed.
    public var state: DeviceState
    /// Whether the condition now holds.
    public var value: Bool
    /// When the change was observed, on the recording clock (seconds since the Unix epoch).
    public var time: Double

    /// Creates a state change.
    public init(state: DeviceState, value: Bool, time: Double) {
        self.state = state
        self.value = value
        self.time = time
    }
}
