/// The device conditions a study protocol waits for or reacts to, named as in the reference app so
/// study files written for it read the same.
public enum DeviceState: String, Sendable, Codable, CaseIterable {
    /// Nothing is known about the device yet.
    case unknown
    /// The device was discovered and a connection is being made.
    case found
    /// The device is connected and streaming.
    case connected
    /// The device reports that it sits on the head (electrode contact).
    case onHead
    /// The connection was lost or closed.
    case disconnected
    /// A preparation step was completed.
    case complete
    /// Both frontal electrodes (AF7, AF8) have good signal.
    case goodSignalFront
    /// Both rear electrodes (TP9, TP10) have good signal.
    case goodSignalBack
    /// All electrodes have good signal.
    case goodSignal
    /// The battery is below the device's warning level.
    case batteryLow
}

/// A device condition that became true or false at a given time.
public struct DeviceStateChange: Sendable, Equatable {
    /// The condition that changed.
    public var state: DeviceState
    /// Whether the condition now holds.
    public var value: Bool
    /// When the change was observed, in seconds since the Unix epoch.
    public var time: Double

    /// Creates a state change.
    public init(state: DeviceState, value: Bool, time: Double) {
        self.state = state
        self.value = value
        self.time = time
    }
}
