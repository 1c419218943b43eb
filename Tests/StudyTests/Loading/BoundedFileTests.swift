import Foundation
import TestSupport
import Testing

@testable import Study

/// Oversized inputs are refused at once; large-but-allowed ones cost time and memory in proportion to
/// their size.
struct BoundedFileTests {
    /// A study file one byte over the bound is an invalid study with one error, read no further than
    /// one byte past the bound; an endless input (`/dev/zero`) ends the same way instead of hanging.
    @Test func aStudyFileOverTheBoundIsRefusedAtOnce() throws {
        let dir = try TemporaryDirectory("study-too-large")
        let file = dir.path("study.json")
        try Data(repeating: UInt8(ascii: " "), count: BoundedFile.studyFileLimit + 1).write(to: file)
        do {
            _ = try StudyLoader.load(folder: dir.url)
            Issue.record("an oversized study loaded")
        } catch {
            guard case .invalid(let failure) = error else { Issue.record("\(error)"); return }
            #expect(failure.errors.count == 1 && failure.description.contains("at most 8 MiB"), "\(failure)")
        }
        let report = try StudyLoader.check(folder: dir.url)
        #expect(report.study == nil && report.errors.count == 1)
        #expect(throws: BoundedFile.Failure.tooLarge(limit: 1024)) {
            try BoundedFile.read(URL(fileURLWithPath: "/dev/zero"), limit: 1024)
        }
        #expect(throws: BoundedFile.Failure.missing) { try BoundedFile.read(dir.path("nothing.json"), limit: 1024) }
        #expect(try BoundedFile.read(file, limit: BoundedFile.studyFileLimit + 1).count == BoundedFile.studyFileLimit + 1)
    }

    /// Below the bound the bytes come back exactly, over several 1 MiB pieces and at exactly the bound;
    /// a folder is not a readable file.
    @Test func aFileWithinTheBoundIsReadExactly() throws {
        let dir = try TemporaryDirectory("study-bound-exact")
        let file = dir.path("answers.json")
        let bytes = (0..<(2 << 20) + 5).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: file)
        #expect(try BoundedFile.read(file, limit: bytes.count) == bytes)
        #expect(try BoundedFile.read(file, limit: 3 << 20) == bytes)
        #expect(throws: BoundedFile.Failure.tooLarge(limit: bytes.count - 1)) { try BoundedFile.read(file, limit: bytes.count - 1) }
        #expect(throws: BoundedFile.Failure.missing) { try BoundedFile.read(dir.url, limit: 1024) }
    }

    /// An array of 500 000 values where days belong lists the first errors and says how many more there
    /// are, instead of collecting (and de-duplicating, pairwise) half a million of them.
    @Test func millionsOfWrongValuesAreReportedInAScreenful() throws {
        let text = #"{"id": "x", "days": ["# + Array(repeating: "1", count: 500_000).joined(separator: ",") + "]}"
        let started = ContinuousClock.now
        let report = StudyValidator.check(bytes: Array(text.utf8), file: "big.json")
        #expect(report.study == nil)
        #expect(report.errors.count <= DocumentReader.maximumErrors + 1)
        #expect(report.errors.last?.message.contains("more are not listed") == true, "\(report.errors.last?.description ?? "")")
        #expect(ContinuousClock.now - started < .seconds(60))
    }

    /// An object with 200 000 keys parses without comparing every key with every other one.
    @Test func manyKeysParseInLinearTime() throws {
        let text = "{" + (0..<200_000).map { "\"k\($0)\": 1" }.joined(separator: ",") + "}"
        let started = ContinuousClock.now
        var parser = PositionedJSONParser(text)
        let root = try parser.parse()
        guard case .object(let members) = root.value else { Issue.record("not an object"); return }
        #expect(members.count == 200_000)
        #expect(ContinuousClock.now - started < .seconds(30))
        var duplicate = PositionedJSONParser(#"{"a": 1, "b": 2, "a": 3}"#)
        #expect(throws: JSONSyntaxError.self) { try duplicate.parse() }
    }
}
