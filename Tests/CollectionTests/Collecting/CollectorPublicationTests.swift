import Foundation
import Storage
import Study
import TestSupport
import Testing

@testable import Collection

/// `collect` adds recordings to the dataset in publications of a bounded size (its memory would
/// otherwise grow with the study: docs/performance.md, "Collect"); the dataset must not depend on it.
@Suite
struct CollectorPublicationTests {
    @Test func publicationsOfOneRecordingMakeTheSameDatasetAsOne() async throws {
        let dir = try TemporaryDirectory("collect-publications")
        let uploads = StudyOverviewFileTests.Uploads(root: dir.path("uploads"))
        let made = dir.path("made")
        try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
        let people = ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"]
        for (k, who) in people.enumerated() {
            try uploads.recording(participant: who, day: 1, session: 1, run: 1, grades: [[1, 1, 2, 1]], outcome: .complete, in: made)
            try uploads.recording(participant: who, day: 2, session: 3, run: 2 + k, grades: [[1, 2, 1, 1]], outcome: .complete, in: made)
        }
        let study = try StudyLoader.load(folder: ProjectPaths.root.appendingPathComponent("Studies/reaction-time"))

        var one = Collector(source: .folder(uploads.root), study: study, out: dir.path("one"))
        one.publicationSize = 100
        var each = Collector(source: .folder(uploads.root), study: study, out: dir.path("each"))
        each.publicationSize = 1
        let first = try await one.run(), second = try await each.run()
        #expect(first.exported.count == 4 && second.exported.count == 4 && first.problems.isEmpty && second.problems.isEmpty)
        let a = try Self.files(dir.path("one")), b = try Self.files(dir.path("each"))
        #expect(a.keys.sorted() == b.keys.sorted())
        #expect(a.keys.contains { $0.hasSuffix("_eeg.edf") })
        for (path, bytes) in a {
            #expect(b[path] == bytes, "\(path) differs between one publication and four")
        }
        // The state says every recording is in the dataset: nothing is exported again.
        let again = try await each.run()
        #expect(again.exported.isEmpty && again.collected.isEmpty)
    }

    /// Every file of the dataset outside `.collect`, by relative path.
    private static func files(_ root: URL) throws -> [String: Data] {
        var found: [String: Data] = [:]
        let base = root.standardizedFileURL.path + "/"
        for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) ?? .init()
        where (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
            let path = String(url.standardizedFileURL.path.dropFirst(base.count))
            if path.hasPrefix(".collect/") { continue }
            found[path] = try Data(contentsOf: url)
        }
        return found
    }
}
