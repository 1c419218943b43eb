import DataSources
import Testing

struct StreamContinuityTests {
    private func block(_ stream: String = "eeg", first: Int64, rows: Int, nanAt: Set<Int> = []) -> SampleBlock {
        var values = [Double](repeating: 1, count: rows * 2)
        for i in nanAt { values[i] = .nan }
        return SampleBlock(stream: stream, firstIndex: first, channelCount: 2, values: values, times: (0..<rows).map { Double($0) })
    }

    /// Index gaps count as missing rows, NaN values as missing values, other streams and repeated
    /// rows not at all.
    @Test func countsGapsAndMissingValues() {
        var eeg = StreamContinuity(stream: "eeg")
        #expect(eeg.lostFraction == 0)
        eeg.take(block(first: 0, rows: 12))
        eeg.take(block("accelerometer", first: 0, rows: 3, nanAt: [0]))
        eeg.take(block(first: 24, rows: 12, nanAt: [1, 3]))  // rows 12–23 lost, 2 values NaN
        eeg.take(block(first: 30, rows: 6))  // already counted
        #expect(eeg.expectedRows == 36 && eeg.missingRows == 12 && eeg.gaps == 1 && eeg.missingValues == 2)
        #expect(eeg.expectedValues == 72)
        #expect(abs(eeg.lostFraction - 26.0 / 72) < 1e-12)
    }
}
