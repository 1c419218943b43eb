public import DataSources
public import Processing

/// What a preparation step waits for: a device condition (connected, on the head) or a condition
/// derived from the signal (good signal front, back, all). Spelled in study files as in the
/// reference app (`"waitFor": "goodSignalFront"`).
package enum PreparationGate: String, Sendable, Hashable, Codable, CaseIterable {
    /// The headband is connected and streaming.
    case connected
    /// The headband sits on the head.
    case onHead
    /// The frontal electrodes latched good signal.
    case goodSignalFront
    /// The rear electrodes latched good signal.
    case goodSignalBack
    /// Every active electrode latched good signal.
    case goodSignal

    /// The device condition this gate waits for, if it is one.
    package var deviceState: DeviceState? {
        switch self {
        case .connected: .connected
        case .onHead: .onHead
        default: nil
        }
    }

    /// The signal condition this gate waits for, if it is one.
    package var signalCondition: SignalCondition? { SignalCondition(rawValue: rawValue) }
}
