/// Where one Muse characteristic sits in the simulated GATT table.
public struct SimulatedCharacteristic: Equatable, Sendable {
    /// Which characteristic.
    public var kind: MuseCharacteristic
    /// Its declaration handle.
    public var declarationHandle: UInt16
    /// Its value handle.
    public var valueHandle: UInt16
    /// Its CCCD handle.
    public var cccdHandle: UInt16

    /// A placement.
    public init(kind: MuseCharacteristic, declarationHandle: UInt16, valueHandle: UInt16, cccdHandle: UInt16) {
        self.kind = kind
        self.declarationHandle = declarationHandle
        self.valueHandle = valueHandle
        self.cccdHandle = cccdHandle
    }
}
