import DataSources
import Foundation
import Testing

@testable import Storage

/// The row buffer's rules, tested directly and without a file or a clock that runs: gaps, duplicates,
/// markers, chunk length and the flush-every-interval rule.
struct RecordingRowBufferTests {
    /// Two EEG channels at 100 Hz with 12-bit raw codes, plus a 10 Hz accelerometer.
    static let source: DeviceDescriptor = {
        var eeg = StreamDescriptor(name: "eeg", kind: .eeg, channelLabels: ["A", "B"], unit: "uV", samplingRate: 100)
        eeg.rawCoding = .init(bits: 12, scale: 1, offset: 0)
        let acc = StreamDescriptor(name: "acc", kind: .accelerometer, channelLabels: ["x"], unit: "g", samplingRate: 10)
        return DeviceDescriptor(kind: "test", manufacturer: "m", model: "m", streams: [eeg, acc])
    }()

    static func block(
        _ first: Int64, _ rows: Int, stream: String = "eeg", channels: Int = 2, rate: Double = 100, markers: [BlockMarker] = []
    ) -> SampleBlock {
        SampleBlock(
            stream: stream, firstIndex: first, channelCount: channels, values: (0..<(rows * channels)).map { Double($0) },
            times: (0..<rows).map { 1000 + Double(first + Int64($0)) / rate },
            raw: stream == "eeg" ? (0..<(rows * channels)).map { UInt16($0) } : nil,
            markers: markers)
    }

    @Test func chunkAndFlushRowsFollowTheOptions() {
        let buffer = RecordingRowBuffer(source: Self.source, flushInterval: 1, chunkSeconds: 10)
        #expect(buffer.flushRows == 100)
        #expect(buffer.chunkRows == 1000)
        let tiny = RecordingRowBuffer(source: Self.source, flushInterval: 0.001, chunkSeconds: 0.01)
        #expect(tiny.flushRows == 1)
        #expect(tiny.chunkRows == 16)
    }

    @Test func aJumpInTheIndexBecomesNaNRowsAndOneGapEventAndRepeatsAreDropped() throws {
        let start = ContinuousClock.now
        var buffer = RecordingRowBuffer(source: Self.source, flushInterval: 10, chunkSeconds: 10, now: start)
        var batches: [RecordingBatch] = []
        buffer.append(Self.block(0, 5), now: { start }) { batches.append($0) }
        buffer.append(Self.block(3, 2), now: { start }) { batches.append($0) }  // repeats
        buffer.append(Self.block(8, 2), now: { start }) { batches.append($0) }  // 5, 6, 7 lost
        #expect(batches.isEmpty)
        #expect(buffer.rowCount == 10)
        #expect(buffer.gapRows == 3)
        let batchTaken = buffer.take(at: start)
        let batch = try #require(batchTaken)
        #expect(batch.times.count == 10)
        #expect(batch.values.count == 20)
        #expect(batch.values[10..<16].allSatisfy { $0.isNaN })
        #expect(batch.raw[10..<16].allSatisfy { $0 == StreamDescriptor.RawCoding.missingCode })
        #expect(batch.times[5] == 1_000_050_000)
        #expect(batch.events.map(\.label) == ["gap 3 samples"])
        #expect(batch.events[0].sample == 5)
        let none = buffer.take(at: start)
        #expect(none == nil)
    }

    @Test func rowsAreHandedOverMidBlockOnceAnIntervalOfSignalWaits() throws {
        let start = ContinuousClock.now
        var buffer = RecordingRowBuffer(source: Self.source, flushInterval: 0.5, chunkSeconds: 10, now: start)
        var sizes: [Int] = []
        buffer.append(Self.block(0, 120), now: { start }) { sizes.append($0.times.count) }
        #expect(sizes == [50, 50])
        let rest = buffer.take(at: start)
        #expect(rest?.times.count == 20)
    }

