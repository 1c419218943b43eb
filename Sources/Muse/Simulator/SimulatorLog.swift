/// What the simulated headband did and received, for tests to assert on.
public struct SimulatorLog: Equatable, Sendable {
    /// Connections accepted so far.
    public var connections = 0
    /// Every PDU received from clients, in order.
    public var received: [[UInt8]] = []
    /// Control commands received (without length byte and newline).
    public var commands: [String] = []
    /// EEG packets sent, in send order.
    public var sentEEG: [SimulatedEEGPacket] = []
    /// Muse S Athena data notifications sent, in send order (injected corrupt ones not included).
    public var sentAthena: [SimulatedAthenaNotification] = []
    /// EEG packets dropped by a fault.
    public var droppedEEG: [SimulatedEEGPacket] = []
    /// Notifications sent per characteristic (all kinds, control included).
    public var sentCounts: [MuseCharacteristic: Int] = [:]
    /// Characteristics the current client subscribed to.
    public var subscribed: Set<MuseCharacteristic> = []
    /// Whether data is streaming (after `d`, until `h`).
    public var streaming = false
    /// The current preset, without the "p".
    public var preset = ""

    /// An empty log.
    public init() {}
}
