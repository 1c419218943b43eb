public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A page rendered by Debian's real `chromium` in headless mode, for the report tests: its DOM after
/// parsing (`--dump-dom`), the console messages the page caused (CSP violations, script errors) and
/// a screenshot. Each call uses a fresh profile under the temporary directory and no network (every
/// host name resolves to nothing, no proxy); as root it needs `--no-sandbox`.
public enum HeadlessChromium {
    /// A rendered page.
    public struct Rendering: Sendable {
        /// The serialised DOM.
        public var dom: String
        /// Console messages, one per line Chromium logged (`INFO:CONSOLE…`).
        public var console: [String]
        /// The screenshot (PNG), when one was asked for.
        public var screenshot: Data?
    }

    /// Why rendering failed.
    public enum Failure: Error, CustomStringConvertible {
        /// Chromium is not installed.
        case missing
        /// It exited with an error or wrote nothing.
        case failed(String)

        public var description: String {
            switch self {
            case .missing:
                "chromium is not installed: the report tests render in a real headless browser (scripts/bootstrap installs Debian's chromium)"
            case .failed(let why): "chromium failed: \(why)"
            }
        }
    }

    /// The browser: `chromium` on PATH (Debian's package), else `chromium-browser`.
    public static var executable: URL? { Executables.find("chromium") ?? Executables.find("chromium-browser") }

    /// Renders `file` at `width` × `height` CSS pixels: the DOM and console, and with `screenshot` a
    /// PNG of the window.
    public static func render(_ file: URL, width: Int = 1000, height: Int = 1400, screenshot: Bool = true) throws -> Rendering {
        guard let chromium = executable else { throw Failure.missing }
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("chromium-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var common = [
            "--headless", "--disable-gpu", "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync",
            "--disable-background-networking", "--disable-component-update", "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9",
            "--enable-logging=stderr", "--v=0", "--hide-scrollbars", "--window-size=\(width),\(height)",
        ]
        if geteuid() == 0 { common.append("--no-sandbox") }
        let url = file.absoluteURL.absoluteString
        let environment = ["HOME": scratch.path, "XDG_CONFIG_HOME": scratch.path, "XDG_CACHE_HOME": scratch.path]
        let dumped = try ProcessRunner.run(
            chromium, common + ["--user-data-dir=\(scratch.appendingPathComponent("dom").path)", "--dump-dom", url], environment: environment)
        guard dumped.status == 0, dumped.stdout.contains("<html") else {
            throw Failure.failed("--dump-dom exit \(dumped.status): \(dumped.stderr.suffix(400))")
        }
        var console = consoleLines(dumped.stderr)
        var png: Data?
        if screenshot {
            let target = scratch.appendingPathComponent("shot.png")
            let shot = try ProcessRunner.run(
                chromium, common + ["--user-data-dir=\(scratch.appendingPathComponent("shot").path)", "--screenshot=\(target.path)", url],
                environment: environment)
            guard shot.status == 0, let data = try? Data(contentsOf: target) else {
                throw Failure.failed("--screenshot exit \(shot.status): \(shot.stderr.suffix(400))")
            }
            console += consoleLines(shot.stderr)
            png = data
        }
        return Rendering(dom: dumped.stdout, console: console, screenshot: png)
    }

    /// Prints `file` to PDF (A4/Letter as Chromium defaults, no header or footer) as the print CSS
    /// lays it out, and returns the PDF.
    public static func printPDF(_ file: URL) throws -> Data {
        guard let chromium = executable else { throw Failure.missing }
        let scratch = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("chromium-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let target = scratch.appendingPathComponent("page.pdf")
        var arguments = [
            "--headless", "--disable-gpu", "--no-first-run", "--host-resolver-rules=MAP * ~NOTFOUND", "--proxy-server=127.0.0.1:9",
            "--user-data-dir=\(scratch.appendingPathComponent("profile").path)", "--no-pdf-header-footer", "--print-to-pdf=\(target.path)",
        ]
        if geteuid() == 0 { arguments.append("--no-sandbox") }
        let result = try ProcessRunner.run(chromium, arguments + [file.absoluteURL.absoluteString], environment: ["HOME": scratch.path])
        guard result.status == 0, let data = try? Data(contentsOf: target) else {
            throw Failure.failed("--print-to-pdf exit \(result.status): \(result.stderr.suffix(400))")
        }
        return data
    }

    /// The number of pages of a PDF Chromium wrote (its page tree's `/Count`), or `nil`.
    public static func pdfPageCount(_ pdf: Data) -> Int? {
        let text = String(decoding: pdf, as: UTF8.self)
        guard text.hasPrefix("%PDF"), let range = text.range(of: "/Count ") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }

    /// The console messages in Chromium's log (`[…:INFO:CONSOLE(1)] "message", source: …`).
    static func consoleLines(_ log: String) -> [String] {
        log.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
    }

    /// Width and height of a PNG, from its IHDR chunk; `nil` when `data` is not a PNG.
    public static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data.prefix(24))
        guard bytes.count == 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        func be(_ i: Int) -> Int { bytes[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }
}
