import Foundation

/// The byte layout of XDF 1.0 (the file LabRecorder writes; sccn/xdf wiki, "Specifications"): the
/// magic `XDF:`, then chunks of `[length size (1 byte: 1, 4 or 8)] [length, little-endian]
/// [tag, uint16 LE] [content]`, where the length counts the tag and the content. All numbers are
/// little-endian.
enum XDFChunk {
    /// The chunk tags.
    enum Tag: UInt16 {
        case fileHeader = 1
        case streamHeader = 2
        case samples = 3
        case clockOffset = 4
        case boundary = 5
        case streamFooter = 6
    }

    /// The file's first four bytes.
    static let magic = Array("XDF:".utf8)

    /// The 16 bytes a Boundary chunk carries (the specification's constant UUID), which lets a reader
    /// find its way again in a damaged file.
    static let boundaryUUID: [UInt8] = [0x43, 0xA5, 0x46, 0xDC, 0xCB, 0xF5, 0x41, 0x0F, 0xB3, 0x0E, 0xD5, 0x46, 0x73, 0x83, 0xCB, 0xE4]

    /// A whole chunk: its length field, tag and `content`.
    static func encode(_ tag: Tag, _ content: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(content.count + 11)
        appendVarLength(UInt64(content.count + 2), to: &out)
        append(tag.rawValue, to: &out)
        out += content
        return out
    }

    /// A variable-length count: 1, 4 or 8 bytes, preceded by that size.
    static func appendVarLength(_ value: UInt64, to out: inout [UInt8]) {
        if value <= UInt64(UInt8.max) {
            out += [1, UInt8(value)]
        } else if value <= UInt64(UInt32.max) {
            out.append(4)
            append(UInt32(value), to: &out)
        } else {
            out.append(8)
            append(value, to: &out)
        }
    }

    /// `value`'s bytes, little-endian.
    static func append<T: FixedWidthInteger>(_ value: T, to out: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { out += $0 }
    }

    /// A double's IEEE 754 bytes, little-endian.
    static func append(_ value: Double, to out: inout [UInt8]) {
        append(value.bitPattern, to: &out)
    }

    /// A string value in a Samples chunk: its byte count (variable length) and its UTF-8 bytes.
    static func appendString(_ value: String, to out: inout [UInt8]) {
        let bytes = Array(value.utf8)
        appendVarLength(UInt64(bytes.count), to: &out)
        out += bytes
    }

    /// Text escaped for XML element content.
    static func xmlEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// A number as XML text: the shortest decimal that reads back exactly.
    static func xmlNumber(_ value: Double) -> String { "\(value)" }
}
