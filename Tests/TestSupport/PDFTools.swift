public import Foundation

/// Poppler's and qpdf's command-line tools, for tests that check a typeset PDF as a reader sees it:
/// its text (`pdftotext`), its fonts (`pdffonts`), its page count and size (`pdfinfo`), its structure
/// (`qpdf --check`) and a page as a picture (`pdftoppm`).
public enum PDFTools {
    /// The tools these helpers run, for `Executables.available`.
    public static let names = ["pdftotext", "pdffonts", "pdfinfo", "qpdf", "pdftoppm"]

    /// One font as `pdffonts` lists it.
    public struct Font: Sendable, Equatable {
        /// The font's name (a subset's has a `ABCDEF+` prefix).
        public var name: String
        /// Whether the font is embedded in the file.
        public var embedded: Bool
    }

    /// The text of `pdf` in reading order, pages separated by form feeds.
    public static func text(of pdf: URL) throws -> String {
        try run("pdftotext", ["-enc", "UTF-8", pdf.path, "-"]).stdout
    }

    /// The lines of `pdf`'s text, without the form feeds between pages and the spaces around them.
    public static func lines(of pdf: URL) throws -> [String] {
        try text(of: pdf).split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: CharacterSet(charactersIn: "\u{0C}").union(.whitespaces))
        }
    }

    /// The fonts `pdf` uses.
    public static func fonts(of pdf: URL) throws -> [Font] {
        let lines = try run("pdffonts", [pdf.path]).stdout.split(separator: "\n").dropFirst(2)
        return lines.map { line in
            let fields = line.split(separator: " ")
            // name … emb sub uni object generation: "emb" is the fifth field from the end.
            return Font(name: String(fields[0]), embedded: fields.count >= 5 && fields[fields.count - 5] == "yes")
        }
    }

    /// `pdfinfo`'s fields (`Pages`, `Page size`, `Title`, …).
    public static func info(of pdf: URL) throws -> [String: String] {
        var fields: [String: String] = [:]
        for line in try run("pdfinfo", [pdf.path]).stdout.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return fields
    }

    /// `qpdf --check`'s result (status 0 when the file's structure is sound).
    public static func check(_ pdf: URL) throws -> ProcessResult {
        try ProcessRunner.run(try Executables.require("qpdf"), ["--check", pdf.path])
    }

    /// Renders page `page` (from 1) of `pdf` at `resolution` dots per inch as a PNG to `png`.
    public static func render(_ pdf: URL, page: Int = 1, resolution: Int = 60, to png: URL) throws {
        let prefix = png.deletingPathExtension()
        _ = try run("pdftoppm", ["-png", "-r", "\(resolution)", "-f", "\(page)", "-l", "\(page)", "-singlefile", pdf.path, prefix.path])
    }

    /// `text` without any white space: typeset text compared with what was given, whatever the line
    /// breaks.
    public static func compact(_ text: String) -> String {
        String(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) && $0 != "\u{0C}" }.map(Character.init))
    }

    private static func run(_ tool: String, _ arguments: [String]) throws -> ProcessResult {
        let result = try ProcessRunner.run(try Executables.require(tool), arguments)
        guard result.status == 0 else { throw TestToolError.failed("\(tool) \(arguments.joined(separator: " ")): \(result.stderr)") }
        return result
    }
}
