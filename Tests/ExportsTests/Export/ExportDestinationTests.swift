import Foundation
import TestSupport
import Testing

@testable import Exports

/// Exports never land in the data folder, however the path is spelled.
struct ExportDestinationTests {
    @Test func refusesTheDataFolderThroughDotsAndSymbolicLinks() throws {
        let dir = try TemporaryDirectory("destination")
        let data = dir.path("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: dir.path("link"), withDestinationURL: data)
        for folder in [data, data.appendingPathComponent("exports"), dir.path("other/../data/x"), dir.path("link/new/deeper")] {
            #expect(throws: ExportError.self, "\(folder.path)") { try ExportDestination(folder: folder, dataFolder: data) }
        }
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("exports").path))
        let sibling = try ExportDestination(folder: dir.path("data-exports"), dataFolder: data)
        #expect(sibling.folder.lastPathComponent == "data-exports")
        // A written file appears only under its final name; a second write is refused.
        let written = try sibling.write("a.txt") { try Data("x".utf8).write(to: $0) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: sibling.folder.path) == ["a.txt"] && written.url.lastPathComponent == "a.txt")
        #expect(throws: ExportError.self) { try sibling.write("a.txt") { try Data("y".utf8).write(to: $0) } }
        #expect(throws: (any Error).self) { try sibling.write("b.txt") { _ in throw ExportError.io(path: "b", reason: "failed") } }
        #expect(try FileManager.default.contentsOfDirectory(atPath: sibling.folder.path) == ["a.txt"], "no half file left")
    }
}
