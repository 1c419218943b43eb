/// A characteristic found by discovery: where its declaration and value are, what it can do, and the
/// last handle that can hold its descriptors.
package struct GATTCharacteristic: Equatable, Sendable {
    /// The characteristic declaration's handle.
    package var declarationHandle: UInt16
    /// What the characteristic supports (notify, write…).
    package var properties: GATTCharacteristicProperties
    /// The value's handle: notifications carry it, writes go to it.
    package var valueHandle: UInt16
    /// The characteristic UUID.
    package var uuid: BluetoothUUID
    /// The last handle of the characteristic (next declaration − 1, or the service end): its
    /// descriptors, such as the CCCD, lie in `valueHandle + 1 ... endHandle`.
    package var endHandle: UInt16

    /// A characteristic.
    package init(
        declarationHandle: UInt16, properties: GATTCharacteristicProperties, valueHandle: UInt16,
        uuid: BluetoothUUID, endHandle: UInt16
    ) {
        self.declarationHandle = declarationHandle
        self.properties = properties
        self.valueHandle = valueHandle
        self.uuid = uuid
        self.endHandle = endHandle
    }
}
