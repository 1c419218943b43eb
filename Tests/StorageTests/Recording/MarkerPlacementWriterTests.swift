import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

/// A marker whose sample reached the file before the marker was known still lands on that sample:
/// in `/Recording/Marker`, in the events table, and after a crash, from the journal.
struct MarkerPlacementWriterTests {
    /// Source index `index` of a recording whose first row is source sample 1000 (it started mid-run).
    func placed(_ code: Int32, at index: Int64) -> PlacedMarker {
        PlacedMarker(marker: Marker(code: code, label: "m\(code)"), moment: Double(index) / 256, sample: index, sampleTime: Double(index) / 256)
    }

    func blocks() -> [SampleBlock] {
        var generator = OscillatorGenerator(configuration: .init(seed: 3, startTime: 1000 / 256))
        _ = generator.next(1000)
        return (0..<4).map { _ in generator.next(300)[0] }
    }

    @Test func markersGoOntoWrittenAndBufferedRowsAndStayInsideTheData() throws {
        let dir = try TemporaryDirectory("placed")
        let url = dir.path("p.h5")
        let writer = try RecordingWriter(url: url, metadata: RecordingWriterTests.metadata())
        let b = blocks()
        try writer.place(placed(1, at: 990))  // before the first row: lands on row 0
        try writer.append(b[0])
        try writer.append(b[1])
        try writer.flush()  // rows 0..<600 are in the file now
        try writer.place(placed(2, at: 1010))  // written row 10
        try writer.append(b[2])
        try writer.place(placed(3, at: 1650))  // buffered row 650
        try writer.append(b[3])
        // After the last row (the run ended inside a gap): source sample 2250 is row 1250, and rows
        // 1200...1250 are added as lost samples with a gap event; far beyond, the last row.
        try writer.place(placed(4, at: 2250))
        try writer.place(placed(5, at: 1000 + 1251 + 121 * 256))
        let summary = try writer.finish(.complete)
        #expect(summary.samples == 1251 && summary.gapSamples == 51)
        #expect(summary.events == 6)
        let (s, _) = try RecordingWriterTests.inspect(url, in: dir)
        #expect(s.shape[0] == 1251 && s.nan_rows == 51)
        #expect(s.markers == [[0, 1], [10, 2], [650, 3], [1250, 5]])
        #expect(
            Set(zip(s.events.sample, s.events.code).map { [$0, Int64($1)] }) == [[0, 1], [10, 2], [650, 3], [1200, -1], [1250, 4], [1250, 5]])
        #expect(s.events.label.contains("gap 51 samples"))
        let at10 = try #require(s.events.code.firstIndex(of: 2))
        #expect(abs(s.events.time[at10] - 1010.0 / 256) < 1e-9)
        let at2250 = try #require(s.events.code.firstIndex(of: 4))
        #expect(abs(s.events.time[at2250] - 2250.0 / 256) < 1e-6)
        #expect(s.events.sample.allSatisfy { $0 >= 0 && $0 < 1251 })
    }

    @Test func aMarkerPlacedOnAWrittenRowIsRecoveredFromTheJournal() async throws {
        let dir = try TemporaryDirectory("placed-recover")
        let store = try DataStore(root: dir.url)
        let participant = "0C4E3F6A-1111-4A2B-8C3D-123456789ABC"
        let url = try store.unusedURL(
            participant: participant, fileName: FileNaming.recording(paradigm: "rt", day: 1, session: 0, run: 1, participant: participant))
        let item = CatalogItem(
            kind: .recording, path: store.relativePath(of: url), participant: participant, title: "rt", day: 1, session: 0, run: 1, state: .writing,
            outcome: .incomplete(reason: nil))
        try store.catalog.insert(item)
        do {
            let writer = try RecordingWriter(url: url, metadata: RecordingWriterTests.metadata())
            let b = blocks()
            try writer.append(b[0])
            try writer.flush()
            try writer.place(placed(42, at: 1100))
            try writer.append(b[1])
            try writer.flush()
        }  // abandoned like a killed process
        let report = await Recovery.run(store: store)
        #expect(report.rebuilt.map(\.path) == [item.path])
        let reader = try RecordingReader(url: url)
        let events = try reader.events().filter { $0.code == 42 }
        #expect(events.map(\.sample) == [100])
        let rows = try reader.readBlock(from: 0, count: 600)
        #expect(rows.markers.filter { $0.marker.code == 42 }.map(\.row) == [100])
    }
}
