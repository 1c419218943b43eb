/// The test side's own 12-bit packer, written from the layout description (not from the decoder), so
/// a round trip checks the decoder against an independent implementation.
func packEEG(counter: UInt16, codes: [UInt16]) -> [UInt8] {
    var bytes: [UInt8] = [UInt8(counter >> 8), UInt8(counter & 0xFF)]
    var bitBuffer: UInt32 = 0
    var bits = 0
    for code in codes {
        bitBuffer = bitBuffer << 12 | UInt32(code & 0x0FFF)
        bits += 12
        while bits >= 8 {
            bytes.append(UInt8((bitBuffer >> UInt32(bits - 8)) & 0xFF))
            bits -= 8
        }
    }
    return bytes
}
