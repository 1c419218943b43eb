/// CRC-32 (IEEE 802.3, as zlib computes it), for detecting torn or corrupt journal records.
///
/// Eight bytes a step ("slicing by 8": eight 256-entry tables, one lookup per byte, no dependency
/// between a step's lookups): the journal checksums every recorded byte (a day of 4 channels is
/// 1 GB), and the byte-at-a-time loop was 8 % of a recording's CPU time.
package enum CRC32 {
    /// Table `k` (entries `256·k ..< 256·(k+1)`) gives the CRC of a byte followed by `k` zero bytes.
    private static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for i in 0..<256 {
            var c = UInt32(i)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
            t[i] = c
        }
        for k in 1..<8 {
            for i in 0..<256 {
                let previous = t[(k - 1) * 256 + i]
                t[k * 256 + i] = (previous >> 8) ^ t[Int(previous & 0xFF)]
            }
        }
        return t
    }()

    /// The CRC of `bytes`, continuing from `crc` (0 to start).
    package static func checksum(_ bytes: UnsafeRawBufferPointer, crc: UInt32 = 0) -> UInt32 {
        var c = ~crc
        let n = bytes.count
        var i = 0
        tables.withUnsafeBufferPointer { t in
            while n - i >= 8 {
                let lo = c ^ UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: i, as: UInt32.self))
                let hi = UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: i + 4, as: UInt32.self))
                c =
                    t[7 * 256 + Int(lo & 0xFF)] ^ t[6 * 256 + Int((lo >> 8) & 0xFF)] ^ t[5 * 256 + Int((lo >> 16) & 0xFF)]
                    ^ t[4 * 256 + Int(lo >> 24)] ^ t[3 * 256 + Int(hi & 0xFF)] ^ t[2 * 256 + Int((hi >> 8) & 0xFF)]
                    ^ t[256 + Int((hi >> 16) & 0xFF)] ^ t[Int(hi >> 24)]
                i += 8
            }
            while i < n {
                c = t[Int((c ^ UInt32(bytes[i])) & 0xFF)] ^ (c >> 8)
                i += 1
            }
        }
        return ~c
    }
}
