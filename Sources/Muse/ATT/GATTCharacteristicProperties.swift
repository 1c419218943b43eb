/// The property bits of a characteristic declaration (Core Vol 3 Part G, 3.3.1.1).
package struct GATTCharacteristicProperties: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8

    /// Properties from the declaration's byte.
    package init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The value can be read.
    package static let read = GATTCharacteristicProperties(rawValue: 0x02)
    /// The value can be written with a Write Command (no response).
    package static let writeWithoutResponse = GATTCharacteristicProperties(rawValue: 0x04)
    /// The value can be written with a Write Request.
    package static let write = GATTCharacteristicProperties(rawValue: 0x08)
    /// The server can notify the value.
    package static let notify = GATTCharacteristicProperties(rawValue: 0x10)
    /// The server can indicate the value.
    package static let indicate = GATTCharacteristicProperties(rawValue: 0x20)
}
