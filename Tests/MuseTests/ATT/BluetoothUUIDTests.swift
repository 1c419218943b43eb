import Testing

@testable import Muse

struct BluetoothUUIDTests {
    @Test func museCharacteristicHasReferenceWireForm() throws {
        let uuid = try #require(BluetoothUUID("273e0003-4c4d-454d-96be-f03bac821358"))
        #expect(uuid.wire == [0x58, 0x13, 0x82, 0xAC, 0x3B, 0xF0, 0xBE, 0x96, 0x4D, 0x45, 0x4D, 0x4C, 0x03, 0x00, 0x3E, 0x27])
        #expect(BluetoothUUID(wire: uuid.wire) == uuid)
        #expect(uuid.description == "273e0003-4c4d-454d-96be-f03bac821358")
        #expect(uuid.shortValue == nil)
        #expect(MuseCharacteristic.tp9.uuid == uuid)
    }

    @Test func shortFormExpandsWithBaseUUID() throws {
        let muse = BluetoothUUID(0xFE8D)
        #expect(muse.description == "0000fe8d-0000-1000-8000-00805f9b34fb")
        #expect(muse.wire == [0x8D, 0xFE])
        #expect(muse.wire128.count == 16)
        #expect(BluetoothUUID(wire: muse.wire128) == muse)
        #expect(BluetoothUUID("0000FE8D-0000-1000-8000-00805F9B34FB") == muse)
        #expect(BluetoothUUID("2902") == .clientCharacteristicConfiguration)
        #expect(muse.shortValue == 0xFE8D)
    }

    @Test func rejectsMalformedText() {
        for text in [
            "", "273e0003", "273e0003-4c4d-454d-96be-f03bac82135", "273e0003-4c4d-454d-96be-f03bac82135g",
            "273e00034-c4d-454d-96be-f03bac821358", "xyz1",
        ] {
            #expect(BluetoothUUID(text) == nil, "\(text)")
        }
        #expect(BluetoothUUID(wire: [0x01, 0x02, 0x03]) == nil)
    }
}
