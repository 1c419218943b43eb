import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

/// What exports need from a recording besides its samples: the device's physical range, the paradigm,
/// and the derived series with their column names and group attributes.
struct RecordingReaderTests {
    @Test func rangeParadigmAndSeriesComeBackAsWritten() throws {
        let dir = try TemporaryDirectory("reader")
        let url = dir.path("r.h5")
        let paradigm = Paradigm(
            title: "rest", conditionLabels: ["EyesOpen", "EyesClosed"], conditionMarkers: [320, 420], baseMarkers: [310, 410], baseTime: -3,
            trialTime: 60)
        var source = OscillatorConfiguration(seed: 2).descriptor
        source.streams[0].physicalRange = -800...800.5
        let writer = try RecordingWriter(url: url, metadata: RecordingMetadata(participant: "p", paradigm: paradigm, source: source))
        var generator = OscillatorGenerator(configuration: .init(seed: 2, startTime: 0))
        try writer.append(generator.next(512)[0])
        try writer.appendSeries(group: "Quality", name: "Grade", time: 1, values: [1, 2, 4, 1], columns: ["TP9", "AF7", "AF8", "TP10"])
        try writer.appendSeries(group: "Quality", name: "MainsFrequency", time: 1, values: [50], columns: ["Hz"])
        try writer.setGroupAttribute(group: "Quality", name: "QualityWindowSeconds", value: .string("2"))
        try writer.finish(.complete)
        writer.removeJournal()

        let reader = try RecordingReader(url: url)
        #expect(reader.descriptor.eeg.physicalRange == -800...800.5)
        #expect(reader.paradigm == paradigm)
        #expect(reader.seriesNames(group: "Quality") == ["Grade", "MainsFrequency"])
        #expect(reader.seriesColumns(group: "Quality", name: "Grade") == ["TP9", "AF7", "AF8", "TP10"])
        #expect(reader.groupAttribute(group: "Quality", name: "QualityWindowSeconds") == "2")
        #expect(reader.seriesNames(group: "Nothing").isEmpty && reader.seriesColumns(group: "Quality", name: "Nothing") == nil)
        // The oscillator stands in for the Muse, range included.
        #expect(OscillatorConfiguration().descriptor.eeg.physicalRange == -1000...999.51171875)
    }

    /// The async door opens and reads on the blocking executor, and hands back what the body read.
    @Test func withReaderReadsOnTheBlockingExecutor() async throws {
        let dir = try TemporaryDirectory("reader-async")
        let url = dir.path("r.h5")
        let writer = try RecordingWriter(url: url, metadata: RecordingMetadata(participant: "p", source: OscillatorConfiguration(seed: 3).descriptor))
        var generator = OscillatorGenerator(configuration: .init(seed: 3, startTime: 0))
        try writer.append(generator.next(256)[0])
        try writer.finish(.complete)
        writer.removeJournal()

        let (count, onExecutor) = try await RecordingReader.withReader(at: url) { ($0.sampleCount, BlockingExecutor.shared.isCurrentThread) }
        #expect(count == 256)
        #expect(onExecutor)
        await #expect(throws: StorageError.self) { try await RecordingReader.withReader(at: dir.path("missing.h5")) { $0.sampleCount } }
    }
}
