import Testing

@testable import Report

/// A chart's line never bridges a gap: it breaks at a missing value and where its series skips time.
struct ChartFrameTests {
    let frame = ChartFrame(x: 0...20, y: 0...1)

    func strokes(_ points: [(x: Double, y: Double)]) -> Int { frame.path(points).filter { $0 == "M" }.count }

    @Test func theLineBreaksAtMissingValuesAndSkippedTime() {
        let steady = (0..<10).map { (x: Double($0), y: 0.5) }
        #expect(strokes(steady) == 1)
        var missing = steady
        missing[4].y = .nan
        #expect(strokes(missing) == 2)
        // One update a second, then nothing for 8 s (a gap the series has no rows for), then on.
        let skipped = (0..<5).map { (x: Double($0), y: 0.5) } + (13..<18).map { (x: Double($0), y: 0.5) }
        #expect(strokes(skipped) == 2)
    }
}
