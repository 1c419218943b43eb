public import Foundation
import Storage

/// Reads input files (study files, answer files) with a size bound: a file over the bound is refused
/// after reading one byte past it, so a huge or endless input (a 200 MB array, `/dev/zero`) costs
/// neither minutes nor gigabytes before the one-line refusal.
package enum BoundedFile {
    /// Why a file was not read.
    package enum Failure: Error, Sendable, Equatable {
        /// There is no readable file at the path.
        case missing
        /// The file holds more than `limit` bytes.
        case tooLarge(limit: Int)
    }

    /// The most bytes a study file may hold: 8 MiB, some hundred times the example studies.
    package static let studyFileLimit = 8 << 20
    /// The most bytes an answers file (`run --answers`) may hold: 1 MiB.
    package static let answersFileLimit = 1 << 20

    /// The bytes of the file at `url`, at most `limit` of them (read with ``Storage/FileReader``: plain
    /// `read(2)` in pieces of at most 1 MiB, no `Data` per piece).
    package static func read(_ url: URL, limit: Int) throws(Failure) -> [UInt8] {
        guard let file = try? FileReader(path: url.path) else { throw .missing }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: min(1 << 20, limit + 1), alignment: 16)
        defer { buffer.deallocate() }
        var bytes: [UInt8] = []
        while bytes.count <= limit {
            let wanted = min(buffer.count, limit + 1 - bytes.count)
            let got: Int
            do {
                got = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<wanted]))
            } catch {
                throw .missing
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[0..<got]))
            if got < wanted { return bytes }
        }
        throw .tooLarge(limit: limit)
    }

    /// `limit` for messages: "8 MiB".
    package static func describe(_ limit: Int) -> String {
        limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit >> 10) KiB"
    }
}
