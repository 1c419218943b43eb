import DataSources
import Foundation
import Processing
import Storage
import Synchronization
import TestSupport
import Testing

@testable import RecordingPipeline

/// The runner's quality monitor with real parts: the oscillator behind a `DataController`, a block
/// recorded through the monitor's hand-over exactly as `RecordingSessionRunner` records one, and the
/// stored HDF5 file read back. One processor runs at a time, and what the monitor shows while a
/// block records is what the block stores in `/Quality`.
struct QualityMonitorTests {
    /// What the monitor showed, in order, with the processor each reading came from.
    final class Shown: Sendable {
        private let entries = Mutex<[(readings: QualityMonitor.Readings, feed: QualityMonitor.Feed)]>([])
        func append(_ readings: QualityMonitor.Readings, _ feed: QualityMonitor.Feed) { entries.withLock { $0.append((readings, feed)) } }
        var all: [(readings: QualityMonitor.Readings, feed: QualityMonitor.Feed)] { entries.withLock { $0 } }
        func count(from feed: QualityMonitor.Feed, after start: Int = 0, before end: Int = .max) -> Int {
            all.prefix(end).dropFirst(start).filter { $0.feed == feed }.count
        }
    }

    /// A block in progress: the controller running the oscillator, the monitor showing into `shown`.
    struct Rig {
        let directory: TemporaryDirectory
        let store: DataStore
        let controller: DataController
        let monitor: QualityMonitor
        let shown: Shown

        static func start() async throws -> Rig {
            let directory = try TemporaryDirectory("quality-monitor")
            let store = try DataStore(root: directory.url)
            let shown = Shown()
            let controller = DataController(source: OscillatorSource(configuration: .init(pacing: .speed(10))))
            let monitor = await QualityMonitor(controller: controller, mains: 50) { shown.append($0, $1) }
            try await controller.start()
            return Rig(directory: directory, store: store, controller: controller, monitor: monitor, shown: shown)
        }

