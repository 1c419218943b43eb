/// A primary service found by discovery: its handle range and UUID.
package struct GATTService: Equatable, Sendable {
    /// The service declaration's handle.
    package var start: UInt16
    /// The last handle belonging to the service.
    package var end: UInt16
    /// The service UUID (0xFE8D for the Muse).
    package var uuid: BluetoothUUID

    /// A service.
    package init(start: UInt16, end: UInt16, uuid: BluetoothUUID) {
        self.start = start
        self.end = end
        self.uuid = uuid
    }
}
