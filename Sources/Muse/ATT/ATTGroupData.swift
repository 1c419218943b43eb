/// One entry of a Read By Group Type Response: a group's handle range and its value (for services,
/// the service UUID in wire form).
package struct ATTGroupData: Equatable, Sendable {
    /// The group's first handle (the service declaration).
    package var start: UInt16
    /// The group's last handle.
    package var end: UInt16
    /// The group declaration's value.
    package var value: [UInt8]

    /// An entry.
    package init(start: UInt16, end: UInt16, value: [UInt8]) {
        self.start = start
        self.end = end
        self.value = value
    }
}
