/// Where one Muse characteristic sits in the simulated GATT table.
package struct SimulatedCharacteristic: Equatable, Sendable {
    /// Which characteristic.
    package var kind: MuseCharacteristic
    /// Its declaration handle.
    package var declarationHandle: UInt16
    /// Its value handle.
    package var valueHandle: UInt16
    /// Its CCCD handle.
    package var cccdHandle: UInt16

    /// A placement.
    package init(kind: MuseCharacteristic, declarationHandle: UInt16, valueHandle: UInt16, cccdHandle: UInt16) {
        self.kind = kind
        self.declarationHandle = declarationHandle
        self.valueHandle = valueHandle
        self.cccdHandle = cccdHandle
    }
}
