/// Unpacks unsigned fields packed little-endian bit-first, the layout of the Athena's EEG (14-bit) and
/// optics (20-bit) samples: field `i` is bits `i·width … i·width + width − 1` of the bytes read as one
/// little-endian integer (bit `b` is bit `b mod 8` of byte `b / 8`).
enum PackedBits {
    /// The first `count` fields of `width` bits (1…32) of `bytes`; fields that would run past the end
    /// are not returned, so the result never reads out of bounds.
    static func unpack(_ bytes: [UInt8], width: Int, count: Int) -> [UInt32] {
        guard width > 0, width <= 32, count > 0 else { return [] }
        let available = min(count, bytes.count * 8 / width)
        var values: [UInt32] = []
        values.reserveCapacity(available)
        var accumulator: UInt64 = 0
        var bits = 0
        var index = 0
        let mask: UInt64 = (1 << UInt64(width)) - 1
        while values.count < available {
            while bits < width {
                accumulator |= UInt64(bytes[index]) << UInt64(bits)
                index += 1
                bits += 8
            }
            values.append(UInt32(accumulator & mask))
            accumulator >>= UInt64(width)
            bits -= width
        }
        return values
    }
}
