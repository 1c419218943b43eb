/// A test-local reading of an EEG packet (reference A.7), independent of the simulator's encoder.
enum EEGTestDecoder {
    static func decode(_ bytes: [UInt8]) -> (counter: UInt16, codes: [UInt16])? {
        guard bytes.count == 20 else { return nil }
        let counter = UInt16(bytes[0]) << 8 | UInt16(bytes[1])
        var codes: [UInt16] = []
        for i in stride(from: 2, to: 20, by: 3) {
            codes.append(UInt16(bytes[i]) << 4 | UInt16(bytes[i + 1]) >> 4)
            codes.append(UInt16(bytes[i + 1] & 0x0F) << 8 | UInt16(bytes[i + 2]))
        }
        return (counter, codes)
    }
}
