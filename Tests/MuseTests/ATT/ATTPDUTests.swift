import Testing

@testable import Muse

struct ATTPDUTests {
    @Test func referenceExamplesEncodeAndDecode() throws {
        // Enable notifications of TP9's CCCD on the muselsl map.
        #expect(ATTPDU.writeRequest(handle: 0x0021, value: [0x01, 0x00]).encoded == [0x12, 0x21, 0x00, 0x01, 0x00])
        // "d" to the control value as a Write Command.
        let d = ATTPDU.writeCommand(handle: 0x000E, value: MusePacketEncoder.command("d"))
        #expect(d.encoded == [0x52, 0x0E, 0x00, 0x02, 0x64, 0x0A])
        // A TP9 notification.
        let payload: [UInt8] = [0x00, 0x01] + [UInt8](repeating: 0x80, count: 18)
        #expect(try ATTPDU.decode([0x1B, 0x20, 0x00] + payload) == .notification(handle: 0x0020, value: payload))
        #expect(try ATTPDU.decode([0x12, 0x21, 0x00, 0x01, 0x00]) == .writeRequest(handle: 0x21, value: [1, 0]))
    }

    @Test func everyPDURoundTrips() throws {
        let muse = MuseCharacteristic.control.uuid
        let samples: [ATTPDU] = [
            .errorResponse(request: 0x10, handle: 0x0021, code: 0x0A),
            .exchangeMTURequest(clientMTU: 517), .exchangeMTUResponse(serverMTU: 23),
            .findInformationRequest(start: 0x22, end: 0x23),
            .findInformationResponse([ATTHandleType(handle: 0x23, type: .clientCharacteristicConfiguration)]),
            .findInformationResponse([ATTHandleType(handle: 0x22, type: muse)]),
            .readByTypeRequest(start: 1, end: 0xFFFF, type: .characteristicDeclaration),
            .readByTypeRequest(start: 1, end: 0xFFFF, type: muse),
            .readByTypeResponse([ATTAttributeData(handle: 0x21, value: [0x1C, 0x22, 0x00] + muse.wire)]),
            .readByTypeResponse([ATTAttributeData(handle: 2, value: [2, 3, 0, 0, 0x2A]), ATTAttributeData(handle: 5, value: [0x20, 6, 0, 5, 0x2A])]),
            .readRequest(handle: 3), .readResponse(value: Array("Muse".utf8)), .readResponse(value: []),
            .readByGroupTypeRequest(start: 1, end: 0xFFFF, type: .primaryService),
            .readByGroupTypeResponse([ATTGroupData(start: 1, end: 3, value: [0, 0x18]), ATTGroupData(start: 0x20, end: 0x45, value: [0x8D, 0xFE])]),
            .writeRequest(handle: 0x23, value: [1, 0]), .writeResponse,
            .writeCommand(handle: 0x22, value: [3, 0x76, 0x31, 0x0A]),
            .notification(handle: 0x25, value: [1, 2, 3]), .indication(handle: 6, value: [1, 0, 0xFF, 0xFF]), .confirmation,
            .unknown(opcode: 0x0C, parameters: [1, 0, 0, 0]),
        ]
        for pdu in samples {
            #expect(try ATTPDU.decode(pdu.encoded) == pdu, "\(pdu)")
        }
        #expect(ATTPDU.readByGroupTypeRequest(start: 1, end: 0xFFFF, type: .primaryService).encoded == [0x10, 1, 0, 0xFF, 0xFF, 0x00, 0x28])
        #expect(ATTPDU.errorResponse(request: 0x08, handle: 0x30, code: 0x0A).encoded == [0x01, 0x08, 0x30, 0x00, 0x0A])
    }

    @Test func malformedPDUsThrowTypedErrors() {
        let bad: [[UInt8]] = [
            [], [0x01, 0x08], [0x03, 0x17], [0x05, 0x01, 0x23], [0x05, 0x03, 0x23, 0x00, 0x02, 0x29], [0x05, 0x01],
            [0x09, 0x01, 0x00], [0x09, 0x07, 0x21, 0x00, 0x10], [0x11, 0x06, 0x01, 0x00, 0x03], [0x08, 0x01, 0x00, 0xFF, 0xFF, 0x03],
            [0x13, 0x00], [0x1E, 0x01], [0x1B, 0x20], [0x12],
        ]
        for bytes in bad {
            #expect(throws: ATTError.self, "\(bytes)") { try ATTPDU.decode(bytes) }
        }
        #expect(throws: ATTError.malformedPDU(opcode: nil, reason: "empty packet")) { try ATTPDU.decode([]) }
    }
}
