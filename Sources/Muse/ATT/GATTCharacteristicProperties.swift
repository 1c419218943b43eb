/// The property bits of a characteristic declaration (Core Vol 3 Part G, 3.3.1.1).
public struct GATTCharacteristicProperties: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    /// Properties from the declaration's byte.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The value can be read.
    public static let read = GATTCharacteristicProperties(rawValue: 0x02)
    /// The value can be written with a Write Command (no response).
    public static let writeWithoutResponse = GATTCharacteristicProperties(rawValue: 0x04)
    /// The value can be written with a Write Request.
    public static let write = GATTCharacteristicProperties(rawValue: 0x08)
    /// The server can notify the value.
    public static let notify = GATTCharacteristicProperties(rawValue: 0x10)
    /// The server can indicate the value.
    public static let indicate = GATTCharacteristicProperties(rawValue: 0x20)
}
