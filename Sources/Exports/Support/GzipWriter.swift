import CZlib
import Foundation

/// A gzip file (RFC 1952) written as it is made: the text given to ``write(_:)`` is deflated with
/// zlib (level 6, its default) into the file through 64 KiB buffers, so a table of hours is never
/// held whole, neither as text nor compressed. zlib's gzip header carries no file name and
/// modification time 0: the file is a function of its text (for one zlib version), so an export
/// repeated gives the same bytes. BIDS requires physiological recordings as `.tsv.gz`.
///
/// One writer per file, used by one task; ``finish()`` completes the member (the deflate stream's
/// end, CRC-32 and length) and closes the file. A writer dropped unfinished leaves a truncated
/// file, which the export's staging discards with the rest of a failed export.
final class GzipWriter {
    /// Bytes gathered before they are deflated, and the size of the output buffer.
    private static let chunk = 1 << 16

    private let path: String
    private let file: FileHandle
    private let stream: UnsafeMutablePointer<z_stream>
    private var pending: [UInt8] = []
    private var output: [UInt8]
    private var finished = false

    /// Creates (or truncates) the file at `url` and starts the gzip member.
    init(url: URL, level: Int32 = Z_DEFAULT_COMPRESSION) throws {
        path = url.path
        guard FileManager.default.createFile(atPath: url.path, contents: nil), let handle = FileHandle(forWritingAtPath: url.path) else {
            throw ExportError.io(path: url.path, reason: "cannot create the file")
        }
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let status = czlib_deflate_init_gzip(stream, level)
        guard status == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            try? handle.close()
            throw ExportError.io(path: url.path, reason: "zlib could not start a deflate stream (\(status))")
        }
        self.stream = stream
        file = handle
        output = [UInt8](repeating: 0, count: Self.chunk)
        pending.reserveCapacity(Self.chunk * 2)
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
        if !finished { try? file.close() }
    }

    /// Appends `text` (UTF-8) to the file's content.
    func write(_ text: String) throws {
        var text = text
        text.withUTF8 { pending.append(contentsOf: $0) }
        if pending.count >= Self.chunk { try drain(flush: Z_NO_FLUSH) }
    }

    /// Deflates what is pending, ends the gzip member and closes the file.
    func finish() throws {
        guard !finished else { return }
        try drain(flush: Z_FINISH)
        finished = true
        do { try file.close() } catch { throw ExportError.io(path: path, reason: "\(error)") }
    }

    /// Deflates the pending bytes with `flush` and writes what zlib produced; with `Z_FINISH` until
    /// the stream's end.
    private func drain(flush: Int32) throws {
        let count = pending.count
        let stream = stream
        try pending.withUnsafeMutableBufferPointer { input in
            stream.pointee.next_in = input.baseAddress
            stream.pointee.avail_in = uInt(count)
            defer { stream.pointee.next_in = nil }
            while true {
                let (status, produced) = output.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = uInt(out.count)
                    let status = deflate(stream, flush)
                    return (status, out.count - Int(stream.pointee.avail_out))
                }
                guard status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && flush != Z_FINISH) else {
                    throw ExportError.io(path: path, reason: "zlib deflate failed (\(status))")
                }
                if produced > 0 {
                    do { try file.write(contentsOf: output[0..<produced]) } catch { throw ExportError.io(path: path, reason: "\(error)") }
                }
                // zlib took all the input when it left output space; Z_FINISH runs to the stream's end.
                if flush == Z_FINISH ? status == Z_STREAM_END : produced < output.count { break }
            }
        }
        pending.removeAll(keepingCapacity: true)
    }
}
