/// One entry of a Find Information Response: a handle and its attribute type.
package struct ATTHandleType: Equatable, Sendable {
    /// The attribute's handle.
    package var handle: UInt16
    /// Its type, e.g. 0x2902 for a CCCD.
    package var type: BluetoothUUID

    /// An entry.
    package init(handle: UInt16, type: BluetoothUUID) {
        self.handle = handle
        self.type = type
    }
}
