/// A headband seen while scanning: what `study-recorder devices` lists.
public struct DiscoveredHeadband: Equatable, Sendable {
    /// The advertised name, e.g. `Muse-1324` (empty if only the service was advertised).
    public var name: String
    /// Its address, to pass as `--device`.
    public var address: BluetoothAddress
    /// Signal strength of the latest advertisement, in dBm.
    public var rssi: Int

    /// A discovered headband.
    public init(name: String, address: BluetoothAddress, rssi: Int) {
        self.name = name
        self.address = address
        self.rssi = rssi
    }
}