    @Test func aBufferIsHandedOverWhenTheIntervalHasPassedEvenWithFewRows() throws {
        let start = ContinuousClock.now
        var buffer = RecordingRowBuffer(source: Self.source, flushInterval: 1, chunkSeconds: 10, now: start)
        var now = start
        var batches: [RecordingBatch] = []
        buffer.append(Self.block(0, 3), now: { now }) { batches.append($0) }
        now = start + .milliseconds(999)
        buffer.append(Self.block(3, 3), now: { now }) { batches.append($0) }
        #expect(batches.isEmpty)
        now = start + .seconds(1)
        buffer.append(Self.block(0, 2, stream: "acc", channels: 1, rate: 10), now: { now }) { batches.append($0) }
        #expect(batches.count == 1)
        #expect(batches.first?.times.count == 6)
        #expect(batches.first?.streams.map(\.stream) == ["acc"])
        // The interval restarts at the hand-over.
        now = start + .milliseconds(1500)
        buffer.append(Self.block(6, 1), now: { now }) { batches.append($0) }
        #expect(batches.count == 1)
    }

    @Test func auxiliaryStreamGapsAreNaNRowsAndAnEventAtTheCurrentRow() throws {
        var buffer = RecordingRowBuffer(source: Self.source, flushInterval: 100, chunkSeconds: 10)
        buffer.append(Self.block(0, 4)) { _ in }
        buffer.append(Self.block(0, 2, stream: "acc", channels: 1, rate: 10)) { _ in }
        buffer.append(Self.block(4, 1, stream: "acc", channels: 1, rate: 10)) { _ in }
        buffer.append(Self.block(0, 1, stream: "unknown", channels: 1)) { _ in }
        let batchTaken = buffer.take()
        let batch = try #require(batchTaken)
        let acc = try #require(batch.streams.first)
        #expect(acc.firstIndex == 0)
        #expect(acc.times.count == 5)
        #expect(acc.values[2].isNaN)
        #expect(acc.values[3].isNaN)
        #expect(batch.events.map(\.label) == ["acc gap 2 samples"])
        #expect(batch.events[0].sample == 4)
        #expect(buffer.streams["acc"]?.gapRows == 2)
    }

    @Test func placedMarkersLandOnBufferedRowsOrAreReturnedForWrittenOnes() throws {
        let start = ContinuousClock.now
        var buffer = RecordingRowBuffer(source: Self.source, flushInterval: 100, chunkSeconds: 10, now: start)
        // Before the first row: it lands on row 0.
        #expect(buffer.place(PlacedMarker(marker: Marker(code: 7, label: "early"), moment: 0, sample: 0, sampleTime: 0)) == nil)
        buffer.append(Self.block(10, 4), now: { start }) { _ in }
        let firstTaken = buffer.take(at: start)
        let first = try #require(firstTaken)
        #expect(first.markers[0] == 7)
        #expect(first.events.map(\.label) == ["early"])
        buffer.append(Self.block(14, 4), now: { start }) { _ in }
        // Source sample 15 is row 5, still buffered; sample 11 is row 1, written.
        #expect(buffer.place(PlacedMarker(marker: Marker(code: 8, label: "buffered"), moment: 0, sample: 15, sampleTime: 1)) == nil)
        let written = buffer.place(PlacedMarker(marker: Marker(code: 9, label: "written"), moment: 0, sample: 11, sampleTime: 2))
        #expect(written?.sample == 1)
        // Past the end (the run ended in a gap): rows for samples 18...20 are added as lost samples
        // with a gap event, timed up to the marker's sample time, and the marker lands on row 10.
        #expect(buffer.place(PlacedMarker(marker: Marker(code: 10, label: "late"), moment: 1000.2, sample: 20, sampleTime: 1000.2)) == nil)
        #expect(buffer.rowCount == 11 && buffer.gapRows == 3)
        // Beyond the longest trailing gap (120 s at 100 Hz): the last row.
        #expect(buffer.place(PlacedMarker(marker: Marker(code: 11, label: "far"), moment: 0, sample: 21 + 12_001, sampleTime: 200)) == nil)
        #expect(buffer.rowCount == 11)
        let secondTaken = buffer.take(at: start)
        let second = try #require(secondTaken)
        #expect(second.markers == [0, 8, 0, 0, 0, 0, 11])
        #expect(second.values.count == 14 && second.values[8..<14].allSatisfy(\.isNaN))
        #expect(second.times.suffix(3) == [1_000_180_000, 1_000_190_000, 1_000_200_000])
        #expect(second.placed.map(\.sample) == [5, 1, 10, 10])
        #expect(second.eventsInTableOrder.map(\.label) == ["written", "buffered", "gap 3 samples", "late", "far"])
        #expect(buffer.eventCount == 6)
    }

