import Foundation
import Testing

@testable import Streaming

struct OSCMessageTests {
    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    /// The encoder vector of the interop reference: `/muse/eeg` with 1.0 and 2.0.
    @Test func encodesTheReferenceVector() {
        #expect(hex(OSCMessage("/muse/eeg", [.float(1), .float(2)]).encoded) == "2f6d7573652f6565670000002c6666003f80000040000000")
    }

    /// Strings and type tags are NUL-terminated and padded to 4 bytes; ints are big-endian.
    @Test func padsStringsAndEncodesInts() {
        let bytes = OSCMessage("/Marker/320", [.string("fixation"), .int(-2)]).encoded
        #expect(bytes.count % 4 == 0)
        #expect(hex(bytes) == "2f4d61726b65722f333230002c7369006669786174696f6e00000000fffffffe")
    }

    /// A lost value goes as a NaN float (its bits kept, never a zero); a message without arguments
    /// still carries its type tag string; a NUL inside a string is dropped, not a terminator.
    @Test func nanEmptyArgumentsAndNULs() {
        let nan = OSCMessage("/muse/eeg", [.float(.nan)]).encoded
        #expect(Array(nan.suffix(4)) == [0x7F, 0xC0, 0x00, 0x00])
        #expect(hex(OSCMessage("/a", []).encoded) == "2f6100002c000000")
        #expect(hex(OSCMessage("/m", [.string("a\u{0}b")]).encoded) == "2f6d00002c73000061620000")
    }
}
