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
        // The simulated headband stays up for the whole run (its socket folder lives as long as it).
        let headband = try MuseCLITests.Headband(speed: Int(speed))
        let (_, table, reader) = try await Self.runShortStudy(speed: speed, ["--source", "muse", "--device", headband.device])
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
