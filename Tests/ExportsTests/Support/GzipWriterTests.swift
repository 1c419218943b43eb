import Foundation
import TestSupport
import Testing

@testable import Exports

/// The gzip writer deflates (the file is a fraction of its text, where stored blocks made it larger),
/// Python's `gzip` reads back the exact text written in pieces of every size, an export repeated
/// gives the same bytes, and empty text is a valid empty member.
@Suite(.tags(.python))
struct GzipWriterTests {
    /// A physio-like table: 16 integer columns, 20 000 rows (1.8 MB), every 500th row `n/a`.
    static func table() -> [String] {
        var lines: [String] = []
        var state: UInt32 = 12_345
        for row in 0..<20_000 {
            if row % 500 == 0 {
                lines.append(Array(repeating: "n/a", count: 16).joined(separator: "\t") + "\n")
                continue
            }
            var fields: [String] = []
            for c in 0..<16 {
                state = state &* 1_103_515_245 &+ 12_345
                fields.append(String(100_000 * (c % 4 + 1) + Int(row % 64) * 1_000 + Int(state >> 22)))
            }
            lines.append(fields.joined(separator: "\t") + "\n")
        }
        return lines
    }

    static func write(_ pieces: [String], to url: URL) throws {
        let gzip = try GzipWriter(url: url)
        for piece in pieces { try gzip.write(piece) }
        try gzip.finish()
    }

    @Test func pythonReadsBackTheTextFromADeflatedFile() throws {
        let dir = try TemporaryDirectory("gzip")
        let lines = Self.table()
        // Pieces of one line, of many lines (past the 64 KiB buffer), and one of 300 KB.
        var pieces: [String] = []
        var index = 0
        while index < lines.count {
            let size = [1, 7, 900, 3_400][pieces.count % 4]
            pieces.append(lines[index..<min(index + size, lines.count)].joined())
            index += size
        }
        let text = lines.joined()
        let file = dir.path("table.tsv.gz"), again = dir.path("again.tsv.gz"), text1 = dir.path("table.tsv")
        try Self.write(pieces, to: file)
        try Self.write([text], to: again)
        try Data(text.utf8).write(to: text1)
        let empty = dir.path("empty.tsv.gz")
        try Self.write([], to: empty)
        let script = """
            import gzip, json, sys
            gz, plain, empty = sys.argv[1:4]
            print(json.dumps({'equal': gzip.open(gz, 'rb').read() == open(plain, 'rb').read(), 'empty': gzip.open(empty, 'rb').read() == b''}))
            """
        struct Back: Decodable { var equal: Bool; var empty: Bool }
        let back = try PythonTool.json(Back.self, script: script, arguments: [file.path, text1.path, empty.path])
        #expect(back.equal && back.empty)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        #expect(size < text.utf8.count / 2, "deflated: \(size) bytes of \(text.utf8.count)")
        #expect(try Data(contentsOf: file) == Data(contentsOf: again), "the bytes are a function of the text, not of its pieces")
    }
}
