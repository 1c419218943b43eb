import DataSources
import Foundation
import Storage
import Study
import TestSupport
import Testing

/// Markers a reviewer can rely on: the reaction-time task run for real by the built binary
/// (`run --auto`: oscillator, HDF5 file, trial table, scripted participant; a process of its own, so
/// the test process's load cannot stall its real-time source) and the stored markers compared with
/// the trial table. Every marker
/// lies on the sample nearest the moment the runner took, so the latency a reviewer derives from the
/// markers matches the table's to one sample period, at real time and, where the source kept its
/// pace, faster.
@Suite(.tags(.process))
struct ReactionTimeTimingTests {
    /// The example reaction-time study cut to one short block without preparation: 10 trials with
    /// foreperiods of 0.3–0.8 s, so the test runs in real time in about 15 s.
    static func shortStudy(in dir: TemporaryDirectory) throws -> URL {
        let url = ProjectPaths.root.appendingPathComponent("Studies/reaction-time/study.json")
        var root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var types = try #require(root["trialTypes"] as? [String: Any])
        var reaction = try #require(types["reaction"] as? [String: Any])
        var phases = try #require(reaction["phases"] as? [[String: Any]])
        phases[0]["duration"] = 0.2
        var task = try #require(phases[1]["task"] as? [String: Any])
        task["foreperiod"] = ["min": 0.3, "max": 0.8]
        task["responseWindow"] = 1.0
        phases[1]["task"] = task
        phases[2]["duration"] = 0.2
        phases[2]["jitter"] = 0
        reaction["phases"] = phases
        types["reaction"] = reaction
        root["trialTypes"] = types
        var sessions = try #require(root["sessions"] as? [String: Any])
        var session = try #require(sessions["reaction"] as? [String: Any])
        session.removeValue(forKey: "preparation")
        session.removeValue(forKey: "betweenBlocks")
        session["blocks"] = [["trials": [["type": "reaction", "count": 10]]]]
        sessions["reaction"] = session
        root["sessions"] = sessions
        root["days"] = [["sessions": ["reaction"]]]
        let folder = dir.path("study")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: root).write(to: folder.appendingPathComponent("study.json"))
        return folder
    }

    struct Report: Decodable {
        struct Item: Decodable { var kind: String; var path: String }
        var state: String
        var reason: String?
        var stored: [Item]
        var medianLatencyMs: Double?
    }

    struct Table: Decodable {
        struct Trial: Decodable {
            var outcome: String
            var latencyMs: Double?
            var stimulusTime: String?
            var responseTime: String?
            var stimulusSample: Int64?
            var responseSample: Int64?
        }
        var trials: [Trial]
        var complete: Bool
        var medianCorrectLatencyMs: Double?
        var sessionMedianLatencyMs: Double?
    }

    /// Enrolls a participant in the short study and runs its session with the built binary at
    /// `speed` (plus `arguments`, e.g. a source); the run's report, its trial table and recording.
    static func runShortStudy(speed: Double, _ arguments: [String] = []) async throws -> (Report, Table, RecordingReader) {
        let dir = try TemporaryDirectory("rt-timing")
        let study = try Self.shortStudy(in: dir)
        let data = dir.path("data")
        let bin = try #require(ProjectPaths.executable)
        let enrolled = try await ProcessRunner.runDetached(bin, ["enroll", study.path, "--data", data.path, "--name", "Ida", "--auto"])
        try #require(enrolled.status == 0, "\(enrolled.stderr)")
        let run = try await ProcessRunner.runDetached(
            bin, ["run", study.path, "--data", data.path, "--auto", "--json", "--seed", "11", "--speed", String(speed)] + arguments)
        try #require(run.status == 0, "\(run.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        #expect(report.state == "completed", "\(report.reason ?? "")")
        let store = try DataStore(root: data)
        let recording = try #require(report.stored.first { $0.kind == "recording" })
        let tableItem = try #require(report.stored.first { $0.kind == "trials" })
        let table = try JSONDecoder().decode(Table.self, from: Data(contentsOf: store.url(of: tableItem.path)))
        return (report, table, try RecordingReader(url: store.url(of: recording.path)))
    }

    @Test(arguments: [1.0, 8.0])
    func markerLatenciesMatchTheTrialTableToOneSample(speed: Double) async throws {
        let (report, table, reader) = try await Self.runShortStudy(speed: speed)
        let fs = reader.samplingRate
        let events = try reader.events()
        let block = try reader.readBlock(from: 0, count: Int(reader.sampleCount))
        #expect(table.trials.count == 10)

        // Sample times where the source kept its pace follow each other by one paced step; a source
        // that fell behind at speed N shifted a later block's times forward by at least a block (a
        // jump, see PacedSchedule), at real time never.
        let step = 1 / (fs * speed)
        func keptPace(from a: Int, to b: Int) -> Bool {
            let low = max(0, a), high = min(block.times.count - 1, b)
            guard low < high else { return true }
            return (low..<high).allSatisfy { abs(block.times[$0 + 1] - block.times[$0] - step) < step / 2 }
        }
        if speed == 1 { #expect(keptPace(from: 0, to: block.times.count - 1), "at real time no sample time is shifted") }
        // The moment a marker was set for lies nearer its sample than either neighbour (the table's
        // moments are ms, truncated: a millisecond of slack), also where a jump borders the sample.
        func isNearest(_ sample: Int64, to moment: Double) -> Bool {
            let i = Int(sample), t = block.times
            let low = i > 0 ? (t[i - 1] + t[i]) / 2 : -Double.infinity
            let high = i + 1 < t.count ? (t[i] + t[i + 1]) / 2 : Double.infinity
            return moment >= low - 0.001 && moment <= high + 0.001
        }

        var errors: [Double] = []
        var behind = 0
        for trial in table.trials {
            if trial.outcome != "anticipation" || trial.stimulusSample != nil {
                let s = try #require(trial.stimulusSample)
                #expect(events.contains { $0.code == 510 && $0.sample == s }, "the stimulus marker is on the table's sample")
                // The marker's sample time is within half a sample of the moment the runner took
                // (checked below for stimuli and responses).
                let moment = try #require(trial.stimulusTime.flatMap(UTCTimestamp.date(fromISO8601:))).timeIntervalSince1970
                #expect(isNearest(s, to: moment), "stimulus of trial at sample \(s): its moment is nearer another sample")
                errors.append((block.times[Int(s)] - moment) * speed)
            }
            guard trial.outcome == "correct" else { continue }
            let s = try #require(trial.stimulusSample), r = try #require(trial.responseSample)
            #expect(events.contains { $0.code == 520 && $0.sample == r })
            let markerLatency = Double(r - s) / fs
            let tableLatency = try #require(trial.latencyMs) / 1000
            let pressed = try #require(trial.responseTime.flatMap(UTCTimestamp.date(fromISO8601:))).timeIntervalSince1970
            let shown = try #require(trial.stimulusTime.flatMap(UTCTimestamp.date(fromISO8601:))).timeIntervalSince1970
            #expect(isNearest(r, to: pressed), "response at sample \(r): its moment is nearer another sample")
            // At speed N a source that could not keep its pace shifted its times forward (a jump in
            // the time stamps): its rows then hold less signal than the study time passed, so the
            // latency on the signal matches the table's only where the source kept its pace from the
            // sample before the stimulus to the one after the response. Failure mode seen under load
            // (load ~10, speed 8): this used to look only from stimulus to response, so a moment in a
            // jump just before the stimulus's sample or just after the response's (a marker is then
            // on the sample bordering the jump, up to half the jump from its moment) passed as kept
            // pace and the latencies differed by several samples (1 of 3 loaded runs: marker 0.383 s
            // vs table 0.418 s, the moment 34 ms of study time from its sample). The jump's neighbours
            // are included now, every marker is checked to be on the sample nearest its moment, and a
            // trial the machine could not keep pace for is counted and reported.
            if speed == 1 || keptPace(from: Int(s) - 1, to: Int(r) + 1) {
                #expect(abs(markerLatency - tableLatency) <= 1 / fs, "marker latency \(markerLatency) s vs table \(tableLatency) s")
            } else {
                behind += 1
            }
            errors.append((block.times[Int(r)] - pressed) * speed)
            if speed == 1 {
                // At real time the latency is the time between the two moments (written in whole ms).
                #expect(abs(tableLatency - (pressed - shown)) <= 0.002, "table \(tableLatency) s vs moments \(pressed - shown) s")
            }
        }
        if behind > 0 {
            print(
                "the machine could not keep pace at speed \(speed): the source fell behind around \(behind) correct trials (their latency checked on moments only)"
            )
        }
        if speed == 1 {
            // The moments are written in ms (truncated), so allow a millisecond on top of half a sample.
            // (At speed N a source that falls behind shifts its times, and a moment in such a jump is
            // further from its sample; the latency is then measured on the signal, checked above.)
            #expect(errors.allSatisfy { abs($0) <= 0.5 / fs + 0.001 }, "marker errors \(errors)")
        }
        let median = ReactionTimeResult.median(table.trials.filter { $0.outcome == "correct" }.compactMap(\.latencyMs))
        #expect(table.medianCorrectLatencyMs == median && table.sessionMedianLatencyMs == median)
        #expect(report.medianLatencyMs == median)
        let sorted = errors.map { abs($0) * 1000 }.sorted()
        print(
            "marker error at speed \(speed): median \(String(format: "%.2f", sorted[sorted.count / 2])) ms, max \(String(format: "%.2f", sorted.last ?? 0)) ms over \(sorted.count) markers"
        )

        // Times are on the host's clock at every speed: no sample (so no later block's start) lies in
        // the future, and times never go backwards, nor do the derived series'.
        #expect(try #require(block.times.last) <= Date().timeIntervalSince1970)
        #expect(zip(block.times, block.times.dropFirst()).allSatisfy { $0 < $1 })
        let quality = try #require(try reader.series(group: "Quality", name: "MyndQuality"))
        #expect(!quality.times.isEmpty && zip(quality.times, quality.times.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(quality.times.allSatisfy { $0 <= block.times.last! + 1e-6 })  // TimeStamp is whole µs
    }
}
