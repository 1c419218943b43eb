import Foundation

/// A CSV file written row by row (RFC 4180: comma-separated, fields with commas, quotes or line
/// breaks quoted, `\n` line ends, UTF-8 without a byte-order mark). Numbers are written with
/// `String(describing:)` precision, missing values as `NaN` (pandas, R and MATLAB read it), so a
/// value is never confused with a measured 0.
final class CSVTable {
    private let handle: FileHandle
    private var buffer = ""

    /// Creates `url` and writes the header row.
    init(url: URL, header: [String]) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil), let handle = FileHandle(forWritingAtPath: url.path) else {
            throw ExportError.io(path: url.path, reason: "cannot create the file")
        }
        self.handle = handle
        try row(header)
    }

    /// Appends a row of text fields.
    func row(_ fields: [String]) throws {
        buffer += fields.map(Self.escape).joined(separator: ",") + "\n"
        if buffer.utf8.count >= 1 << 20 { try flush() }
    }

    /// Writes what is buffered and closes the file.
    func close() throws {
        try flush()
        try handle.close()
    }

    private func flush() throws {
        try handle.write(contentsOf: Data(buffer.utf8))
        buffer = ""
    }

    /// A field, quoted when it must be.
    static func escape(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A number as text: `NaN` for missing values, else the shortest text that reads back exactly.
    static func number(_ value: Double) -> String {
        value.isNaN ? "NaN" : "\(value)"
    }

    /// Seconds since the epoch with microseconds, as stored.
    static func time(_ seconds: Double) -> String {
        guard seconds.isFinite else { return "NaN" }
        let micros = Int64((seconds * 1_000_000).rounded())
        let magnitude = micros.magnitude
        let fraction = String(magnitude % 1_000_000)
        return (micros < 0 ? "-" : "") + String(magnitude / 1_000_000) + "." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}
