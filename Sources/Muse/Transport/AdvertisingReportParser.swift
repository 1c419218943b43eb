/// Parses HCI LE Advertising Report events as read from a raw HCI socket, as a pure function over
/// bytes: anything truncated or foreign yields the reports complete so far, never a trap.
package enum AdvertisingReportParser {
    /// The reports in one HCI event packet: `04` (event), `3E` (LE meta), length, subevent `02`,
    /// report count, then per report event type, address type, address (6, little-endian), data
    /// length, advertising data, RSSI (signed).
    package static func parse(event bytes: [UInt8]) -> [AdvertisingReport] {
        guard bytes.count >= 5, bytes[0] == 0x04, bytes[1] == 0x3E, bytes[3] == 0x02 else { return [] }
        let end = min(bytes.count, 3 + Int(bytes[2]))
        let count = Int(bytes[4])
        var reports: [AdvertisingReport] = []
        var i = 5
        for _ in 0..<count {
            guard i + 9 <= end else { break }
            let eventType = bytes[i], addressType = bytes[i + 1]
            guard let address = BluetoothAddress(littleEndian: bytes[(i + 2)..<(i + 8)]) else { break }
            let length = Int(bytes[i + 8])
            let dataStart = i + 9
            guard dataStart + length + 1 <= end else { break }
            let data = Array(bytes[dataStart..<(dataStart + length)])
            let rssi = Int(Int8(bitPattern: bytes[dataStart + length]))
            let (name, services) = advertisingFields(data)
            reports.append(
                AdvertisingReport(
                    address: address, addressType: addressType, eventType: eventType, name: name,
                    serviceUUIDs: services, rssi: rssi))
            i = dataStart + length + 1
        }
        return reports
    }

    /// The local name and 16-bit service UUIDs in advertising data (length, type, payload triplets).
    package static func advertisingFields(_ data: [UInt8]) -> (name: String?, serviceUUIDs: [UInt16]) {
        var name: String?
        var services: [UInt16] = []
        var i = 0
        while i < data.count {
            let length = Int(data[i])
            guard length > 0, i + 1 + length <= data.count else { break }
            let type = data[i + 1]
            let payload = Array(data[(i + 2)..<(i + 1 + length)])
            switch type {
            case 0x08 where name == nil, 0x09:
                name = String(decoding: payload, as: UTF8.self)
            case 0x02, 0x03:
                var j = 0
                while j + 1 < payload.count {
                    services.append(UInt16(payload[j]) | UInt16(payload[j + 1]) << 8)
                    j += 2
                }
            default:
                break
            }
            i += 1 + length
        }
        return (name, services)
    }
}
