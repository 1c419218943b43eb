import Foundation

/// Little-endian binary encoding into a growing buffer, for the journal.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func u8(_ v: UInt8) { bytes.append(v) }
    mutating func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func i32(_ v: Int32) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func i64(_ v: Int64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func f64(_ v: Double) { withUnsafeBytes(of: v.bitPattern.littleEndian) { bytes.append(contentsOf: $0) } }
    mutating func string(_ s: String) {
        let utf8 = Array(s.utf8)
        u32(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
    }
}

/// Little-endian binary decoding with bounds checks; every read returns `nil` past the end.
struct ByteReader {
    let bytes: [UInt8]
    var offset: Int

    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var remaining: Int { bytes.count - offset }

    mutating func take(_ n: Int) -> ArraySlice<UInt8>? {
        guard n >= 0, remaining >= n else { return nil }
        defer { offset += n }
        return bytes[offset..<(offset + n)]
    }

    private mutating func integer<T: FixedWidthInteger>(_: T.Type) -> T? {
        guard let slice = take(MemoryLayout<T>.size) else { return nil }
        var v: T = 0
        withUnsafeMutableBytes(of: &v) { $0.copyBytes(from: slice) }
        return T(littleEndian: v)
    }

    mutating func u8() -> UInt8? { integer(UInt8.self) }
    mutating func u16() -> UInt16? { integer(UInt16.self) }
    mutating func u32() -> UInt32? { integer(UInt32.self) }
    mutating func i32() -> Int32? { integer(Int32.self) }
    mutating func i64() -> Int64? { integer(Int64.self) }
    mutating func f64() -> Double? { integer(UInt64.self).map { Double(bitPattern: $0) } }
    mutating func string() -> String? {
        guard let n = u32(), let slice = take(Int(n)) else { return nil }
        return String(decoding: slice, as: UTF8.self)
    }
}
