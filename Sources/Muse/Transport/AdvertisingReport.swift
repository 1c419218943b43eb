/// One LE advertising report from an HCI LE Advertising Report event, with the advertising data
/// fields this package uses.
public struct AdvertisingReport: Equatable, Sendable {
    /// The advertiser's address.
    public var address: BluetoothAddress
    /// 0 public, 1 random.
    public var addressType: UInt8
    /// Advertising event type (0 connectable undirected … 4 scan response).
    public var eventType: UInt8
    /// The complete (0x09) or shortened (0x08) local name, if present.
    public var name: String?
    /// 16-bit service UUIDs listed (AD types 0x02/0x03).
    public var serviceUUIDs: [UInt16]
    /// Signal strength in dBm.
    public var rssi: Int

    /// A report.
    public init(
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
    public var isMuse: Bool {
        (name?.hasPrefix("Muse") ?? false) || serviceUUIDs.contains(0xFE8D)
    }
}
