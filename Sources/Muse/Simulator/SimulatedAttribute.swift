/// One attribute of the simulated GATT table: handle, type and value.
package struct SimulatedAttribute: Equatable, Sendable {
    /// Its handle.
    package var handle: UInt16
    /// Its type (0x2800 service, 0x2803 characteristic declaration, 0x2902 CCCD, or a value UUID).
    package var type: BluetoothUUID
    /// Its value as sent in responses.
    package var value: [UInt8]

    /// An attribute.
    package init(handle: UInt16, type: BluetoothUUID, value: [UInt8]) {
        self.handle = handle
        self.type = type
        self.value = value
    }
}
