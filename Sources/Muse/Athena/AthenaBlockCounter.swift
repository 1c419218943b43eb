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
///
/// **Corrupt blocks never become time.** Two witnesses must agree before a block moves the index:
/// - *the device time*: the chosen candidate may differ from what the elapsed device time holds by
///   at most ``deviceTimeToleranceSeconds`` plus ``deviceTimeDriftTolerance`` of the elapsed time (on
///   the shared captures consecutive blocks disagree with their device time by up to 0.22 s, and the
///   device clock drifts from the nominal rates by up to 0.5 %); a block number or a device time
///   that a bit error changed disagrees, and
/// - *the arrival* (when given): the step may not exceed what the host time since the last accepted
///   block allows (``PacketAdvanceLimit``, as for the classic headband's counter). A packet whose
///   block numbers and device time agree but lie far ahead (a replayed or garbled packet) fails it.
///
/// Such a block is *implausible*: counted in ``implausibleBlocks`` and left out, with the counter
/// unchanged, so the blocks after it continue where the good ones left off. Block-number errors
/// smaller than the device-time tolerance (up to 0.5 s of blocks) cannot be told from a real loss
/// and become a gap: the device time is too coarse to say more (provisional, docs/muse.md).
struct AthenaBlockCounter {
    /// Device ticks one block spans (samples per block / rate × 256 000).
    let ticksPerBlock: Double
    /// How far (seconds of device time) a block may lie from where its device time puts it.
    static let deviceTimeToleranceSeconds = 0.5
    /// … plus this fraction of the device time elapsed since the last accepted block.
    static let deviceTimeDriftTolerance = 0.02
    private let limit: PacketAdvanceLimit?
    private var last: (sequence: UInt8, index: Int64, deviceTime: UInt32, receivedAt: UInt64)?
    /// Blocks left out because their block number, device time and arrival disagree.
    private(set) var implausibleBlocks = 0

    /// A counter for blocks of `samplesPerBlock` samples at `rate` Hz; with `arrivalSlack` (ns of the
    /// arrival clock a previous block may have come late by), steps are also bounded by the arrival
    /// times passed to ``unwrap(_:deviceTime:receivedAt:)``.
    init(samplesPerBlock: Int, rate: Double, arrivalSlack: UInt64? = nil) {
        ticksPerBlock = Double(samplesPerBlock) / rate * AthenaScale.deviceTicksPerSecond
        limit = arrivalSlack.map { PacketAdvanceLimit(packetPeriod: UInt64(Double(samplesPerBlock) / rate * 1e9), slack: $0) }
    }

    /// Forgets the last block (after a reconnect the numbering starts afresh).
    mutating func reset() { last = nil }

    /// The continuous index of the block numbered `sequence` in a packet of device time `deviceTime`
    /// that arrived at `receivedAt` (ns on the arrival clock; 0 when unknown, which leaves only the
    /// device-time check); `nil` for a duplicate, late or implausible block. The first block is
    /// index 0.
    mutating func unwrap(_ sequence: UInt8, deviceTime: UInt32, receivedAt: UInt64 = 0) -> Int64? {
        guard let previous = last else {
            last = (sequence, 0, deviceTime, receivedAt)
            return 0
        }
        let step = Int64(sequence &- previous.sequence)
        let elapsedTicks = Double(Int32(bitPattern: deviceTime &- previous.deviceTime))
        let expected = elapsedTicks / ticksPerBlock
        // Candidates: step − 256 (late), step, step + 256, …; take the closest to `expected`.
        let wraps = max(-1, ((expected - Double(step)) / 256).rounded())
        let advance = step + 256 * Int64(wraps)
        let tolerance =
            (Self.deviceTimeToleranceSeconds * AthenaScale.deviceTicksPerSecond + Self.deviceTimeDriftTolerance * abs(elapsedTicks))
            / ticksPerBlock
        guard abs(Double(advance) - expected) <= tolerance else {
            implausibleBlocks += 1
            return nil
        }
        guard advance > 0 else { return nil }
        if let limit, receivedAt > 0, advance > 1 {
            let elapsed = receivedAt > previous.receivedAt ? receivedAt - previous.receivedAt : 0
            guard advance <= limit.maximumSteps(after: elapsed) else {
                implausibleBlocks += 1
                return nil
            }
        }
        let index = previous.index + advance
        last = (sequence, index, deviceTime, receivedAt)
        return index
    }
}
