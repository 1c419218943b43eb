import Foundation
import Storage

/// A gzip member (RFC 1952) whose deflate stream is made of stored blocks (RFC 1951, BTYPE 00): the
/// bytes are not compressed, but every gzip reader (Python's `gzip`, pandas, zcat) reads them, and the
/// output is a pure function of the input (modification time 0, no file name), so an export is
/// byte-identical however often it is repeated. BIDS requires physiological recordings as `.tsv.gz`;
/// the project links no compression library for them.
enum StoredGzip {
    /// The largest stored block (its 16-bit length field).
    private static let blockSize = 65_535

    /// `data` as one gzip member.
    static func wrap(_ data: Data) -> Data {
        var out = Data([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF])
        out.reserveCapacity(data.count + data.count / blockSize * 5 + 32)
        var offset = 0
        repeat {
            let count = min(blockSize, data.count - offset)
            let final = offset + count >= data.count
            out.append(final ? 0x01 : 0x00)
            appendLittleEndian(UInt16(count), to: &out)
            appendLittleEndian(~UInt16(count), to: &out)
            out.append(data[data.startIndex + offset..<data.startIndex + offset + count])
            offset += count
        } while offset < data.count
        appendLittleEndian(data.withUnsafeBytes { CRC32.checksum($0) }, to: &out)
        appendLittleEndian(UInt32(truncatingIfNeeded: data.count), to: &out)
        return out
    }

    private static func appendLittleEndian<T: FixedWidthInteger>(_ value: T, to out: inout Data) {
        withUnsafeBytes(of: value.littleEndian) { out.append(contentsOf: $0) }
    }
}