    @Test func pendingEventsAtTheNextRowMoveOntoTheLastRow() throws {
        var buffer = RecordingRowBuffer(source: Self.source, flushInterval: 100, chunkSeconds: 10)
        buffer.append(Self.block(0, 3)) { _ in }
        buffer.addEvent(code: -5, label: "state", time: nil)
        buffer.clampPendingEvents()
        let batchTaken = buffer.take()
        let batch = try #require(batchTaken)
        #expect(batch.events.map(\.sample) == [2])
        #expect(batch.events[0].time == 1000 + 2.0 / 100)
    }

    @Test func aBatchReplayedFromItsJournalRecordsGivesTheSameRows() throws {
        var buffer = RecordingRowBuffer(source: Self.source, flushInterval: 100, chunkSeconds: 10)
        buffer.append(Self.block(0, 3)) { _ in }
        buffer.append(Self.block(5, 2)) { _ in }
        buffer.append(Self.block(0, 3, stream: "acc", channels: 1, rate: 10)) { _ in }
        buffer.appendSeries(group: "Quality", name: "Grade", time: 1, values: [1, 2], columns: ["A", "B"])
        let batchTaken = buffer.take()
        let batch = try #require(batchTaken)
        var replayed = RecordingRowBuffer(source: Self.source, flushInterval: 100, chunkSeconds: 10)
        for record in batch.journalRecords { _ = replayed.replay(record) { _ in } }
        let againTaken = replayed.take()
        let again = try #require(againTaken)
        #expect(again.times == batch.times)
        #expect(again.markers == batch.markers)
        #expect(again.raw == batch.raw)
        #expect(zip(again.values, batch.values).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) })
        #expect(again.events == batch.events)
        #expect(again.streams.map(\.times) == batch.streams.map(\.times))
        #expect(again.series.map(\.values) == batch.series.map(\.values))
        #expect(replayed.gapRows == buffer.gapRows)
    }

    /// LSL clock pairs (`--clock lsl`) are journaled before the batch's rows; replayed, a pair joins the
    /// buffered batch when every buffered time is before it (the batches stay those of a recording
    /// without pairs), and the buffered rows are handed over first when one is at or after it.
    @Test func lslClockPairsAreJournaledFirstAndReplayedBeforeTheRowsTheyApplyTo() throws {
        var batch = RecordingBatch(channels: 2)
        batch.times = [1_000_000_000]
        batch.markers = [0]
        batch.values = [1, 2]
        batch.lslClockPoints = [(1000.5, 7.5)]
        guard case .lslClockPoint(let recording, let lsl) = batch.journalRecords.first else {
            Issue.record("the pair is not the first journal record")
            return
        }
        #expect(recording == 1000.5 && lsl == 7.5)

        var buffer = RecordingRowBuffer(source: Self.source, flushInterval: 100, chunkSeconds: 10)
        var handed: [RecordingBatch] = []
        buffer.append(Self.block(0, 10)) { handed.append($0) }  // times 1000.00 … 1000.09
        _ = buffer.replay(.lslClockPoint(recording: 1000.5, lsl: 7.5)) { handed.append($0) }
        #expect(handed.isEmpty)
        _ = buffer.replay(.lslClockPoint(recording: 1000.05, lsl: 8)) { handed.append($0) }
        #expect(handed.count == 1)
        #expect(handed.first?.times.count == 10)
        #expect(handed.first?.lslClockPoints.map(\.lsl) == [7.5])
        let restTaken = buffer.take()
        let rest = try #require(restTaken)
        #expect(rest.lslClockPoints.map(\.lsl) == [8])
        #expect(!rest.hasRows)
    }
}
