import Foundation
import TestSupport
import Testing

@testable import Storage

/// The journal's CRC-32 is zlib's (IEEE 802.3): the standard check value, every length around the
/// eight-byte steps, any split into continued pieces, against Python's zlib.crc32 on random bytes.
@Suite(.tags(.python))
struct CRC32Tests {
    static func crc(_ bytes: [UInt8], from crc: UInt32 = 0) -> UInt32 {
        bytes.withUnsafeBytes { CRC32.checksum($0, crc: crc) }
    }

    @Test func theCheckValueAndEmptyInput() {
        #expect(Self.crc(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(Self.crc([]) == 0 && Self.crc([], from: 0x1234_5678) == 0x1234_5678)
    }

    @Test func matchesZlibAtEveryLengthAndSplit() throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<1037).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let lengths = Array(0...40) + [63, 64, 65, 255, 256, 1000, 1037]
        struct Reference: Decodable { var crcs: [UInt32] }
        let reference = try PythonTool.json(
            Reference.self,
            script: """
                import json, sys, zlib
                data = bytes.fromhex(sys.argv[1])
                print(json.dumps({"crcs": [zlib.crc32(data[:n]) for n in map(int, sys.argv[2].split(","))]}))
                """,
            arguments: [bytes.map { String(format: "%02x", $0) }.joined(), lengths.map(String.init).joined(separator: ",")])
        for (n, expected) in zip(lengths, reference.crcs) {
            let prefix = Array(bytes.prefix(n))
            #expect(Self.crc(prefix) == expected, "\(n) bytes")
            for split in [0, 1, 3, n / 2, max(0, n - 1)] where split <= n {
                #expect(Self.crc(Array(prefix[split...]), from: Self.crc(Array(prefix[..<split]))) == expected, "\(n) bytes split at \(split)")
            }
        }
    }
}
