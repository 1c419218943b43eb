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
}
