import DataSources
import Foundation
import TestSupport
import Testing

@testable import Storage

/// Lost samples become rows whose times lie between the samples around the gap, evenly spread, so
/// `/Recording/TimeStamp` never goes backwards whatever the spacing of the source's samples.
struct GapTimeTests {
    @Test(arguments: [1.0, 1.0 / 8])
    func gapRowsAreTimedBetweenTheirNeighbours(timeScale: Double) throws {
        let dir = try TemporaryDirectory("gap-times")
        let url = dir.path("g.h5")
        let writer = try RecordingWriter(url: url, metadata: RecordingWriterTests.metadata())
        var generator = OscillatorGenerator(configuration: .init(seed: 5, startTime: 2000), timeScale: timeScale)
        let samples = generator.next(1000)[0]
        try writer.append(samples.slice(0..<300))
        try writer.append(samples.slice(350..<1000))
        try writer.finish(.complete)
        let reader = try RecordingReader(url: url)
        let times = try reader.readBlock(from: 0, count: 1000).times
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "times go backwards")
        for i in 300..<350 { #expect(abs(times[i] - samples.times[i]) < 2e-6) }
    }
}
