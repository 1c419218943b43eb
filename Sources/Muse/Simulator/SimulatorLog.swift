/// What the simulated headband did and received, for tests to assert on.
package struct SimulatorLog: Equatable, Sendable {
    /// Connections accepted so far.
    package var connections = 0
    /// Every PDU received from clients, in order.
    package var received: [[UInt8]] = []
    /// Control commands received (without length byte and newline).
    package var commands: [String] = []
    /// EEG packets sent, in send order.
    package var sentEEG: [SimulatedEEGPacket] = []
    /// Muse S Athena data notifications sent, in send order (injected corrupt ones not included).
    package var sentAthena: [SimulatedAthenaNotification] = []
    /// EEG packets dropped by a fault.
    package var droppedEEG: [SimulatedEEGPacket] = []
    /// Notifications sent per characteristic (all kinds, control included).
    package var sentCounts: [MuseCharacteristic: Int] = [:]
    /// Characteristics the current client subscribed to.
    package var subscribed: Set<MuseCharacteristic> = []
    /// Whether data is streaming (after `d`, until `h`).
    package var streaming = false
    /// The current preset, without the "p".
    package var preset = ""

    /// An empty log.
    package init() {}
}
