import Foundation
import TestSupport
import Testing

@testable import Storage

/// The one piecewise reader: every byte once, full pieces until the end, and a failure that names
/// the file.
struct FileReaderTests {
    /// A file of 3 MiB and one byte read in 1 MiB pieces: three full pieces, one byte, then 0 at the end
    /// (and again 0 when asked once more); together they are the file.
    @Test func readsEveryByteInFullPiecesUntilTheEnd() throws {
        let dir = try TemporaryDirectory("file-reader")
        let url = dir.path("blob")
        var rng = SystemRandomNumberGenerator()
        let original = Data((0..<(3 << 20) + 1).map { _ in UInt8.random(in: 0...255, using: &rng) })
        try original.write(to: url)
        let file = try FileReader(path: url.path)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
        defer { buffer.deallocate() }
        var counts: [Int] = []
        var read = Data()
        while true {
            let n = try file.read(into: buffer)
            counts.append(n)
            if n == 0 { break }
            read.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        }
        #expect(counts == [1 << 20, 1 << 20, 1 << 20, 1, 0])
        #expect(read == original)
        #expect(try file.read(into: buffer) == 0)
    }

    /// A pipe gives what its writer wrote so far, in short reads: the reader still fills the whole
    /// buffer (fewer bytes only at the end), so callers comparing pieces of two files never compare
    /// pieces of different lengths.
    @Test func shortReadsFromAPipeStillFillTheBuffer() throws {
        let dir = try TemporaryDirectory("file-reader-fifo")
        let path = dir.path("fifo").path
        #expect(mkfifo(path, 0o600) == 0)
        let writer = Thread {
            let fd = open(path, O_WRONLY | O_CLOEXEC)
            guard fd >= 0 else { return }
            var chunk = [UInt8](repeating: 7, count: 1000)
            for _ in 0..<25 { _ = chunk.withUnsafeMutableBytes { write(fd, $0.baseAddress, $0.count) } }
            close(fd)
        }
        writer.start()
        let file = try FileReader(path: path)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 10_000, alignment: 16)
        defer { buffer.deallocate() }
        #expect(try file.read(into: buffer) == 10_000)
        #expect(try file.read(into: buffer) == 10_000)
        #expect(try file.read(into: buffer) == 5_000)
        #expect(try file.read(into: buffer) == 0)
    }

    /// A missing file and a folder fail with one message naming the path.
    @Test func aFileThatCannotBeReadIsNamed() throws {
        let dir = try TemporaryDirectory("file-reader-bad")
        let missing = dir.path("nothing").path
        #expect(throws: StorageError.io(path: missing, reason: "cannot open for reading (No such file or directory)")) {
            _ = try FileReader(path: missing)
        }
        let folder = try FileReader(path: dir.url.path)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 16, alignment: 16)
        defer { buffer.deallocate() }
        #expect(throws: StorageError.io(path: dir.url.path, reason: "cannot be read (Is a directory)")) { _ = try folder.read(into: buffer) }
    }
}
