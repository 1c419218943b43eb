/// One LE advertising report from an HCI LE Advertising Report event, with the advertising data
/// fields this package uses.
package struct AdvertisingReport: Equatable, Sendable {
    /// The advertiser's address.
    package var address: BluetoothAddress
    /// 0 public, 1 random.
    package var addressType: UInt8
    /// Advertising event type (0 connectable undirected … 4 scan response).
    package var eventType: UInt8
    /// The complete (0x09) or shortened (0x08) local name, if present.
    package var name: String?
    /// 16-bit service UUIDs listed (AD types 0x02/0x03).
    package var serviceUUIDs: [UInt16]
    /// Signal strength in dBm.
    package var rssi: Int

    /// A report.
    package init(
        address: BluetoothAddress, addressType: UInt8, eventType: UInt8, name: String?, serviceUUIDs: [UInt16], rssi: Int
    ) {
        self.address = address
        self.addressType = addressType
        self.eventType = eventType
        self.name = name
        self.serviceUUIDs = serviceUUIDs
        self.rssi = rssi
    }

    /// Whether this looks like a Muse: name starting with "Muse" or the InteraXon service 0xFE8D.
    package var isMuse: Bool {
        (name?.hasPrefix("Muse") ?? false) || serviceUUIDs.contains(0xFE8D)
    }
}
