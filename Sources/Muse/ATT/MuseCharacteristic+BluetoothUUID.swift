/// The Muse characteristics as Bluetooth UUIDs, for the ATT client and the simulated headband (the
/// protocol layer names them by string so it stays free of Bluetooth types).
extension MuseCharacteristic {
    /// The InteraXon service, 0xFE8D.
    package static let service = BluetoothUUID(0xFE8D)

    /// The full UUID.
    package var uuid: BluetoothUUID {
        var bytes: [UInt8] = [0x27, 0x3E, UInt8(rawValue >> 8), UInt8(rawValue & 0xFF)]
        bytes += [0x4C, 0x4D, 0x45, 0x4D, 0x96, 0xBE, 0xF0, 0x3B, 0xAC, 0x82, 0x13, 0x58]
        return BluetoothUUID(canonicalBytes: bytes) ?? BluetoothUUID(rawValue)
    }

    /// The characteristic with `uuid`, if it is one of these.
    package init?(uuid: BluetoothUUID) {
        guard let match = Self.allCases.first(where: { $0.uuid == uuid }) else { return nil }
        self = match
    }

    /// The EEG channel index (0 TP9 … 4 right AUX), `nil` for other characteristics.
    package var eegChannel: Int? { eegSlot }
}
