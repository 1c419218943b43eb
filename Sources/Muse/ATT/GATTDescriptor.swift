/// A descriptor found by Find Information, e.g. a characteristic's CCCD (0x2902).
public struct GATTDescriptor: Equatable, Sendable {
    /// The descriptor's handle.
    public var handle: UInt16
    /// Its type.
    public var uuid: BluetoothUUID

    /// A descriptor.
    public init(handle: UInt16, uuid: BluetoothUUID) {
        self.handle = handle
        self.uuid = uuid
    }
}
