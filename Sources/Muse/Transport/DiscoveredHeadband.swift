/// A headband seen while scanning: what `study-recorder devices` lists.
public struct DiscoveredHeadband: Equatable, Sendable {
    /// The advertised name, e.g. `Muse-1324` (empty if only the service was advertised).
    public var name: String
    /// Its address, to pass as `--device`.
    public var address: BluetoothAddress
    /// Signal strength of the latest advertisement, in dBm.
    public var rssi: Int
    /// The model, as far as the advertisement shows it (mostly unknown until connected).
    public var model: AdvertisedModel

    /// A discovered headband; `model` defaults to what `name` shows.
    public init(name: String, address: BluetoothAddress, rssi: Int, model: AdvertisedModel? = nil) {
        self.name = name
        self.address = address
        self.rssi = rssi
        self.model = model ?? AdvertisedModel(name: name)
    }
}
