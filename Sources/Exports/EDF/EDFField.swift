import Foundation

/// The fixed-width ASCII fields of an EDF header: left-aligned, space-padded, printable US-ASCII only
/// (EDF forbids everything else in the header), and numbers that fit their 8 characters without
/// scientific notation.
enum EDFField {
    /// `text` as exactly `width` bytes: non-printable and non-ASCII characters become `_`, longer text
    /// is cut, shorter text is padded with spaces.
    static func ascii(_ text: String, width: Int) -> [UInt8] {
        var bytes = text.unicodeScalars.prefix(width).map { $0.value >= 32 && $0.value < 127 ? UInt8($0.value) : UInt8(ascii: "_") }
        bytes += [UInt8](repeating: UInt8(ascii: " "), count: width - bytes.count)
        return bytes
    }

    /// The shortest decimal text of `value` that fits `width` characters, rounded in `direction`
    /// (outward for physical minima and maxima, so the device's range stays inside the written one),
    /// with the value that text stands for. `nil` when even the integer part does not fit.
    static func number(
        _ value: Double, width: Int = 8, rounding direction: FloatingPointRoundingRule = .toNearestOrEven
    ) -> (text: String, value: Double)? {
        guard value.isFinite else { return nil }
        for decimals in stride(from: 6, through: 0, by: -1) {
            let scale = pow(10, Double(decimals))
            let rounded = (value * scale).rounded(direction) / scale
            var text = String(format: "%.\(decimals)f", rounded)
            if text.contains(".") {
                while text.hasSuffix("0") { text.removeLast() }
                if text.hasSuffix(".") { text.removeLast() }
            }
            if text == "-0" { text = "0" }
            if text.count <= width, let parsed = Double(text) { return (text, parsed) }
        }
        return nil
    }

    /// A non-negative integer in `width` characters, or `nil` when it does not fit.
    static func integer(_ value: Int, width: Int = 8) -> [UInt8]? {
        let text = String(value)
        return text.count <= width ? ascii(text, width: width) : nil
    }
}
