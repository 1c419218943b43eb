/// One entry of a Find Information Response: a handle and its attribute type.
public struct ATTHandleType: Equatable, Sendable {
    /// The attribute's handle.
    public var handle: UInt16
    /// Its type, e.g. 0x2902 for a CCCD.
    public var type: BluetoothUUID

    /// An entry.
    public init(handle: UInt16, type: BluetoothUUID) {
        self.handle = handle
        self.type = type
    }
}
