/// One entry of a Read By Type Response: an attribute handle and its (possibly truncated) value.
public struct ATTAttributeData: Equatable, Sendable {
    /// The attribute's handle.
    public var handle: UInt16
    /// Its value; all entries of one response have the same length.
    public var value: [UInt8]

    /// An entry.
    public init(handle: UInt16, value: [UInt8]) {
        self.handle = handle
        self.value = value
    }
}
