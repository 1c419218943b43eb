import Foundation
import TestSupport
import Testing

@testable import Storage

/// Recordings that open but say something impossible are refused by `analyze` and `export` with exit
/// 65 and one line naming the file (issue 20, "Strict reading").
///
/// Before: a text `SamplingRate` beside the reference app's `samplingRate` read as 256 Hz; a `TimeStamp`
/// shorter than `Data` made the CSV time column switch from UTC to seconds-from-zero mid-file; an
/// event at sample 2⁶² was exported verbatim; a newline in a channel name split a row of the BIDS
/// `channels.tsv`.
@Suite(.tags(.process))
struct StrictReadingTests {
    static let cases = [
        "rate_text_reference_256", "rate_list", "timestamps_short", "events_outside", "events_negative", "names_control",
    ]

    @Test(arguments: cases)
    func analyzeAndExportRefuseIt(_ name: String) throws {
        let malformed = try TemporaryDirectory("cli-strict-files")
        try MalformedRecordings.write(into: malformed.url)
        let file = malformed.path(name + ".h5")
        let analyzed = try CLI.run(["analyze", file.path])
        #expect(analyzed.status == 65, "analyze \(name): \(analyzed.status) \(analyzed.stderr)")
        BadRecordingTests.expectOneLine(analyzed, naming: file.path, "analyze \(name)")

        // The same file as a catalogued recording of a data folder, exported in every format.
        let dir = try TemporaryDirectory("cli-strict-export")
        let store = try DataStore(root: dir.path("data"))
        let stored = try store.participantFolder("P").appendingPathComponent(
            FileNaming.recording(paradigm: "rest", day: 1, session: 1, run: 1, participant: "P"))
        try FileManager.default.copyItem(at: file, to: stored)
        let fingerprint = try FileFingerprint(of: stored)
        let item = CatalogItem(
            kind: .recording, path: store.relativePath(of: stored), participant: "P", run: 1, size: fingerprint.size, sha256: fingerprint.sha256,
            state: .pending)
        try store.catalog.insert(item)
        for format in ["csv", "edf", "bids"] {
            let out = dir.path("out-" + format)
            let exported = try CLI.run(["export", item.path, "--format", format, "--data", store.root.path, "--out", out.path])
            #expect(exported.status == 65, "export \(format) \(name): \(exported.status) \(exported.stderr)")
            BadRecordingTests.expectOneLine(exported, naming: item.path, "export \(format) \(name)")
        }
    }
}
