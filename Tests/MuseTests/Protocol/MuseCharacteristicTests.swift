import Testing

@testable import Muse

struct MuseCharacteristicTests {
    @Test func uuidsFollowThePattern() {
        let expected: [(MuseCharacteristic, String)] = [
            (.control, "0001"), (.tp9, "0003"), (.af7, "0004"), (.af8, "0005"), (.tp10, "0006"),
            (.rightAux, "0007"), (.gyroscope, "0009"), (.accelerometer, "000a"), (.telemetry, "000b"),
            (.ppg1, "000f"), (.ppg2, "0010"), (.ppg3, "0011"), (.athena, "0013"), (.athenaSecondary, "0014"),
        ]
        #expect(expected.count == MuseCharacteristic.allCases.count)
        for (characteristic, suffix) in expected {
            #expect(characteristic.uuidString == "273e\(suffix)-4c4d-454d-96be-f03bac821358")
        }
        #expect(MuseCharacteristic.serviceUUIDString == "0000fe8d-0000-1000-8000-00805f9b34fb")
    }

    @Test func lookupByUUIDIgnoresCase() {
        #expect(MuseCharacteristic(uuidString: "273E000A-4C4D-454D-96BE-F03BAC821358") == .accelerometer)
        #expect(MuseCharacteristic(uuidString: "273e0002-4c4d-454d-96be-f03bac821358") == nil)
        #expect(MuseCharacteristic(uuidString: "garbage") == nil)
    }

    @Test func eegSlotsAreInChannelOrder() {
        #expect(MuseCharacteristic.eegChannels.map(\.eegSlot) == [0, 1, 2, 3, 4])
        #expect(MuseCharacteristic.telemetry.eegSlot == nil)
    }
}
