import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

/// What recovery cannot use is moved aside once, with one line, instead of being adopted or failing
/// every later recovery.
@Suite(.tags(.python))
struct RecoveryQuarantineTests {
    static let participant = "0C4E3F6A-2222-4A2B-8C3D-123456789ABC"

    /// An empty journal and one whose header is overwritten are renamed to `.damaged` with their
    /// `.partial` files; their `writing` catalog entries go; the next recovery finds nothing to do.
    @Test(arguments: ["empty", "garbage"])
    func aDamagedJournalIsQuarantinedOnce(_ damage: String) async throws {
        let dir = try TemporaryDirectory("recover-damaged")
        let store = try DataStore(root: dir.url)
        let (item, _) = try RecoveryTests.abandonedRecording(store: store, rows: 500, tear: false)
        let url = store.url(of: item.path)
        let journal = RecordingWriter.journalURL(for: url)
        try (damage == "empty" ? Data() : Data(repeating: 0x5A, count: 300)).write(to: journal)

        let first = await Recovery.run(store: store)
        #expect(first.problems.isEmpty, "\(first.problems)")
        #expect(first.quarantined.count == 2 && first.quarantined[0].contains("journal"), "\(first.quarantined)")
        #expect(FileManager.default.fileExists(atPath: journal.path + ".damaged"))
        #expect(!FileManager.default.fileExists(atPath: journal.path))
        #expect(try store.catalog.item(path: item.path) == nil)

        let second = await Recovery.run(store: store)
        #expect(second.isEmpty && second.inProgress.isEmpty, "\(second)")
    }

    /// A file named like a recording that is not a readable one (here: text, and an HDF5 file without
    /// a sampling rate) is not catalogued for upload; it is moved aside.
    @Test func aFileThatIsNotARecordingIsNeverAdopted() async throws {
        let dir = try TemporaryDirectory("recover-foreign")
        let store = try DataStore(root: dir.url)
        let folder = dir.path(Self.participant)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = folder.appendingPathComponent(FileNaming.recording(paradigm: "rest", day: 1, session: 0, run: 1, participant: Self.participant))
        try Data("not a recording".utf8).write(to: text)
        let malformed = try TemporaryDirectory("recover-malformed")
        try MalformedRecordings.write(into: malformed.url)
        let noRate = folder.appendingPathComponent(FileNaming.recording(paradigm: "rest", day: 1, session: 0, run: 2, participant: Self.participant))
        try FileManager.default.copyItem(at: malformed.path("rate_missing.h5"), to: noRate)

        let report = await Recovery.run(store: store)
        #expect(report.adopted.isEmpty, "\(report.adopted.map(\.path))")
        #expect(report.quarantined.count == 2, "\(report.quarantined)")
        #expect(try store.catalog.items().isEmpty)
        #expect(await Recovery.run(store: store).isEmpty)
    }
}
