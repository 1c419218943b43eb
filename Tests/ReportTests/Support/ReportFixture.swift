import DataSources
import Foundation
import Processing
import RecordingPipeline
import Storage
import TestSupport

/// A data folder with real recordings (written by the real ``RecordingWriter`` from the oscillator,
/// with markers, dropouts and a label that tries to inject markup), reaction-time trial tables beside
/// them, and a registered participant whose name must never reach a report.
struct ReportFixture {
    static let participant = "6B1C9A3E-2F4D-4E8B-9C1A-7D3E5F6A8B90"
    static let name = "Zelda Quinterro-Nightingale"
    static let hostileLabel = "eyesOpen/<script>alert('x')</script> & \"quoted\""

    let dir: TemporaryDirectory
    let store: DataStore

    init(_ label: String) throws {
        dir = try TemporaryDirectory(label)
        store = try DataStore(root: dir.path("data"))
        var person = Participant(study: "report-test", name: Self.name, helperName: "Helper Hildegard")
        person.id = Self.participant
        try ParticipantRegistry(store: store).save(person)
    }

    /// Writes a recording of `seconds` (256 Hz, 4 channels) for day/session/run, catalogues it and
    /// returns its item (ended with `outcome`). Markers: 310 at 2 s with the hostile label, 320 at 5 s,
    /// stimulus/response pairs when `trials` latencies are given (one trial every 2 s from 8 s). With
    /// `quality` the recording's own processor (the pipeline's ``QualitySeriesProducer``, as `record`
    /// runs it) stores quality and band power in `/Quality` with those settings as the blocks are written.
    @discardableResult
    func recording(
        day: Int = 1, session: Int = 1, run: Int = 1, seconds: Int = 30, dropouts: Double = 6, paradigm: String = "rest",
        start: Double = 1_790_000_000, latencies: [Double?] = [], outcome: RecordingOutcome = .complete,
        quality: ProcessorConfiguration? = nil
    ) throws -> CatalogItem {
        let folder = try store.participantFolder(Self.participant)
        let name = "r_\(paradigm)_\(day)_\(session)_\(run)_\(Self.participant).h5"
        let url = folder.appendingPathComponent(name)
        let configuration = OscillatorConfiguration(seed: UInt64(run + 10), dropoutsPerMinute: dropouts, startTime: start)
        let info = Paradigm(title: paradigm, conditionLabels: ["eyesOpen"], conditionMarkers: [320], baseMarkers: [310], baseTime: -3, trialTime: 10)
        let metadata = RecordingMetadata(
            participant: Self.participant, study: "report-test", day: day, session: session, run: run, paradigm: info,
            source: configuration.descriptor,
            powerLineFrequency: 50, locale: "en")
        let writer = try RecordingWriter(url: url, metadata: metadata)
        var generator = OscillatorGenerator(configuration: configuration)
        var producer = quality.map { QualitySeriesProducer(configuration: $0) }
        if producer != nil {
            producer?.start(configuration.descriptor)
            for (name, value) in (producer?.groupAttributes ?? [:]).sorted(by: { $0.key < $1.key }) {
                try writer.setGroupAttribute(group: RecordingFormat.Quality.group, name: name, value: value)
            }
        }
        var markers: [Int64: Marker] = [512: Marker(code: 310, label: Self.hostileLabel), 1280: Marker(code: 320, label: "eyesOpen/fixation")]
        for (i, latency) in latencies.enumerated() {
            let stimulus = Int64(256 * (8 + 2 * i))
            markers[stimulus] = Marker(code: 510, label: "reaction/stimulus")
            if let latency { markers[stimulus + Int64((latency / 1000 * 256).rounded())] = Marker(code: 520, label: "reaction/response") }
        }
        while generator.nextIndex < Int64(seconds * 256) {
            for var block in generator.next(128) {
                for (index, marker) in markers where index >= block.firstIndex && index < block.endIndex {
                    block.markers.append(BlockMarker(row: Int(index - block.firstIndex), marker: marker))
                }
                try writer.append(block)
                for row in producer?.process(block) ?? [] {
                    try writer.appendSeries(group: RecordingFormat.Quality.group, name: row.name, time: row.time, values: row.values, columns: row.columns)
                }
            }
        }
        try writer.finish(outcome)
        writer.removeJournal()
        let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value ?? 0
        let item = CatalogItem(
            kind: .recording, path: store.relativePath(of: url), participant: Self.participant, study: "report-test", title: paradigm, day: day,
            session: session, run: run, size: size, state: .pending, outcome: outcome)
        try store.catalog.insert(item)
        if !latencies.isEmpty { try trialTable(for: name, day: day, session: session, run: run, latencies: latencies) }
        return item
    }

    /// Stores the trial table of the recording `recording` (latencies in ms, `nil` a miss, negative an
    /// anticipation) with its scores, as the runner writes it (docs/formats.md).
    func trialTable(for recording: String, day: Int, session: Int, run: Int, latencies: [Double?]) throws {
        let trials: [[String: Any]] = latencies.enumerated().map { i, latency in
            let outcome = latency == nil ? "miss" : latency! < 100 ? "anticipation" : "correct"
            return [
                "trial": i + 1, "stimulus": "X", "response": latency == nil ? NSNull() : "space", "foreperiod": 1.5,
                "latencyMs": latency.map { $0 as Any } ?? NSNull(), "outcome": outcome, "timestamp": "2026-09-21T14:13:20Z",
            ]
        }
        let correct = latencies.compactMap { $0 }.filter { $0 >= 100 }.sorted()
        let median =
            correct.isEmpty
            ? nil : correct.count % 2 == 1 ? correct[correct.count / 2] : (correct[correct.count / 2 - 1] + correct[correct.count / 2]) / 2
        let object: [String: Any] = [
            "format": "study-recorder-trials", "formatVersion": 2, "study": "report-test", "participant": Self.participant, "day": day,
            "session": session,
            "run": run, "block": 1, "recording": recording, "complete": true, "medianCorrectLatencyMs": median.map { $0 as Any } ?? NSNull(),
            "sessionMedianLatencyMs": median.map { $0 as Any } ?? NSNull(), "trials": trials,
        ]
        let folder = try store.participantFolder(Self.participant)
        let name = "t_reactionTime_\(day)_\(session)_\(run)_\(Self.participant).json"
        let url = folder.appendingPathComponent(name)
        try JSONSerialization.data(withJSONObject: object).write(to: url)
        try store.catalog.insert(
            CatalogItem(
                kind: .trials, path: store.relativePath(of: url), participant: Self.participant, study: "report-test", title: "reactionTime",
                day: day,
                session: session, run: run, size: 0, state: .pending, outcome: .complete))
    }

    /// Writes `html` to a file in the test folder and returns it.
    func file(_ html: String, name: String = "report.html") throws -> URL {
        let url = dir.path(name)
        try Data(html.utf8).write(to: url)
        return url
    }
}
