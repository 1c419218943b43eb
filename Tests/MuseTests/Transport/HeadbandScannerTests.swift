import Glibc
import Testing

@testable import Muse

struct HeadbandScannerTests {
    @Test(.enabled(if: !kernelHasBluetooth(), "a kernel with Bluetooth would really scan"))
    func scanningWithoutKernelBluetoothGivesTheNoBluetoothLine() async throws {
        await #expect(throws: TransportError.bluetoothUnavailable(errno: EAFNOSUPPORT)) {
            _ = try await HeadbandScanner(duration: 0.5).scan()
        }
        #expect(TransportError.scanPermissionDenied(errno: EPERM).description.contains("CAP_NET_ADMIN"))
        #expect(TransportError.scanPermissionDenied(errno: EPERM).description.contains("root"))
    }

    /// An LE Advertising Report event as the kernel delivers it on an HCI socket.
    static func event(reports: [[UInt8]]) -> [UInt8] {
        let body: [UInt8] = [0x02, UInt8(reports.count)] + reports.flatMap { $0 }
        return [0x04, 0x3E, UInt8(body.count)] + body
    }

    static func report(eventType: UInt8 = 0, addressType: UInt8 = 0, address: [UInt8], data: [UInt8], rssi: Int8) -> [UInt8] {
        [eventType, addressType] + address.reversed() + [UInt8(data.count)] + data + [UInt8(bitPattern: rssi)]
    }

    @Test func parsesNameAddressRSSIAndServices() throws {
        let name = Array("Muse-1324".utf8)
        let data: [UInt8] = [0x02, 0x01, 0x06, UInt8(name.count + 1), 0x09] + name + [0x03, 0x03, 0x8D, 0xFE]
        let other: [UInt8] = [0x05, 0x08] + Array("Tile".utf8)
        let bytes = Self.event(reports: [
            Self.report(address: [0x00, 0x55, 0xDA, 0xB0, 0x13, 0x24], data: data, rssi: -61),
            Self.report(eventType: 4, addressType: 1, address: [0xC0, 0x01, 0x02, 0x03, 0x04, 0x05], data: other, rssi: -90),
        ])
        let reports = AdvertisingReportParser.parse(event: bytes)
        #expect(reports.count == 2)
        #expect(reports[0].address.description == "00:55:DA:B0:13:24")
        #expect(reports[0].name == "Muse-1324")
        #expect(reports[0].rssi == -61)
        #expect(reports[0].serviceUUIDs == [0xFE8D])
        #expect(reports[0].isMuse)
        #expect(reports[1].name == "Tile" && reports[1].addressType == 1 && reports[1].eventType == 4 && reports[1].rssi == -90)
        #expect(!reports[1].isMuse)
        // A nameless advertisement of service 0xFE8D is a Muse too.
        let serviceOnly = AdvertisingReportParser.parse(
            event: Self.event(reports: [
                Self.report(address: [1, 2, 3, 4, 5, 6], data: [0x03, 0x02, 0x8D, 0xFE], rssi: -70)
            ]))
        #expect(serviceOnly.first?.isMuse == true && serviceOnly.first?.name == nil)
    }

    @Test func truncatedOrForeignEventsYieldNoReportsAndNeverTrap() {
        let name = Array("Muse".utf8)
        let full = Self.event(reports: [Self.report(address: [1, 2, 3, 4, 5, 6], data: [5, 0x09] + name, rssi: -50)])
        #expect(AdvertisingReportParser.parse(event: full).count == 1)
        for cut in 0..<full.count {
            #expect(AdvertisingReportParser.parse(event: Array(full[0..<cut])).isEmpty)
        }
        #expect(AdvertisingReportParser.parse(event: [0x04, 0x0E, 0x04, 0x01, 0x0C, 0x20, 0x00]).isEmpty)
        // A field length running past the data stops the field scan.
        #expect(AdvertisingReportParser.advertisingFields([0x09, 0x09, 0x41]).name == nil)
    }
}
