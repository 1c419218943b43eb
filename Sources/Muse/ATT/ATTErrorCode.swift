/// The ATT error codes this package names (Core Vol 3 Part F, 3.4.1.1); others are kept as numbers.
package enum ATTErrorCode {
    /// 0x01: the handle is not valid on this server.
    package static let invalidHandle: UInt8 = 0x01
    /// 0x02: the attribute cannot be read.
    package static let readNotPermitted: UInt8 = 0x02
    /// 0x03: the attribute cannot be written.
    package static let writeNotPermitted: UInt8 = 0x03
    /// 0x04: the PDU was malformed.
    package static let invalidPDU: UInt8 = 0x04
    /// 0x06: the server does not serve this request.
    package static let requestNotSupported: UInt8 = 0x06
    /// 0x0A: no attribute in the requested range (the normal end of a discovery).
    package static let attributeNotFound: UInt8 = 0x0A
    /// 0x10: Read By Group Type asked for a type that is not a grouping type.
    package static let unsupportedGroupType: UInt8 = 0x10

    /// A short English name for `code`.
    package static func name(_ code: UInt8) -> String {
        switch code {
        case 0x01: "Invalid Handle"
        case 0x02: "Read Not Permitted"
        case 0x03: "Write Not Permitted"
        case 0x04: "Invalid PDU"
        case 0x05: "Insufficient Authentication"
        case 0x06: "Request Not Supported"
        case 0x07: "Invalid Offset"
        case 0x08: "Insufficient Authorization"
        case 0x0A: "Attribute Not Found"
        case 0x0D: "Invalid Attribute Value Length"
        case 0x0E: "Unlikely Error"
        case 0x0F: "Insufficient Encryption"
        case 0x10: "Unsupported Group Type"
        case 0x11: "Insufficient Resources"
        default: "error 0x\(hexByte(code))"
        }
    }
}
