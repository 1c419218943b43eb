import Testing

@testable import Muse

/// What `devices` says of a headband's model from its advertisement alone: a `MuseS…` name is a
/// Muse S (Athena or not is unknown until connected); anything else is unknown until connected.
struct AdvertisedModelTests {
    @Test func aMuseSNameIsAMuseSOfUnknownGeneration() {
        #expect(AdvertisedModel(name: "MuseS-3A2B", serviceUUIDs: [0xFE8D]) == .museS)
        #expect(AdvertisedModel(name: "MuseS-0F1C") == .museS)
        #expect(AdvertisedModel.museS.rawValue.contains("unknown until connected"))
    }

    @Test func otherNamesAndNoNameAreUnknownUntilConnected() {
        // Muse 2016, Muse 2 and (seen) a Muse S gen 1 all advertise Muse-XXXX.
        #expect(AdvertisedModel(name: "Muse-1324", serviceUUIDs: [0xFE8D]) == .unknown)
        #expect(AdvertisedModel(name: nil, serviceUUIDs: [0xFE8D]) == .unknown)
        #expect(AdvertisedModel(name: "", serviceUUIDs: []) == .unknown)
        #expect(AdvertisedModel(name: "Muses", serviceUUIDs: []) == .unknown)
        #expect(AdvertisedModel.unknown.rawValue == "unknown until connected")
    }

    /// The scanner's parsed reports carry the model the name shows.
    @Test func aDiscoveredHeadbandTakesTheModelFromItsName() throws {
        let address = try #require(BluetoothAddress("00:55:DA:B9:FB:2C"))
        #expect(DiscoveredHeadband(name: "MuseS-FB2C", address: address, rssi: -60).model == .museS)
        #expect(DiscoveredHeadband(name: "Muse-FB2C", address: address, rssi: -60).model == .unknown)
    }
}
