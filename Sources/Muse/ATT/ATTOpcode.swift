/// The ATT opcodes this package speaks (Bluetooth Core Vol 3 Part F, 3.4.8), and which of all opcodes
/// are requests, so a peer's request we do not serve can still be answered.
package enum ATTOpcode: UInt8, Sendable, CaseIterable {
    case errorResponse = 0x01
    case exchangeMTURequest = 0x02
    case exchangeMTUResponse = 0x03
    case findInformationRequest = 0x04
    case findInformationResponse = 0x05
    case readByTypeRequest = 0x08
    case readByTypeResponse = 0x09
    case readRequest = 0x0A
    case readResponse = 0x0B
    case readByGroupTypeRequest = 0x10
    case readByGroupTypeResponse = 0x11
    case writeRequest = 0x12
    case writeResponse = 0x13
    case handleValueNotification = 0x1B
    case handleValueIndication = 0x1D
    case handleValueConfirmation = 0x1E
    case writeCommand = 0x52

    /// Every request opcode of the specification (each expects exactly one response), whether or not
    /// this package decodes it: Exchange MTU, Find Information, Find By Type Value, Read By Type, Read,
    /// Read Blob, Read Multiple, Read By Group Type, Write, Prepare Write, Execute Write, Read Multiple
    /// Variable.
    package static let requestOpcodes: Set<UInt8> = [
        0x02, 0x04, 0x06, 0x08, 0x0A, 0x0C, 0x0E, 0x10, 0x12, 0x16, 0x18, 0x20,
    ]

    /// Every response opcode (including Error Response), the answers to the requests above.
    package static let responseOpcodes: Set<UInt8> = [
        0x01, 0x03, 0x05, 0x07, 0x09, 0x0B, 0x0D, 0x0F, 0x11, 0x13, 0x17, 0x19, 0x21,
    ]
}
