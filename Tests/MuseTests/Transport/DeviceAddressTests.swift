import Testing

@testable import Muse

struct DeviceAddressTests {
    @Test func parsesTheThreeForms() throws {
        let address = try DeviceAddress(parsing: "00:55:da:B0:13:24")
        guard case .bluetooth(let bluetooth) = address else {
            Issue.record("not an address: \(address)")
            return
        }
        #expect(bluetooth.description == "00:55:DA:B0:13:24")
        #expect(bluetooth.littleEndianBytes == [0x24, 0x13, 0xB0, 0xDA, 0x55, 0x00])
        #expect(try DeviceAddress(parsing: "unix:/tmp/m.sock") == .unixSocket(path: "/tmp/m.sock"))
        #expect(try DeviceAddress(parsing: "Muse-1324") == .name("Muse-1324"))
        #expect(try DeviceAddress(parsing: " Muse S ") == .name("Muse S"))
    }

    @Test func rejectsIncompleteAddressesWithAClearError() {
        for text in ["AA:BB:CC", "AA:BB:CC:DD:EE:FF:00", "AA:BB:CC:DD:EE:F", "unix:", "", "AA::BB:CC:DD:EE"] {
            #expect(throws: TransportError.invalidAddress(text), "\(text)") { try DeviceAddress(parsing: text) }
        }
        let message = TransportError.invalidAddress("AA:BB:CC").description
        #expect(message.contains("AA:BB:CC") && message.contains("AA:BB:CC:DD:EE:FF"))
    }
}
