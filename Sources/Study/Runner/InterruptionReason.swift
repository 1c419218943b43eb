import Storage

/// Why a block ended early, as stored: the reason written into a recording's outcome and a trial
/// table is one of these English phrases (stored bytes stay the same in every locale), and
/// ``RuntimeStrings/reason(_:)`` says it in the participant's language on the screen. The phrases
/// themselves are Storage's ``EndReason`` (one source for every layer that ends a recording).
package enum InterruptionReason {
    /// Ctrl-C (the run's task was cancelled).
    package static let participant = EndReason.participant
    /// The source stopped delivering samples during a block.
    package static let deviceStopped = EndReason.deviceStopped
    /// The source never delivered during preparation.
    package static let deviceDidNotStart = EndReason.deviceDidNotStart
    /// The link was lost for longer than the grace period (the quality monitor's word).
    package static let deviceDisconnected = EndReason.deviceDisconnected
    /// The headband reported a low battery (the quality monitor's word).
    package static let batteryLow = EndReason.batteryLow

    /// The stored phrase and its key in the locale tables; other reasons (a storage failure's own
    /// text) are shown as stored.
    static let keys: [String: RuntimeText] = [
        participant: .reasonParticipant, deviceStopped: .reasonDeviceStopped, deviceDidNotStart: .reasonDeviceDidNotStart,
        deviceDisconnected: .reasonDeviceDisconnected, batteryLow: .reasonBatteryLow,
    ]
}
