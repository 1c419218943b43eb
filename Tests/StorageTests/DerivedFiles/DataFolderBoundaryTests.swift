import Foundation
import Storage
import TestSupport
import Testing

/// The one rule the scratch folder, the exports' `--out` and a report's file obey: not the data
/// folder, not inside it, however the path is spelled.
struct DataFolderBoundaryTests {
    @Test func theDataFolderAndWhatLiesInItAreInsideThroughDotsAndSymbolicLinks() throws {
        let dir = try TemporaryDirectory("boundary")
        let data = dir.path("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: dir.path("link"), withDestinationURL: data)
        let boundary = DataFolderBoundary(dataFolder: data)
        for inside in [data, data.appendingPathComponent("exports"), dir.path("other/../data/x"), dir.path("link"), dir.path("link/new/deeper")] {
            #expect(boundary.contains(inside), "\(inside.path)")
            #expect(boundary.contains(file: inside.appendingPathComponent("report.html")), "\(inside.path)")
        }
        // A sibling whose name starts like the data folder's is outside.
        for outside in [dir.path("data-exports"), dir.path("dat"), dir.url] {
            #expect(!boundary.contains(outside), "\(outside.path)")
        }
        // The data folder named through the link is the same data folder.
        #expect(DataFolderBoundary(dataFolder: dir.path("link")).contains(data.appendingPathComponent("x")))
    }

    /// A file is written by a rename, which replaces a symbolic link: the file's own name is not
    /// followed, only the folder it goes into.
    @Test func aFilesOwnNameIsNotFollowed() throws {
        let dir = try TemporaryDirectory("boundary-file")
        let data = dir.path("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let target = data.appendingPathComponent("report.html")
        try Data("old".utf8).write(to: target)
        let link = dir.path("report.html")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let boundary = DataFolderBoundary(dataFolder: data)
        #expect(!boundary.contains(file: link))
        #expect(boundary.contains(link), "as a folder path, the link is followed")
    }
}
