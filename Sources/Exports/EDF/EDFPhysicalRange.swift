public import DataSources

/// The physical range an EDF signal is scaled to, and where it came from. EDF stores 16-bit integers,
/// so the range fixes the resolution ((max − min) / 65535): it is taken from what the device can
/// measure, never from the data, so every export of one device has the same scale and nothing the
/// device could deliver is clipped.
package struct EDFPhysicalRange: Sendable, Equatable {
    /// Where a range came from.
    package enum Origin: String, Sendable, Codable {
        /// The device's range stored with the recording (`PhysicalMinimum`/`PhysicalMaximum`).
        case device
        /// The span of the device's raw codes (`RawData`'s bits, scale and offset).
        case rawCoding
        /// Neither is stored (older files): the fallback ±3276.7 µV (0.1 µV steps).
        case fallback
    }

    /// Lowest value, in the signal's unit.
    package var minimum: Double
    /// Highest value.
    package var maximum: Double
    /// Where it came from.
    package var origin: Origin

    /// The fallback when a recording states neither a range nor a raw coding: ±3276.7 µV, wider than
    /// any consumer EEG front end, at 0.1 µV resolution.
    package static let fallback = EDFPhysicalRange(minimum: -3276.7, maximum: 3276.7, origin: .fallback)

    /// Creates a range.
    package init(minimum: Double, maximum: Double, origin: Origin) {
        self.minimum = minimum
        self.maximum = maximum
        self.origin = origin
    }

    /// The range for `stream`: its stated physical range, else its raw coding's span, else the fallback.
    package init(for stream: StreamDescriptor) {
        if let range = stream.physicalRange, range.lowerBound < range.upperBound {
            self.init(minimum: range.lowerBound, maximum: range.upperBound, origin: .device)
        } else if let coding = stream.rawCoding, coding.bits > 0, coding.bits <= 16, coding.scale != 0 {
            let top = coding.physical(UInt16((1 << coding.bits) - 1))
            let bottom = coding.physical(0)
            self.init(minimum: min(top, bottom), maximum: max(top, bottom), origin: .rawCoding)
        } else {
            self = .fallback
        }
    }
}
