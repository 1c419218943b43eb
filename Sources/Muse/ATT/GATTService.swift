/// A primary service found by discovery: its handle range and UUID.
public struct GATTService: Equatable, Sendable {
    /// The service declaration's handle.
    public var start: UInt16
    /// The last handle belonging to the service.
    public var end: UInt16
    /// The service UUID (0xFE8D for the Muse).
    public var uuid: BluetoothUUID

    /// A service.
    public init(start: UInt16, end: UInt16, uuid: BluetoothUUID) {
        self.start = start
        self.end = end
        self.uuid = uuid
    }
}
