/// One attribute of the simulated GATT table: handle, type and value.
public struct SimulatedAttribute: Equatable, Sendable {
    /// Its handle.
    public var handle: UInt16
    /// Its type (0x2800 service, 0x2803 characteristic declaration, 0x2902 CCCD, or a value UUID).
    public var type: BluetoothUUID
    /// Its value as sent in responses.
    public var value: [UInt8]

    /// An attribute.
    public init(handle: UInt16, type: BluetoothUUID, value: [UInt8]) {
        self.handle = handle
        self.type = type
        self.value = value
    }
}
