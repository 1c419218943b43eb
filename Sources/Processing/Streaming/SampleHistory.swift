/// The most recent samples of every channel, kept contiguous so a window is one pointer away: each
/// channel's buffer holds twice the capacity and is compacted (one move) when it fills up.
struct SampleHistory: Sendable {
    /// The longest window that can be asked for.
    let capacity: Int
    private var buffers: [[Double]]
    private var end = 0
    /// Samples appended so far (all time).
    private(set) var total: Int64 = 0

    init(channelCount: Int, capacity: Int) {
        self.capacity = max(1, capacity)
        buffers = [[Double]](repeating: [Double](repeating: .nan, count: 2 * max(1, capacity)), count: channelCount)
    }

    /// How many samples a window can currently have.
    var available: Int { Int(min(total, Int64(capacity))) }

    /// Appends one sample vector.
    mutating func append(_ values: UnsafeBufferPointer<Double>) {
        if end == buffers.first?.count ?? 0 {
            let keep = capacity
            for c in buffers.indices {
                buffers[c].withUnsafeMutableBufferPointer { b in
                    let base = b.baseAddress!
                    base.update(from: base + (end - keep), count: keep)
                }
            }
            end = keep
        }
        for c in buffers.indices { buffers[c][end] = c < values.count ? values[c] : .nan }
        end += 1
        total += 1
    }

    /// Calls `body` with the last `length` samples of `channel` (length ≤ ``available``).
    func withWindow<R>(channel: Int, length: Int, _ body: (UnsafeBufferPointer<Double>) -> R) -> R {
        buffers[channel].withUnsafeBufferPointer { b in
            body(UnsafeBufferPointer(rebasing: b[(end - length)..<end]))
        }
    }
}
