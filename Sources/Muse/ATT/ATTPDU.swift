/// One ATT protocol data unit, as pure values: ``encoded`` gives the bytes of one L2CAP packet and
/// ``decode(_:)`` turns received bytes back into a PDU, throwing ``ATTError/malformedPDU(opcode:reason:)``
/// for anything truncated or inconsistent (it never traps on input).
///
/// Opcodes this package does not model decode to ``unknown(opcode:parameters:)`` so a peer's request
/// can still be answered with an error.
package enum ATTPDU: Equatable, Sendable {
    /// 0x01: the request `request` failed for `handle` with `code`.
    case errorResponse(request: UInt8, handle: UInt16, code: UInt8)
    /// 0x02: the client's receive MTU.
    case exchangeMTURequest(clientMTU: UInt16)
    /// 0x03: the server's receive MTU.
    case exchangeMTUResponse(serverMTU: UInt16)
    /// 0x04: list handles and types in `start...end`.
    case findInformationRequest(start: UInt16, end: UInt16)
    /// 0x05: handles with their types (all 16-bit or all 128-bit in one response).
    case findInformationResponse([ATTHandleType])
    /// 0x08: attributes of `type` in `start...end`.
    case readByTypeRequest(start: UInt16, end: UInt16, type: BluetoothUUID)
    /// 0x09: handle/value pairs, all of one length.
    case readByTypeResponse([ATTAttributeData])
    /// 0x0A: the value of `handle`.
    case readRequest(handle: UInt16)
    /// 0x0B: an attribute value.
    case readResponse(value: [UInt8])
    /// 0x10: groups (services) of `type` in `start...end`.
    case readByGroupTypeRequest(start: UInt16, end: UInt16, type: BluetoothUUID)
    /// 0x11: group ranges with values, all of one length.
    case readByGroupTypeResponse([ATTGroupData])
    /// 0x12: write `value` to `handle`, answered by a Write Response.
    case writeRequest(handle: UInt16, value: [UInt8])
    /// 0x13: the write succeeded.
    case writeResponse
    /// 0x52: write `value` to `handle` with no answer.
    case writeCommand(handle: UInt16, value: [UInt8])
    /// 0x1B: the server pushes `value` of `handle`.
    case notification(handle: UInt16, value: [UInt8])
    /// 0x1D: like a notification, but to be confirmed.
    case indication(handle: UInt16, value: [UInt8])
    /// 0x1E: confirms an indication.
    case confirmation
    /// Any other opcode, with its raw parameters.
    case unknown(opcode: UInt8, parameters: [UInt8])

    /// The opcode byte.
    package var opcode: UInt8 {
        switch self {
        case .errorResponse: ATTOpcode.errorResponse.rawValue
        case .exchangeMTURequest: ATTOpcode.exchangeMTURequest.rawValue
        case .exchangeMTUResponse: ATTOpcode.exchangeMTUResponse.rawValue
        case .findInformationRequest: ATTOpcode.findInformationRequest.rawValue
        case .findInformationResponse: ATTOpcode.findInformationResponse.rawValue
        case .readByTypeRequest: ATTOpcode.readByTypeRequest.rawValue
        case .readByTypeResponse: ATTOpcode.readByTypeResponse.rawValue
        case .readRequest: ATTOpcode.readRequest.rawValue
        case .readResponse: ATTOpcode.readResponse.rawValue
        case .readByGroupTypeRequest: ATTOpcode.readByGroupTypeRequest.rawValue
        case .readByGroupTypeResponse: ATTOpcode.readByGroupTypeResponse.rawValue
        case .writeRequest: ATTOpcode.writeRequest.rawValue
        case .writeResponse: ATTOpcode.writeResponse.rawValue
        case .writeCommand: ATTOpcode.writeCommand.rawValue
        case .notification: ATTOpcode.handleValueNotification.rawValue
        case .indication: ATTOpcode.handleValueIndication.rawValue
        case .confirmation: ATTOpcode.handleValueConfirmation.rawValue
        case .unknown(let opcode, _): opcode
        }
    }

    /// The bytes of this PDU (opcode first). Lists in responses are written as given; the caller keeps
    /// them uniform in length and within the MTU.
    package var encoded: [UInt8] {
        var out: [UInt8] = [opcode]
        switch self {
        case .errorResponse(let request, let handle, let code):
            out.append(request)
            out.appendLE(handle)
            out.append(code)
        case .exchangeMTURequest(let mtu), .exchangeMTUResponse(let mtu):
            out.appendLE(mtu)
        case .findInformationRequest(let start, let end):
            out.appendLE(start)
            out.appendLE(end)
        case .findInformationResponse(let entries):
            let format: UInt8 = entries.allSatisfy { $0.type.shortValue != nil } ? 0x01 : 0x02
            out.append(format)
            for entry in entries {
                out.appendLE(entry.handle)
                out += format == 0x01 ? entry.type.wire : entry.type.wire128
            }
        case .readByTypeRequest(let start, let end, let type), .readByGroupTypeRequest(let start, let end, let type):
            out.appendLE(start)
            out.appendLE(end)
            out += type.wire
        case .readByTypeResponse(let entries):
            out.append(UInt8(truncatingIfNeeded: 2 + (entries.first?.value.count ?? 0)))
            for entry in entries {
                out.appendLE(entry.handle)
                out += entry.value
            }
        case .readRequest(let handle):
            out.appendLE(handle)
        case .readResponse(let value):
            out += value
        case .readByGroupTypeResponse(let entries):
            out.append(UInt8(truncatingIfNeeded: 4 + (entries.first?.value.count ?? 0)))
            for entry in entries {
                out.appendLE(entry.start)
                out.appendLE(entry.end)
                out += entry.value
            }
        case .writeRequest(let handle, let value), .writeCommand(let handle, let value),
            .notification(let handle, let value), .indication(let handle, let value):
            out.appendLE(handle)
            out += value
        case .writeResponse, .confirmation:
            break
        case .unknown(_, let parameters):
            out += parameters
        }
        return out
    }

    /// Decodes one received packet.
    package static func decode(_ bytes: [UInt8]) throws(ATTError) -> ATTPDU {
        guard let opcode = bytes.first else { throw .malformedPDU(opcode: nil, reason: "empty packet") }
        var r = ByteReader(bytes, offset: 1, opcode: opcode)
        guard let known = ATTOpcode(rawValue: opcode) else {
            return .unknown(opcode: opcode, parameters: r.rest())
        }
        let pdu: ATTPDU
        switch known {
        case .errorResponse:
            pdu = .errorResponse(request: try r.u8(), handle: try r.u16(), code: try r.u8())
        case .exchangeMTURequest:
            pdu = .exchangeMTURequest(clientMTU: try r.u16())
        case .exchangeMTUResponse:
            pdu = .exchangeMTUResponse(serverMTU: try r.u16())
        case .findInformationRequest:
            pdu = .findInformationRequest(start: try r.u16(), end: try r.u16())
        case .findInformationResponse:
            let format = try r.u8()
            let size: Int
            switch format {
            case 0x01: size = 2
            case 0x02: size = 16
            default: throw r.malformed("unknown format \(format)")
            }
            var entries: [ATTHandleType] = []
            guard r.remaining > 0 else { throw r.malformed("no entries") }
            while r.remaining > 0 {
                let handle = try r.u16()
                entries.append(ATTHandleType(handle: handle, type: try r.uuid(size)))
            }
            pdu = .findInformationResponse(entries)
        case .readByTypeRequest, .readByGroupTypeRequest:
            let start = try r.u16(), end = try r.u16()
            let size = r.remaining
            guard size == 2 || size == 16 else { throw r.malformed("type of \(size) bytes") }
            let type = try r.uuid(size)
            pdu =
                known == .readByTypeRequest
                ? .readByTypeRequest(start: start, end: end, type: type)
                : .readByGroupTypeRequest(start: start, end: end, type: type)
        case .readByTypeResponse:
            let length = Int(try r.u8())
            guard length >= 2 else { throw r.malformed("entry length \(length)") }
            guard r.remaining > 0, r.remaining % length == 0 else {
                throw r.malformed("\(r.remaining) bytes are not whole entries of \(length)")
            }
            var entries: [ATTAttributeData] = []
            while r.remaining > 0 {
                let handle = try r.u16()
                entries.append(ATTAttributeData(handle: handle, value: try r.take(length - 2)))
            }
            pdu = .readByTypeResponse(entries)
        case .readRequest:
            pdu = .readRequest(handle: try r.u16())
        case .readResponse:
            pdu = .readResponse(value: r.rest())
        case .readByGroupTypeResponse:
            let length = Int(try r.u8())
            guard length >= 4 else { throw r.malformed("entry length \(length)") }
            guard r.remaining > 0, r.remaining % length == 0 else {
                throw r.malformed("\(r.remaining) bytes are not whole entries of \(length)")
            }
            var entries: [ATTGroupData] = []
            while r.remaining > 0 {
                let start = try r.u16(), end = try r.u16()
                entries.append(ATTGroupData(start: start, end: end, value: try r.take(length - 4)))
            }
            pdu = .readByGroupTypeResponse(entries)
        case .writeRequest:
            pdu = .writeRequest(handle: try r.u16(), value: r.rest())
        case .writeResponse:
            pdu = .writeResponse
        case .writeCommand:
            pdu = .writeCommand(handle: try r.u16(), value: r.rest())
        case .handleValueNotification:
            pdu = .notification(handle: try r.u16(), value: r.rest())
        case .handleValueIndication:
            pdu = .indication(handle: try r.u16(), value: r.rest())
        case .handleValueConfirmation:
            pdu = .confirmation
        }
        try r.expectEnd()
        return pdu
    }
}
