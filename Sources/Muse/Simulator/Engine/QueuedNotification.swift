/// A data notification the simulated headband made, waiting in the ``SimulatedLink`` for a connection
/// event, with what the ``SimulatorLog`` records about it when it leaves.
struct QueuedNotification {
    /// The characteristic it is sent on.
    var kind: MuseCharacteristic
    /// Its value.
    var value: [UInt8]
    /// The EEG packet it carries, logged in ``SimulatorLog/sentEEG`` with the moment it left.
    var eegPacket: SimulatedEEGPacket? = nil
    /// The number of the Athena data notification it is, logged in ``SimulatorLog/sentAthena``;
    /// `nil` for an injected corrupt copy.
    var athenaNumber: Int? = nil
}
