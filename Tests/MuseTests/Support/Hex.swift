/// Bytes from a hex string such as `"00 01 80 08"` (spaces ignored); test vectors are written this
/// way in the protocol notes.
func hex(_ text: String) -> [UInt8] {
    let digits = text.filter { !$0.isWhitespace }
    var bytes: [UInt8] = []
    var index = digits.startIndex
    while index < digits.endIndex {
        let next = digits.index(index, offsetBy: 2)
        bytes.append(UInt8(digits[index..<next], radix: 16) ?? 0xEE)
        index = next
    }
    return bytes
}

/// Whether `a` and `b` agree within relative tolerance `tolerance` (absolute near zero).
func close(_ a: Double, _ b: Double, relative tolerance: Double = 1e-6) -> Bool {
    abs(a - b) <= tolerance * max(abs(a), abs(b), 1e-12)
}
