import Foundation
import TestSupport
import Testing

@testable import Exports

/// Publishing a staged export never replaces a file, yet completes a repeated export of the same
/// items: a name already taken by the same bytes counts as published.
struct ExportStagingTests {
    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static func manifest() -> ExportStaging.Manifest { .init(items: [], replacing: [], last: []) }

    /// What a run killed while its staging folder was being removed leaves (the files published, the
    /// manifest gone): the same export again publishes, and what is new arrives beside it.
    @Test func aFileWithTheSameBytesCountsAsPublished() throws {
        let dir = try TemporaryDirectory("staging-same")
        let out = dir.path("out")
        try Self.write("recording", to: out.appendingPathComponent("sub-1/eeg/run-1.edf"))
        let staging = try ExportStaging(in: out)
        try Self.write("recording", to: staging.content.appendingPathComponent("sub-1/eeg/run-1.edf"))
        try Self.write("sidecar", to: staging.content.appendingPathComponent("sub-1/eeg/run-1.json"))
        try staging.publish(into: out, manifest: Self.manifest(), permissions: .shared)
        #expect(try String(contentsOf: out.appendingPathComponent("sub-1/eeg/run-1.edf"), encoding: .utf8) == "recording")
        #expect(try String(contentsOf: out.appendingPathComponent("sub-1/eeg/run-1.json"), encoding: .utf8) == "sidecar")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.path) == ["sub-1"], "the staging folder is gone")
    }

    /// Two files are the same content only byte for byte: equal across several 1 MiB pieces, one
    /// byte apart at the very end, different sizes, empty, and a symbolic link (never followed).
    @Test func sameContentComparesEveryByte() throws {
        let dir = try TemporaryDirectory("staging-compare")
        var bytes = [UInt8]((0..<(2 << 20) + 3).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let a = dir.path("a"), b = dir.path("b"), c = dir.path("c"), d = dir.path("d"), e = dir.path("e"), f = dir.path("f"), link = dir.path("link")
        try Data(bytes).write(to: a)
        try Data(bytes).write(to: b)
        bytes[bytes.count - 1] ^= 1
        try Data(bytes).write(to: c)
        try Data(bytes.dropLast()).write(to: d)
        try Data().write(to: e)
        try Data().write(to: f)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: a)
        #expect(ExportStaging.sameContent(a, b))
        #expect(!ExportStaging.sameContent(a, c), "the last byte differs")
        #expect(!ExportStaging.sameContent(c, d), "one byte shorter")
        #expect(ExportStaging.sameContent(e, f), "two empty files")
        #expect(!ExportStaging.sameContent(a, link), "a symbolic link is not a regular file")
        #expect(!ExportStaging.sameContent(a, dir.path("missing")))
    }

    /// A taken name with other bytes (of the same size, or not) is refused and left as it was.
    @Test(arguments: ["other!!!!", "longer than before"])
    func aFileWithOtherBytesIsNeverReplaced(existing: String) throws {
        let dir = try TemporaryDirectory("staging-other")
        let out = dir.path("out")
        try Self.write(existing, to: out.appendingPathComponent("sub-1/run-1.edf"))
        let staging = try ExportStaging(in: out)
        try Self.write("recording", to: staging.content.appendingPathComponent("sub-1/run-1.edf"))
        #expect(throws: ExportError.self) { try staging.publish(into: out, manifest: Self.manifest(), permissions: .shared) }
        #expect(try String(contentsOf: out.appendingPathComponent("sub-1/run-1.edf"), encoding: .utf8) == existing)
    }

    /// Writing into a staging folder a name the published destination holds: the same bytes are
    /// written (publication then keeps the file there), other bytes are refused at once, naming the
    /// published file, which stays as it was.
    @Test func aStagedWriteOfAPublishedNameNeedsTheSameBytes() throws {
        let dir = try TemporaryDirectory("staging-write")
        let out = dir.path("out")
        try Self.write("recording", to: out.appendingPathComponent("sub-1/run-1.edf"))
        let staging = try ExportStaging(in: out)
        let destination = ExportDestination(staging: staging.content, published: out)
        let written = try destination.write("run-1.edf", in: "sub-1") { try Data("recording".utf8).write(to: $0) }
        #expect(FileManager.default.fileExists(atPath: written.url.path))
        try Self.write("other", to: out.appendingPathComponent("sub-1/run-3.edf"))
        let refused = #expect(throws: ExportError.self) { try destination.write("run-3.edf", in: "sub-1") { try Data("recording".utf8).write(to: $0) } }
        #expect(refused.map { "\($0)" }?.contains("out/sub-1/run-3.edf") == true, "\(String(describing: refused))")
        #expect(try String(contentsOf: out.appendingPathComponent("sub-1/run-3.edf"), encoding: .utf8) == "other")
        try staging.publish(into: out, manifest: Self.manifest(), permissions: .shared)
        #expect(try String(contentsOf: out.appendingPathComponent("sub-1/run-1.edf"), encoding: .utf8) == "recording")
    }
}
