import DataSources
import Foundation
import Storage
import Synchronization
import TestSupport
import Testing
import Typesetting

@testable import Study

/// The runner with its real parts (data folder, HDF5 recordings, the oscillator or a replayed file)
/// and a scripted participant, driven directly through its Swift API.
struct StudyRunnerTests {
    static func study(_ name: String) throws -> StudyDefinition {
        try StudyLoader.load(folder: FixturePaths.studies.appendingPathComponent(name))
    }

    static func runner(
        _ study: StudyDefinition, store: DataStore, at time: Date, speed: Double = 100,
        source: @escaping @Sendable () -> any DataSource = { OscillatorSource(configuration: .init(pacing: .speed(100))) }
    ) -> StudyRunner {
        StudyRunner(
            study: study, store: store, interface: ScriptedInterface(speed: speed),
            options: RunnerOptions(speed: speed, automatic: true, clock: FixedStudyClock(time), uploadAfterSession: false),
            makeSource: source, consentTypesetter: ConsentPDFTypesetter())
    }

    /// A device that goes away mid-block: the block is stored as incomplete with the reason, the
    /// protocol stays at that block, and the next run records it again.
    @Test func aLostDeviceEndsTheBlockAndItIsRunAgain() async throws {
        let dir = try TemporaryDirectory("runner-lost")
        let store = try DataStore(root: dir.url)
        let study = try Self.study("mynd-example")
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try await Self.runner(study, store: store, at: t0).enroll(name: "Dee")
        for _ in 0..<2 { _ = try await Self.runner(study, store: store, at: t0).runNextSession() }  // questionnaires

        // A "headband" that delivers 55 s of signal and then disconnects: a short stored recording replayed.
        // The fitting takes about 30 s of it, the first block needs more than the rest.
        let short = dir.path("short.h5")
        let writer = try RecordingWriter(url: short, metadata: RecordingMetadata(participant: "X", source: OscillatorConfiguration().descriptor))
        var generator = OscillatorGenerator(configuration: .init(seed: 3))
        try writer.append(generator.next(256 * 55)[0])
        try writer.finish(.complete)
        let reader = try RecordingReader(url: short)
        let lost = try await Self.runner(study, store: store, at: t0) {
            ReplaySource(recording: reader, configuration: .init(pacing: .speed(100)))
        }.runNextSession()
        #expect(lost.state == .incomplete)
        #expect(lost.reason == "device disconnected" || lost.reason?.contains("stopped sending") == true)
        let incomplete = try #require(lost.stored.first)
        #expect(!incomplete.outcome.isComplete && incomplete.state == .pending)
        let events = try RecordingReader(url: store.url(of: incomplete.path)).events()
        #expect(events.last?.code == Marker.interruptedCode)

        let progress = try #require(try ProgressStore(dataFolder: store.root).load(studyID: study.id))
        guard case .due(let due) = StudySchedule(study: study).status(of: progress, at: t0) else { Issue.record("nothing due"); return }
        #expect(due.sessionName == "rest" && due.resumeBlock == 0)

        let again = try await Self.runner(study, store: store, at: t0).runNextSession()
        #expect(again.state == .completed && again.session == "rest")
        #expect(again.stored.count == 3 && again.stored.allSatisfy(\.outcome.isComplete))
    }

    /// A recording session processes the signal once: at no moment, fitting or block, do two
    /// lossless observers (the quality monitor's processor, the recording's writer with its
    /// processor) follow the source. Were the monitor's processor left running beside the writer's
    /// during a block, the count would reach 2 for the whole of each block.
    @Test func aRecordingSessionRunsOneProcessorAtATime() async throws {
        let dir = try TemporaryDirectory("runner-one-processor")
        let store = try DataStore(root: dir.url)
        let study = try Self.study("mynd-example")
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try await Self.runner(study, store: store, at: t0).enroll(name: "Gus")
        for _ in 0..<2 { _ = try await Self.runner(study, store: store, at: t0).runNextSession() }  // questionnaires

        let controllers = Mutex<[DataController]>([])
        var runner = Self.runner(study, store: store, at: t0)
        runner.willStart = { controller in controllers.withLock { $0.append(controller) } }
        let session = Task { try await runner.runNextSession() }
        // Watches the count until the session is over (a sample every millisecond of a run of seconds).
        let watcher = Task {
            var counts: [Int: Int] = [:]
            while !Task.isCancelled {
                if let controller = controllers.withLock({ $0.last }), await controller.isRunning {
                    counts[await controller.losslessObserverCount, default: 0] += 1
                }
                try? await Task.sleep(for: .milliseconds(1))
            }
            return counts
        }
        let report = try await session.value
        watcher.cancel()
        let counts = await watcher.value
        #expect(report.state == .completed && report.session == "rest")
        #expect(report.stored.filter { $0.kind == .recording }.count == 3)
        #expect((counts[1] ?? 0) > 100, "\(counts)")
        #expect(counts.keys.allSatisfy { $0 <= 1 }, "\(counts)")
    }

