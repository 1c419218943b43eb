import Glibc

/// What can go wrong talking ATT: a malformed PDU, an error answer from the peer, a request that got
/// no answer in time, the connection ending, or a failing system call.
package enum ATTError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Received bytes do not form a valid PDU of the given opcode (`nil` for an empty packet).
    case malformedPDU(opcode: UInt8?, reason: String)
    /// The peer answered `request` with Error Response `code` for `handle`.
    case errorResponse(request: UInt8, handle: UInt16, code: UInt8)
    /// No response to request `request` within `seconds`.
    case timeout(request: UInt8, seconds: Double)
    /// The connection ended (peer closed, receive error with `errno`, or `close()`d locally).
    case disconnected(errno: Int32?)
    /// The peer answered with a response that does not belong to the request.
    case unexpectedResponse(request: UInt8, response: UInt8)
    /// A system call failed with `errno`.
    case system(call: String, errno: Int32)

    package var description: String {
        switch self {
        case .malformedPDU(let opcode, let reason):
            let name = opcode.map { "0x" + hexByte($0) } ?? "empty"
            return "malformed ATT PDU (opcode \(name)): \(reason)"
        case .errorResponse(let request, let handle, let code):
            return "the headband refused ATT request 0x\(hexByte(request)) for handle 0x\(String(handle, radix: 16)): "
                + "\(ATTErrorCode.name(code)) (0x\(hexByte(code)))"
        case .timeout(let request, let seconds):
            return "no answer to ATT request 0x\(hexByte(request)) within \(seconds) s"
        case .disconnected(let code):
            if let code { return "the headband connection ended: \(String(cString: strerror(code)))" }
            return "the headband connection ended"
        case .unexpectedResponse(let request, let response):
            return "ATT request 0x\(hexByte(request)) was answered with unexpected opcode 0x\(hexByte(response))"
        case .system(let call, let code):
            return "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}
