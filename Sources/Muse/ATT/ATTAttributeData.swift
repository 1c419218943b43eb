/// One entry of a Read By Type Response: an attribute handle and its (possibly truncated) value.
package struct ATTAttributeData: Equatable, Sendable {
    /// The attribute's handle.
    package var handle: UInt16
    /// Its value; all entries of one response have the same length.
    package var value: [UInt8]

    /// An entry.
    package init(handle: UInt16, value: [UInt8]) {
        self.handle = handle
        self.value = value
    }
}
