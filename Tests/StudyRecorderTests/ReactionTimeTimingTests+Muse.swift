import DataSources
import Foundation
import Storage
import Study
import TestSupport
import Testing

extension ReactionTimeTimingTests {
    /// `--speed 4` with a simulated headband means what it means for the oscillator: the headband
    /// samples four times faster, its samples are stamped with the host moments they were taken, and
    /// every study marker lands on the sample nearest its moment, so a latency derived from the
    /// marker rows equals the trial table's (study time) within one sample. With the samples'
    /// times on signal time instead (4× faster than the host clock the runner's moments are on), the
    /// markers of 151 events crowded onto 11–32 samples and a 0.39 s latency was 97 ms in the rows.
    @Test func markerLatenciesMatchTheTrialTableWithASimulatedHeadbandAtSpeed4() async throws {
        let speed = 4.0
        let dir = try TemporaryDirectory("rt-timing-muse")
        let study = try Self.shortStudy(in: dir)
        let data = dir.path("data")
        let bin = try #require(ProjectPaths.executable)
        let headband = try MuseCLITests.Headband(speed: Int(speed))
        let enrolled = try await ProcessRunner.runDetached(bin, ["enroll", study.path, "--data", data.path, "--name", "Ida", "--auto"])
        try #require(enrolled.status == 0, "\(enrolled.stderr)")
        let run = try await ProcessRunner.runDetached(
            bin,
            [
                "run", study.path, "--data", data.path, "--auto", "--json", "--seed", "11", "--speed", String(Int(speed)), "--source", "muse",
                "--device", headband.device,
            ])
        try #require(run.status == 0, "\(run.stderr)")
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        #expect(report.state == "completed", "\(report.reason ?? "")")
        let store = try DataStore(root: data)
        let recording = try #require(report.stored.first { $0.kind == "recording" })
        let tableItem = try #require(report.stored.first { $0.kind == "trials" })
        let table = try JSONDecoder().decode(Table.self, from: Data(contentsOf: store.url(of: tableItem.path)))
        let reader = try RecordingReader(url: store.url(of: recording.path))
        let fs = reader.samplingRate
        let events = try reader.events()
        let block = try reader.readBlock(from: 0, count: Int(reader.sampleCount))

        // Every study marker lies on the sample nearest its moment (the event's time): within half a
        // sample of host time, so markers spread over the recording as their moments do instead of
        // crowding onto a few samples.
        let studyEvents = events.filter { $0.code > 0 }
        #expect(studyEvents.count >= 20)
        for event in studyEvents {
            let offset = block.times[Int(event.sample)] - event.time
            #expect(abs(offset) <= 0.5 / (fs * speed) + 1e-5, "marker \(event.code) at sample \(event.sample) is \(offset) s from its moment")
        }
        var checked = 0
        for trial in table.trials where trial.outcome == "correct" {
            let s = try #require(trial.stimulusSample), r = try #require(trial.responseSample)
            let markerLatency = Double(r - s) / fs
            let tableLatency = try #require(trial.latencyMs) / 1000
            #expect(abs(markerLatency - tableLatency) <= 1 / fs + 0.001 * speed, "marker latency \(markerLatency) s vs table \(tableLatency) s")
            let shown = try #require(trial.stimulusTime.flatMap(UTCTimestamp.date(fromISO8601:))).timeIntervalSince1970
            // The sample's time is the host moment it was taken: within half a sample of host time
            // (plus the table's whole-ms moments) of the moment the runner took.
            #expect(abs(block.times[Int(s)] - shown) <= 0.5 / (fs * speed) + 0.001, "stimulus sample \(s) is \(block.times[Int(s)] - shown) s off")
            checked += 1
        }
        #expect(checked >= 5)
        #expect(try #require(block.times.last) <= Date().timeIntervalSince1970)
    }
}
