import Testing

@testable import Transfer

/// How an answer's head is read, line by line as libcurl hands it over.
@Suite struct CurlEasyHeaderTests {
    private func read(_ lines: [String]) -> CurlEasy.TransferState {
        let state = CurlEasy.TransferState()
        for line in lines {
            Array(line.utf8).withUnsafeBytes { CurlEasy.readHeaderLine($0, into: state) }
        }
        return state
    }

    @Test func namesAreLowercasedAndValuesTrimmed() {
        let state = read(["HTTP/1.1 201 Created\r\n", "ETag: \t\"abc\" \r\n", "Last-Modified: Thu, 26 Nov 2026 20:00:00 GMT\r\n", "X-Empty:\r\n", "\r\n"])
        #expect(state.status == 201)
        #expect(state.headers == ["etag": "\"abc\"", "last-modified": "Thu, 26 Nov 2026 20:00:00 GMT", "x-empty": ""])
    }

    /// A `100 Continue` (or a redirect's) head is followed by the final one, which replaces it.
    @Test func aLaterStatusLineStartsANewHead() {
        let state = read(["HTTP/1.1 100 Continue\r\n", "X-First: 1\r\n", "\r\n", "HTTP/2 412 \r\n", "Content-Length: 0\r\n"])
        #expect(state.status == 412)
        #expect(state.headers == ["content-length": "0"])
    }

    /// Bytes that are not UTF-8 in a value are repaired, never a trap; a line without a colon is skipped.
    @Test func oddLinesAreToleratedNotTrapped() {
        let state = CurlEasy.TransferState()
        let binary: [UInt8] = [0x58, 0x2D, 0x42, 0x69, 0x6E, 0x3A, 0x20, 0xFF, 0xFE, 0x0D, 0x0A]  // "X-Bin: \xFF\xFE\r\n"
        binary.withUnsafeBytes { CurlEasy.readHeaderLine($0, into: state) }
        Array("no colon here\r\n".utf8).withUnsafeBytes { CurlEasy.readHeaderLine($0, into: state) }
        #expect(state.headers == ["x-bin": "\u{FFFD}\u{FFFD}"])
    }
}
