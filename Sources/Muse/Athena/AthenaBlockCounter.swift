/// Unwraps one Athena sensor's 8-bit block sequence numbers into a continuous block index, so every
/// block's samples land at their exact place and lost blocks leave missing indices (stored as NaN
/// rows with a gap event).
///
/// Consecutive blocks of a sensor differ by one. A step of `s` (mod 256) could also mean `s + 256·n`
/// blocks after a long loss; the device time of the block's packet (256 kHz ticks, wrapping after
/// 2³² ticks) decides `n`: the candidate closest to the blocks the elapsed device time holds is taken.
/// Device times are coarse (several packets share one, and about 3–4 % go backwards), so they only
/// ever choose among multiples of 256 blocks, never the step itself. A block whose best candidate is
/// not ahead of the last (a duplicate, or a reordered notification arriving after its successors) is
/// refused: its place was already passed, so its samples stay missing there.
struct AthenaBlockCounter {
    /// Device ticks one block spans (samples per block / rate × 256 000).
    let ticksPerBlock: Double
    private var last: (sequence: UInt8, index: Int64, deviceTime: UInt32)?

    /// A counter for blocks of `samplesPerBlock` samples at `rate` Hz.
    init(samplesPerBlock: Int, rate: Double) {
        ticksPerBlock = Double(samplesPerBlock) / rate * AthenaScale.deviceTicksPerSecond
    }

    /// Forgets the last block (after a reconnect the numbering starts afresh).
    mutating func reset() { last = nil }

    /// The continuous index of the block numbered `sequence` in a packet of device time `deviceTime`;
    /// `nil` for a duplicate or late block. The first block is index 0.
    mutating func unwrap(_ sequence: UInt8, deviceTime: UInt32) -> Int64? {
        guard let previous = last else {
            last = (sequence, 0, deviceTime)
            return 0
        }
        let step = Int64(sequence &- previous.sequence)
        let elapsedTicks = Double(Int32(bitPattern: deviceTime &- previous.deviceTime))
        let expected = elapsedTicks / ticksPerBlock
        // Candidates: step − 256 (late), step, step + 256, …; take the closest to `expected`.
        let wraps = max(-1, ((expected - Double(step)) / 256).rounded())
        let advance = step + 256 * Int64(wraps)
        guard advance > 0 else { return nil }
        let index = previous.index + advance
        last = (sequence, index, deviceTime)
        return index
    }
}
