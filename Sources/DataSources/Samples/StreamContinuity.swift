/// How complete one stream has been so far: the samples expected between the first and the last
/// index seen, those that never arrived (index gaps) and those that arrived without a value (`NaN`,
/// e.g. a Muse channel packet lost from an otherwise complete block).
///
/// It is the "packet loss" a headband user asks about, counted in values so that it means the same
/// for every source: for the Muse, one lost packet is 12 samples of one channel.
///
/// ```swift
/// var eeg = StreamContinuity(stream: descriptor.eeg.name)
/// for block in blocks { eeg.take(block) }
/// print(eeg.lostFraction)   // 0.004 = 0.4 % of the values missing
/// ```
package struct StreamContinuity: Sendable, Equatable, Codable {
    /// The stream counted.
    package let stream: String
    /// Rows from the first index seen through the last (received or not).
    package private(set) var expectedRows: Int64 = 0
    /// Rows that never arrived: the sum of all index gaps.
    package private(set) var missingRows: Int64 = 0
    /// Values that arrived as `NaN` in rows that did arrive.
    package private(set) var missingValues: Int64 = 0
    /// Values expected: ``expectedRows`` × channels.
    package private(set) var expectedValues: Int64 = 0
    /// The number of gaps (runs of missing rows).
    package private(set) var gaps = 0
    private var nextIndex: Int64?
    private var channels: Int64 = 0

    /// Counts `stream`.
    package init(stream: String) {
        self.stream = stream
    }

    /// Counts a block; blocks of other streams and rows already counted are ignored.
    package mutating func take(_ block: SampleBlock) {
        guard block.stream == stream, block.count > 0 else { return }
        channels = Int64(block.channelCount)
        let width = block.channelCount
        for r in 0..<block.count {
            let index = block.firstIndex + Int64(r)
            if let next = nextIndex {
                guard index >= next else { continue }
                if index > next {
                    gaps += 1
                    missingRows += index - next
                    expectedRows += index - next
                    expectedValues += (index - next) * channels
                }
            }
            nextIndex = index + 1
            expectedRows += 1
            expectedValues += channels
            for c in 0..<width where block.values[r * width + c].isNaN { missingValues += 1 }
        }
    }

    /// Values lost (in gaps or as `NaN`) out of all expected, 0…1; 0 before anything arrived.
    package var lostFraction: Double {
        expectedValues > 0 ? Double(missingRows * channels + missingValues) / Double(expectedValues) : 0
    }

    enum CodingKeys: String, CodingKey {
        case stream, expectedRows, missingRows, missingValues, expectedValues, gaps
    }
}