        /// Waits (bounded: 20 s of wall time) until `condition` holds.
        func waitUntil(_ condition: () async -> Bool) async throws {
            let deadline = ContinuousClock.now + .seconds(20)
            while await !condition() && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(2)) }
            try #require(await condition())
        }

        func stop() async {
            monitor.stop()
            await controller.stop()
        }
    }

    /// During fitting the monitor's own processor is the only one following the source; while a block
    /// records it is stopped and the recording's processor is the only one; after the block the
    /// monitor's own runs again. A second processor during the block (the monitor's beside the
    /// writer's) makes the count 2 and shows readings that are not the recording's.
    @Test(.timeLimit(.minutes(1)))
    func aRecordingBlockRunsOneProcessor() async throws {
        let rig = try await Rig.start()
        try await rig.waitUntil { rig.shown.count(from: .monitor) >= 2 }
        #expect(await rig.controller.losslessObserverCount == 1)

        let producer = await rig.monitor.recordingProducer()
        let start = rig.shown.all.count
        let recording = try await RecordingInProgress.start(
            store: rig.store, controller: rig.controller, request: RecordingRequest(participant: UUID().uuidString), derived: producer)
        await recording.firstRowWritten()
        try await rig.waitUntil { rig.shown.count(from: .recording, after: start) >= 6 }
        #expect(await rig.controller.losslessObserverCount == 1)
        #expect(rig.monitor.currentFeed == .recording)
        recording.finish()
        // What was shown up to here was the block's; the monitor's own readings may follow at once
        // after `resume` (on a loaded machine, before the file is finished).
        let blockEnd = rig.shown.all.count
        await rig.monitor.resume(after: recording)
        _ = try await recording.result()
        #expect(rig.shown.count(from: .monitor, after: start, before: blockEnd) == 0)

        let after = rig.shown.all.count
        try await rig.waitUntil { rig.shown.count(from: .monitor, after: after) >= 2 }
        #expect(await rig.controller.losslessObserverCount == 1)
        #expect(rig.monitor.currentFeed == .monitor)
        await rig.stop()
    }

    /// Every quality and line-noise reading the monitor shows while a block records is a row of the
    /// block's stored `/Quality` (same time, same values), and every stored row was shown.
    @Test(.timeLimit(.minutes(1)))
    func whatIsShownDuringABlockIsWhatIsStored() async throws {
        let rig = try await Rig.start()
        try await rig.waitUntil { rig.shown.count(from: .monitor) >= 1 }
        let producer = await rig.monitor.recordingProducer()
        let start = rig.shown.all.count
        // The fitting's last readings stay shown until the recording's first of each kind.
        let fitting = rig.monitor.current
        let recording = try await RecordingInProgress.start(
            store: rig.store, controller: rig.controller, request: RecordingRequest(participant: UUID().uuidString, duration: 8), derived: producer)
        let item = try await recording.result()
        let during = Array(rig.shown.all.dropFirst(start))
        await rig.monitor.recordingEnded()
        await rig.stop()

        #expect(during.allSatisfy { $0.feed == .recording })
        let reader = try RecordingReader(url: rig.store.url(of: item.path))
        for (name, reading) in [("MyndQuality", \QualityMonitor.Readings.quality), ("LineNoiseQuality", \.lineNoise)] {
            let time = name == "MyndQuality" ? \QualityMonitor.Readings.qualityTime : \.lineNoiseTime
            let stored = try #require(try reader.series(group: RecordingFormat.Quality.group, name: name))
            let storedRows = stored.times.indices.map { r in
                Row(time: stored.times[r], values: Array(stored.values[(r * stored.columns)..<((r + 1) * stored.columns)]))
            }
            // Each reading is shown with the readings it left unchanged; a new time is a new reading.
            var shownRows: [Row] = []
            for entry in during {
                guard let t = entry.readings[keyPath: time], let values = entry.readings[keyPath: reading], t != shownRows.last?.time,
                    t != fitting[keyPath: time]
                else { continue }
                shownRows.append(Row(time: t, values: values))
            }
            #expect(storedRows.count >= (name == "MyndQuality" ? 10 : 2), "\(name)")
            #expect(shownRows == storedRows, "\(name)")
        }
    }

    /// After a block the monitor carries on with the processor the block ran, instead of a fresh one
    /// (whose first MYND averages start over, at 110 % for a quiet signal): its readings after the
    /// block are those of a reference processor that ran from the block's start without a break.
    @Test(.timeLimit(.minutes(1)))
    func afterABlockTheMonitorCarriesOnWithTheBlocksProcessor() async throws {
        let rig = try await Rig.start()
        try await rig.waitUntil { rig.shown.count(from: .monitor) >= 1 }
        let producer = await rig.monitor.recordingProducer()
        // Everything the source delivers from here on, for a reference processor run afterwards.
        let delivered = await rig.controller.events(.lossless(capacity: 4096))
        let collected = Task {
            var descriptor: DeviceDescriptor?
            var blocks: [SampleBlock] = []
            for await event in delivered {
                if case .started(let d, _) = event { descriptor = d }
                if case .samples(let block) = event { blocks.append(block) }
                if case .ended = event { break }
            }
            return (descriptor, blocks)
        }
        let recording = try await RecordingInProgress.start(
            store: rig.store, controller: rig.controller, request: RecordingRequest(participant: UUID().uuidString), derived: producer)
        try await rig.waitUntil { rig.shown.count(from: .recording) >= 12 }
        recording.finish()
        await rig.monitor.resume(after: recording)
        _ = try await recording.result()
        let after = rig.shown.all.count
        try await rig.waitUntil { rig.shown.count(from: .monitor, after: after) >= 8 }
        let first = try #require(recording.progress.firstSourceIndex)
        await rig.stop()

        // The reference: one processor from the recording's first sample on, without a break.
        let (announced, blocks) = await collected.value
        let descriptor = try #require(announced)
        var reference = SignalProcessor(descriptor: descriptor, configuration: ProcessorConfiguration(mains: .fixed(50)))
        var expected: [Double: [Double]] = [:]
        for block in blocks where block.stream != descriptor.eeg.name || block.firstIndex >= first {
            for case .quality(let q) in reference.process(block) { expected[q.time] = q.mynd.quality }
        }
        let carried = rig.shown.all.dropFirst(after).filter { $0.feed == .monitor }.compactMap { entry -> (Double, [Double])? in
            guard let t = entry.readings.qualityTime, let q = entry.readings.quality else { return nil }
            return (t, q)
        }
        var compared = 0
        for (time, quality) in carried {
            guard let reference = expected[time] else { continue }
            compared += 1
            #expect(zip(quality, reference).allSatisfy { abs($0 - $1) < 0.5 }, "at \(time): \(quality) vs \(reference)")
        }
        #expect(compared >= 4)
    }

    /// The kit's way of recording through the pipeline: a monitor that never feeds its processor
    /// itself (no subscription of its own, before or after the recording) and hands every result of
    /// the recording's writer to its observer, started first, in sample order, exactly as stored.
    @Test(.timeLimit(.minutes(1)))
    func aMonitorThatFeedsOnlyRecordingsObservesWhatTheyStore() async throws {
        let directory = try TemporaryDirectory("quality-monitor-recording")
        let store = try DataStore(root: directory.url)
        let controller = DataController(source: OscillatorSource(configuration: .init(pacing: .speed(10))))
        let observed = Mutex<[QualitySeriesProducer.Observation]>([])
        let monitor = await QualityMonitor(
            controller: controller, configuration: ProcessorConfiguration(mains: .fixed(50)), feedsWhileIdle: false,
            observer: { observation in observed.withLock { $0.append(observation) } })
        #expect(await controller.losslessObserverCount == 0)
        let recording = try await monitor.startRecording(RecordingRequest(participant: UUID().uuidString, duration: 8), in: store)
        try await controller.start()
        let item = try await recording.result()
        await monitor.resume(after: recording)
        #expect(monitor.currentFeed == .recording, "no feed of its own after the recording")
        monitor.stop()
        await controller.stop()

        let all = observed.withLock { $0 }
        guard case .started? = all.first else {
            Issue.record("the first observation is not .started")
            return
        }
        let shown = all.compactMap { observation -> Row? in
            guard case .update(.quality(let q)) = observation else { return nil }
            return Row(time: q.time, values: q.mynd.quality)
        }
        let reader = try RecordingReader(url: store.url(of: item.path))
        let stored = try #require(try reader.series(group: RecordingFormat.Quality.group, name: "MyndQuality"))
        let storedRows = stored.times.indices.map { r in
            Row(time: stored.times[r], values: Array(stored.values[(r * stored.columns)..<((r + 1) * stored.columns)]))
        }
        #expect(storedRows.count >= 10)
        #expect(shown == storedRows)
    }

    /// A stored or shown row; NaN equals NaN (a value that could not be computed).
    struct Row: Equatable {
        var time: Double
        var values: [Double]
        static func == (a: Row, b: Row) -> Bool {
            a.time == b.time && a.values.count == b.values.count && zip(a.values, b.values).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
        }
    }
}
