/// A descriptor found by Find Information, e.g. a characteristic's CCCD (0x2902).
package struct GATTDescriptor: Equatable, Sendable {
    /// The descriptor's handle.
    package var handle: UInt16
    /// Its type.
    package var uuid: BluetoothUUID

    /// A descriptor.
    package init(handle: UInt16, uuid: BluetoothUUID) {
        self.handle = handle
        self.uuid = uuid
    }
}
