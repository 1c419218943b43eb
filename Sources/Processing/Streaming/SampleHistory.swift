/// The most recent samples of every channel, kept contiguous so a window is one pointer away: each
/// channel's buffer holds twice the capacity and is compacted (one move) when it fills up.
struct SampleHistory: Sendable {
    /// The longest window that can be asked for.
    let capacity: Int
    private let channelCount: Int
    /// Channel c occupies `storage[c·2·capacity ..< (c+1)·2·capacity]`.
    private var storage: [Double]
    private var end = 0
    /// Samples appended so far (all time).
    private(set) var total: Int64 = 0

    init(channelCount: Int, capacity: Int) {
        self.capacity = max(1, capacity)
        self.channelCount = channelCount
        storage = [Double](repeating: .nan, count: 2 * max(1, capacity) * channelCount)
    }

    /// How many samples a window can currently have.
    var available: Int { Int(min(total, Int64(capacity))) }

    /// Appends one sample vector.
    mutating func append(_ values: UnsafeBufferPointer<Double>) {
        let stride = 2 * capacity
        let channels = channelCount, keep = capacity
        let compact = end == stride
        let position = compact ? keep : end
        let oldEnd = end
        storage.withUnsafeMutableBufferPointer { b in
            let base = b.baseAddress!
            for c in 0..<channels {
                let lane = base + c * stride
                if compact { lane.update(from: lane + (oldEnd - keep), count: keep) }
                lane[position] = c < values.count ? values[c] : .nan
            }
        }
        end = position + 1
        total += 1
    }

    /// Calls `body` with the last `length` samples of `channel` (length ≤ ``available``).
    func withWindow<R>(channel: Int, length: Int, _ body: (UnsafeBufferPointer<Double>) -> R) -> R {
        storage.withUnsafeBufferPointer { b in
            let lane = channel * 2 * capacity
            return body(UnsafeBufferPointer(rebasing: b[(lane + end - length)..<(lane + end)]))
        }
    }
}
