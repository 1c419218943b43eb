import Testing

@testable import Muse

struct ATTPDUFuzzTests {
    /// Opcodes weighted towards those with decoders, so most inputs reach the field parsing.
    static let opcodes: [UInt8] = ATTOpcode.allCases.map(\.rawValue) + [0x00, 0x06, 0x0C, 0xFF]

    @Test func randomAndTruncatedBytesNeverCrashAnyDecoder() throws {
        var random = SeededGenerator(seed: 0x5EED)
        var decoded = 0, rejected = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...48, using: &random)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            if !bytes.isEmpty, Bool.random(using: &random) {
                bytes[0] = Self.opcodes.randomElement(using: &random) ?? 0
            }
            do {
                let pdu = try ATTPDU.decode(bytes)
                decoded += 1
                // Whatever decodes re-encodes to something that decodes to the same PDU.
                #expect(try ATTPDU.decode(pdu.encoded) == pdu)
            } catch {
                rejected += 1
            }
            _ = AdvertisingReportParser.parse(event: [0x04, 0x3E] + bytes)
            _ = AdvertisingReportParser.advertisingFields(bytes)
            _ = BluetoothUUID(wire: bytes)
        }
        #expect(decoded > 1000)
        #expect(rejected > 1000)
    }

    @Test func everyPrefixOfValidPDUsDecodesOrThrows() throws {
        let valid: [ATTPDU] = [
            .readByTypeResponse([ATTAttributeData(handle: 0x21, value: [0x1C, 0x22, 0x00] + MuseCharacteristic.tp9.uuid.wire)]),
            .readByGroupTypeResponse([ATTGroupData(start: 1, end: 3, value: [0, 0x18]), ATTGroupData(start: 4, end: 7, value: [1, 0x18])]),
            .findInformationResponse([ATTHandleType(handle: 0x22, type: MuseCharacteristic.af7.uuid)]),
            .findInformationResponse([
                ATTHandleType(handle: 0x22, type: BluetoothUUID(0x2902)), ATTHandleType(handle: 0x23, type: BluetoothUUID(0x2803)),
            ]),
            .errorResponse(request: 0x10, handle: 0x20, code: 0x0A), .exchangeMTUResponse(serverMTU: 23),
            .readByTypeRequest(start: 0x20, end: 0x45, type: .characteristicDeclaration),
        ]
        for pdu in valid {
            let bytes = pdu.encoded
            for cut in 0..<bytes.count {
                _ = try? ATTPDU.decode(Array(bytes[0..<cut]))
            }
            #expect(try ATTPDU.decode(bytes) == pdu)
        }
    }
}