    /// A store that fails (here: the hook after storing throws, as a failed encryption would) never
    /// advances the study.
    @Test func aFailedStoreNeverAdvancesTheStudy() async throws {
        let dir = try TemporaryDirectory("runner-fail")
        let store = try DataStore(root: dir.url)
        let study = try Self.study("mynd-example")
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try await Self.runner(study, store: store, at: t0).enroll(name: "Eve")
        struct Refused: Error {}
        var failing = Self.runner(study, store: store, at: t0)
        failing.afterStore = { _ in throw Refused() }
        await #expect(throws: Refused.self) { _ = try await failing.runNextSession() }
        let progress = try #require(try ProgressStore(dataFolder: store.root).load(studyID: study.id))
        #expect(progress.items.allSatisfy { $0.runs.isEmpty })
        let ok = try await Self.runner(study, store: store, at: t0).runNextSession()
        #expect(ok.session == "initial")
    }

    /// Days open at their first completed run and close a window later; what was left open is recorded
    /// as skipped, never as completed, and the next day's first session runs.
    @Test func aMissedSessionIsSkippedWhenTheDayCloses() async throws {
        let dir = try TemporaryDirectory("runner-days")
        let store = try DataStore(root: dir.url)
        let study = try Self.study("mynd-example")
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try await Self.runner(study, store: store, at: t0).enroll(name: "Fay")
        let first = try await Self.runner(study, store: store, at: t0).runNextSession()
        #expect(first.session == "initial" && first.day == 1)
        let early = try await Self.runner(study, store: store, at: t0.addingTimeInterval(3600)).runNextSession()
        #expect(early.session == "motivation" && early.day == 1)
        // Thirteen hours later: day 1's window (12 h) has closed with rest and memories undone.
        let next = try await Self.runner(study, store: store, at: t0.addingTimeInterval(13 * 3600)).runNextSession()
        #expect(next.day == 2 && next.session == "motivation")
        let progress = try #require(try ProgressStore(dataFolder: store.root).load(studyID: study.id))
        let day1 = progress.items.filter { $0.position.day == 0 }
        #expect(day1.map(\.state) == [.completed, .completed, .skipped, .skipped])
        #expect(day1.filter { $0.state == .skipped }.allSatisfy { $0.runs.isEmpty })
    }

    /// One numbering for people: a session is "day D, session S", both from 1 and S within its
    /// day, in the run's report, every stored record's `day` and `session`, and the file names —
    /// day 2's first session is session 1, not the study's fifth item.
    @Test func sessionsAreNumberedWithinTheirDayFromOne() async throws {
        let dir = try TemporaryDirectory("runner-numbering")
        let store = try DataStore(root: dir.url)
        let study = try Self.study("mynd-example")
        let t0 = Date(timeIntervalSince1970: 1_800_000_000)
        _ = try await Self.runner(study, store: store, at: t0).enroll(name: "Ida")
        let first = try await Self.runner(study, store: store, at: t0).runNextSession()
        let second = try await Self.runner(study, store: store, at: t0.addingTimeInterval(60)).runNextSession()
        let nextDay = try await Self.runner(study, store: store, at: t0.addingTimeInterval(13 * 3600)).runNextSession()
        #expect([first, second, nextDay].map { "\($0.day ?? 0)/\($0.sessionNumber ?? 0)" } == ["1/1", "1/2", "2/1"])
        for (report, day, session) in [(first, 1, 1), (second, 1, 2), (nextDay, 2, 1)] {
            let item = try #require(report.stored.first)
            #expect(item.day == day && item.session == session, "\(item.path)")
            #expect(item.path.contains("_\(day)_\(session)_"), "\(item.path)")
            let record = try JSONSerialization.jsonObject(with: Data(contentsOf: store.url(of: item.path))) as? [String: Any]
            #expect(record?["day"] as? Int == day && record?["session"] as? Int == session, "\(record ?? [:])")
        }
    }
}
