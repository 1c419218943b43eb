import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

struct RecoveryTests {
    /// Writes `rows` samples through a session-like sequence and then abandons the writer the way a
    /// killed process would (no finish), optionally tearing the journal's last record.
    static func abandonedRecording(store: DataStore, rows: Int, tear: Bool) throws -> (CatalogItem, SampleBlock) {
        let participant = "0C4E3F6A-1111-4A2B-8C3D-123456789ABC"
        let url = try store.unusedURL(
            participant: participant, fileName: FileNaming.recording(paradigm: "rest", day: 1, session: 2, run: 3, participant: participant))
        let meta = RecordingMetadata(
            participant: participant, study: "s", day: 1, session: 2, run: 3, paradigm: Paradigm(title: "rest"),
            source: OscillatorConfiguration().descriptor)
        let item = CatalogItem(
            kind: .recording, path: store.relativePath(of: url), participant: participant, title: "rest", day: 1, session: 2, run: 3, state: .writing,
            outcome: .incomplete(reason: nil))
        try store.catalog.insert(item)
        var generator = OscillatorGenerator(configuration: .init(seed: 1, startTime: 50))
        var frames = generator.next(rows)[0]
        frames.markers = [BlockMarker(row: 100, marker: Marker(code: 310, label: "fixation"))]
        do {
            let writer = try RecordingWriter(url: url, metadata: meta)
            try writer.append(frames)
            try writer.appendSeries(group: "Quality", name: "Q", time: 50.5, values: [1, 2, 3, 4])
            try writer.flush()
        }  // dropped without finish: like a crash, the journal and the .partial stay
        if tear {
            let handle = try FileHandle(forWritingTo: RecordingWriter.journalURL(for: url))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data([1, 0xFF, 0xFF, 0, 0, 9, 9]))  // a record cut off mid-write
            try handle.close()
        }
        return (item, frames)
    }

    @Test(arguments: [false, true])
    func journalIsRebuiltIntoAValidIncompleteRecording(tear: Bool) async throws {
        let dir = try TemporaryDirectory("recover")
        let store = try DataStore(root: dir.url)
        let (item, frames) = try Self.abandonedRecording(store: store, rows: 1000, tear: tear)
        let url = store.url(of: item.path)
        #expect(FileManager.default.fileExists(atPath: RecordingWriter.journalURL(for: url).path))

        let report = await Recovery.run(store: store)
        #expect(report.rebuilt.map(\.path) == [item.path])
        #expect(report.problems.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: RecordingWriter.journalURL(for: url).path))
        #expect(!FileManager.default.fileExists(atPath: RecordingWriter.partialURL(for: url).path))

        let reader = try RecordingReader(url: url)
        #expect(reader.sampleCount == 1000)
        #expect(!reader.outcome.isComplete)
        #expect(try reader.readBlock(from: 0, count: 1000).values == frames.values)
        let events = try reader.events()
        #expect(events.first?.code == 310 && events.first?.sample == 100)
        #expect(events.last?.code == Marker.interruptedCode)
        #expect(try reader.series(group: "Quality", name: "Q")?.values == [1, 2, 3, 4])

        let stored = try #require(try store.catalog.item(id: item.id))
        #expect(stored.state == .pending)
        #expect(stored.outcome == .incomplete(reason: "recovered after a crash; 1000 samples kept"))
        #expect(stored.sha256 == (try SHA256.hex(ofFile: url)))
        // A second run finds nothing to do.
        #expect(await Recovery.run(store: store).isEmpty)
    }

    @Test func filesWithoutCatalogEntryAreAdoptedAndForeignFilesIgnored() async throws {
        let dir = try TemporaryDirectory("adopt")
        let store = try DataStore(root: dir.url)
        let participant = "A1B2C3D4-0000-4000-8000-000000000001"
        let folder = try store.participantFolder(participant)
        let name = FileNaming.questionnaire(title: "motivation", day: 2, session: 4, run: 9, participant: participant)
        try Data("{\"answers\":{}}".utf8).write(to: folder.appendingPathComponent(name))
        try Data("notes".utf8).write(to: folder.appendingPathComponent("README.txt"))
        let report = await Recovery.run(store: store)
        #expect(report.adopted.count == 1)
        let item = try #require(report.adopted.first)
        #expect(item.kind == .questionnaire)
        #expect(item.title == "motivation" && item.day == 2 && item.session == 4 && item.run == 9)
        #expect(item.participant == participant)
        #expect(item.state == .pending)
        #expect(try store.catalog.items().count == 1)
    }

    /// Each folder's catalogued paths are read in one query: a file catalogued in a folder whose name
    /// starts like this one's (`P` and `P2`) does not hide this folder's uncatalogued file, a
    /// catalogued file is not adopted twice, and a symbolic link to a folder is not followed.
    @Test func adoptionComparesEachFolderWithItsOwnCatalogEntries() async throws {
        let dir = try TemporaryDirectory("adopt-folders")
        let store = try DataStore(root: dir.url)
        let names = ["P", "P2"].map { FileNaming.questionnaire(title: "mood", day: 1, session: 1, run: 1, participant: $0) }
        for (participant, name) in zip(["P", "P2"], names) {
            try Data("{\"answers\":{}}".utf8).write(to: try store.participantFolder(participant).appendingPathComponent(name))
        }
        // P2's file is catalogued; P's has the same name pattern but is not.
        try store.catalog.insert(CatalogItem(kind: .questionnaire, path: "P2/\(names[1])", participant: "P2", state: .pending))
        let elsewhere = try TemporaryDirectory("adopt-elsewhere")
        try Data("{\"answers\":{}}".utf8).write(to: elsewhere.url.appendingPathComponent(FileNaming.questionnaire(title: "mood", day: 1, session: 1, run: 1, participant: "L")))
        try FileManager.default.createSymbolicLink(at: dir.url.appendingPathComponent("L"), withDestinationURL: elsewhere.url)

        let report = await Recovery.run(store: store)
        #expect(report.adopted.map(\.path) == ["P/\(names[0])"])
        #expect(try store.catalog.paths(in: "P") == ["P/\(names[0])"])
        #expect(try store.catalog.paths(in: "P2") == ["P2/\(names[1])"])
        #expect(try store.catalog.items().count == 2)
        #expect(await Recovery.run(store: store).isEmpty)
    }

    /// A finished incomplete recording that never reached the catalog is adopted with the outcome
    /// its file stores, reason included.
    @Test func anAdoptedRecordingKeepsItsStoredOutcome() async throws {
        let dir = try TemporaryDirectory("adopt-outcome")
        let store = try DataStore(root: dir.url)
        let url = try store.unusedURL(participant: "P", fileName: "r_x_1_1_1_P.h5")
        let writer = try RecordingWriter(url: url, metadata: RecordingMetadata(participant: "P", source: OscillatorConfiguration().descriptor))
        var generator = OscillatorGenerator(configuration: .init())
        try writer.append(generator.next(300)[0])
        try writer.finish(.incomplete(reason: "device disconnected"))
        writer.removeJournal()
        let report = await Recovery.run(store: store)
        #expect(report.adopted.map(\.path) == [store.relativePath(of: url)])
        #expect(report.adopted.first?.outcome == .incomplete(reason: "device disconnected"))
        #expect(try store.catalog.item(path: store.relativePath(of: url))?.outcome == .incomplete(reason: "device disconnected"))
    }

    @Test func aRecordingInProgressIsLeftAlone() async throws {
        let dir = try TemporaryDirectory("busy")
        let store = try DataStore(root: dir.url)
        let url = try store.unusedURL(participant: "P", fileName: "r_x_1_1_1_P.h5")
        let writer = try RecordingWriter(url: url, metadata: RecordingMetadata(participant: "P", source: OscillatorConfiguration().descriptor))
        var generator = OscillatorGenerator(configuration: .init())
        try writer.append(generator.next(300)[0])
        try writer.flush()
        let report = await Recovery.run(store: store)
        #expect(report.inProgress == [store.relativePath(of: url)])
        #expect(report.rebuilt.isEmpty)
        try writer.finish(.complete)
        writer.removeJournal()
    }

    /// A device with raw codes and an accelerometer (as the Muse records): after a crash the journal
    /// rebuilds `/Recording/RawData` code for code, missing codes included, and `/Streams/accelerometer`
    /// with its lost packet as NaN rows at their place.
    @Test func rawCodesAndAuxiliaryStreamsAreRebuiltFromTheJournal() async throws {
        let dir = try TemporaryDirectory("recover-streams")
        let store = try DataStore(root: dir.url)
        let participant = "0C4E3F6A-2222-4A2B-8C3D-123456789ABC"
        let url = try store.unusedURL(
            participant: participant, fileName: FileNaming.recording(paradigm: "rest", day: 1, session: 1, run: 1, participant: participant))
        let coding = StreamDescriptor.RawCoding(bits: 12, scale: 0.48828125, offset: -1000)
        let device = DeviceDescriptor(
            kind: "muse", manufacturer: "InteraXon", model: "Muse",
            streams: [
                StreamDescriptor(name: "eeg", kind: .eeg, channelLabels: ["TP9", "AF7"], unit: "uV", samplingRate: 256, rawCoding: coding),
                StreamDescriptor(name: "accelerometer", kind: .accelerometer, channelLabels: ["x", "y", "z"], unit: "g", samplingRate: 52),
            ])
        let item = CatalogItem(
            kind: .recording, path: store.relativePath(of: url), participant: participant, title: "rest", day: 1, session: 1, run: 1, state: .writing,
            outcome: .incomplete(reason: nil))
        try store.catalog.insert(item)
        let codes: [UInt16] = (0..<512).map { UInt16(($0 * 37) % 4096) }
        var raw = codes
        raw[11] = StreamDescriptor.RawCoding.missingCode
        let values = raw.map { $0 == StreamDescriptor.RawCoding.missingCode ? Double.nan : coding.physical($0) }
        let times = (0..<256).map { 100 + Double($0) / 256 }
        let acceleration = (0..<18).map { Double($0) / 10 }
        do {
            let writer = try RecordingWriter(url: url, metadata: RecordingMetadata(participant: participant, source: device))
            try writer.append(SampleBlock(firstIndex: 0, channelCount: 2, values: values, times: times, raw: raw))
            try writer.append(
                SampleBlock(
                    stream: "accelerometer", firstIndex: 0, channelCount: 3, values: Array(acceleration[0..<9]),
                    times: [100, 100 + 1.0 / 52, 100 + 2.0 / 52]))
            // Packet 3…5 lost: the next packet starts at index 6.
            try writer.append(
                SampleBlock(
                    stream: "accelerometer", firstIndex: 6, channelCount: 3, values: Array(acceleration[9..<18]),
                    times: [100 + 6.0 / 52, 100 + 7.0 / 52, 100 + 8.0 / 52]))
            try writer.flush()
        }  // abandoned, as a killed process leaves it

        let report = await Recovery.run(store: store)
        #expect(report.rebuilt.map(\.path) == [item.path])
        let reader = try RecordingReader(url: url)
        let block = try reader.readBlock(from: 0, count: 256)
        #expect(block.raw == raw)
        #expect(block.value(row: 5, channel: 1).isNaN && block.value(row: 0, channel: 1) == coding.physical(codes[1]))
        #expect(reader.descriptor.eeg.rawCoding == coding)
        let stream = try #require(try reader.stream(named: "accelerometer"))
        #expect(stream.columns == 3 && stream.times.count == 9)
        #expect(Array(stream.values[0..<9]) == Array(acceleration[0..<9]) && Array(stream.values[18..<27]) == Array(acceleration[9..<18]))
        #expect(stream.values[9..<18].allSatisfy { $0.isNaN })
        #expect(abs(stream.times[4] - (100 + 4.0 / 52)) < 1e-6)
    }
}
