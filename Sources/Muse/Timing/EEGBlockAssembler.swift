/// Groups the per-electrode EEG packets into blocks by their unwrapped packet counter, and releases
/// the blocks strictly in counter order, whatever order the packets arrived in.
///
/// The five EEG characteristics share one counter per 12-sample block, but BLE delivers their packets
/// in any order, sometimes one block's packets after the next block's, and sometimes not at all. The
/// assembler therefore keys pending blocks by unwrapped counter (``PacketCounter``) and releases
/// block `n` when:
/// - all enabled channels of `n` have arrived, and every block before `n` has been released; or
/// - `now − (earliest arrival of n) > timeout`: `n` is released with its missing channels marked
///   `nil` (the consumer writes NaN, never zeros).
///
/// A block that never arrived on any channel is reported as lost (``EEGAssemblyEvent/lost(_:)``, one
/// event per run of consecutive lost blocks) right before the next block released after it; it is
/// declared lost once a later block has waited longer than the timeout, so a block merely overtaken
/// by its successor still gets its chance. Nothing is skipped silently: every block index from the
/// first block on is covered by exactly one ``EEGBlock`` or one ``EEGBlockGap``.
///
/// The default timeout of 100 ms is about two packet periods (46.875 ms each): long enough for the
/// packets of one block to straddle a few BLE connection events (7.5–30 ms apart), short enough that
/// a lost channel costs little delay. A packet for a block that was already released (or that lies
/// before the first block) is dropped and counted in ``latePackets``; a second packet for the same
/// channel and block is dropped and counted in ``duplicatePackets``; with an advance limit, a packet
/// whose counter jumps further ahead than the elapsed time allows is dropped and counted in
/// ``corruptPackets`` (it would otherwise declare every block in between lost and push the following
/// blocks' real packets out as late); a packet with a slot outside
/// `0..<channelCount` or without exactly 12 codes is counted in ``invalidPackets``.
///
/// Memory is bounded: when more than ``maximumPendingBlocks`` blocks wait (for example while one
/// channel stopped while the clock argument does not advance), the oldest is released with whatever
/// it has.
///
/// The clock is never read here: `receivedAt` and `now` come from the caller (monotonic nanoseconds),
/// so tests control time.
///
/// ```swift
/// var assembler = EEGBlockAssembler(channelCount: preset.eegChannelCount)
/// for event in assembler.add(channelSlot: slot, counter: packet.counter, codes: packet.codes,
///                            receivedAt: now) { … }
/// // from a timer: for event in assembler.flush(now: now) { … }
/// ```
package struct EEGBlockAssembler: Sendable {
    /// The number of enabled EEG channels (slots `0..<channelCount`).
    package let channelCount: Int
    /// How long a block may wait for its missing channels, in nanoseconds.
    package let timeout: UInt64
    /// How many blocks may wait at once before the oldest is forced out.
    package let maximumPendingBlocks: Int

    /// Packets dropped because their block was already released (or precedes the first block).
    package private(set) var latePackets = 0
    /// Packets dropped because the same channel of the same block had already arrived.
    package private(set) var duplicatePackets = 0
    /// Packets dropped for an out-of-range slot or a code count other than 12.
    package private(set) var invalidPackets = 0
    /// Blocks released so far.
    package private(set) var blocksReleased: Int64 = 0
    /// Blocks released with at least one channel missing.
    package private(set) var incompleteBlocks: Int64 = 0
    /// Blocks reported lost so far.
    package private(set) var lostBlocks: Int64 = 0
    /// Packets dropped because their counter stepped further forward than the time since the latest
    /// packet allows (``PacketAdvanceLimit``): corrupt, never a gap and never time.
    package private(set) var corruptPackets = 0
    /// The bound on counter steps, `nil` for none.
    package let advanceLimit: PacketAdvanceLimit?

    private var counter = PacketCounter()
    private var origin: Int64?
    private var nextBlock: Int64 = 0
    private var pending: [Int64: PendingBlock] = [:]

    private struct PendingBlock: Sendable {
        var counter: UInt16
        var codes: [[UInt16]?]
        var arrived: Int
        var earliest: UInt64
    }

    /// Creates an assembler for `channelCount` channels (4, or 5 with AUX; clamped to 1…8), releasing
    /// incomplete blocks after `timeout` nanoseconds (default 100 ms) and holding at most
    /// `maximumPendingBlocks` blocks (default 64, three seconds of EEG).
    /// With an `advanceLimit`, a packet whose counter steps further forward than the time since the
    /// latest packet allows is dropped and counted in ``corruptPackets``.
    package init(channelCount: Int, timeout: UInt64 = 100_000_000, maximumPendingBlocks: Int = 64, advanceLimit: PacketAdvanceLimit? = nil) {
        self.channelCount = min(max(channelCount, 1), 8)
        self.timeout = timeout
        self.maximumPendingBlocks = max(maximumPendingBlocks, 1)
        self.advanceLimit = advanceLimit
    }

    /// The number of blocks waiting for channels or for an earlier block.
    package var pendingBlockCount: Int { pending.count }

    /// Adds one channel's packet received at `receivedAt` (monotonic ns, also taken as the current
    /// time) and returns whatever this releases, in order.
    package mutating func add(channelSlot: Int, counter raw: UInt16, codes: [UInt16], receivedAt: UInt64) -> [EEGAssemblyEvent] {
        guard (0..<channelCount).contains(channelSlot), codes.count == MuseScale.eegSamplesPerPacket else {
            invalidPackets += 1
            return release(now: receivedAt, force: false)
        }
        let unwrapped: Int64
        if let advanceLimit {
            guard let value = counter.unwrap(raw, at: receivedAt, limit: advanceLimit) else {
                corruptPackets += 1
                return release(now: receivedAt, force: false)
            }
            unwrapped = value
        } else {
            unwrapped = counter.unwrap(raw)
        }
        if origin == nil { origin = unwrapped }
        let index = unwrapped - (origin ?? unwrapped)
        if index < nextBlock {
            latePackets += 1
            return release(now: receivedAt, force: false)
        }
        var block =
            pending[index]
            ?? PendingBlock(counter: raw, codes: Array(repeating: nil, count: channelCount), arrived: 0, earliest: receivedAt)
        if block.codes[channelSlot] != nil {
            duplicatePackets += 1
        } else {
            block.codes[channelSlot] = codes
            block.arrived += 1
            block.earliest = min(block.earliest, receivedAt)
        }
        pending[index] = block
        return release(now: receivedAt, force: false)
    }

    /// Releases what has waited longer than the timeout at time `now` (monotonic ns); call it from a
    /// timer so a block whose last channel never comes is not held until the next packet.
    package mutating func flush(now: UInt64) -> [EEGAssemblyEvent] {
        release(now: now, force: false)
    }

    /// Releases every pending block regardless of time, at the end of a recording.
    package mutating func finish() -> [EEGAssemblyEvent] {
        release(now: 0, force: true)
    }

    private func timedOut(_ block: PendingBlock, now: UInt64) -> Bool {
        now > block.earliest && now - block.earliest > timeout
    }

    private mutating func release(now: UInt64, force: Bool) -> [EEGAssemblyEvent] {
        var events: [EEGAssemblyEvent] = []
        while let oldest = pending.keys.min() {
            let overfull = pending.count > maximumPendingBlocks
            if oldest > nextBlock {
                // Block `nextBlock` has not arrived on any channel; it is lost once a later block has
                // waited past the timeout (or memory or the end of the recording forces it).
                guard force || overfull || pending.values.contains(where: { timedOut($0, now: now) }) else { break }
                let gap = EEGBlockGap(firstBlockIndex: nextBlock, count: oldest - nextBlock)
                events.append(.lost(gap))
                lostBlocks += gap.count
                nextBlock = oldest
            }
            guard let block = pending[oldest] else { break }
            guard force || overfull || block.arrived == channelCount || timedOut(block, now: now) else { break }
            pending[oldest] = nil
            nextBlock = oldest + 1
            blocksReleased += 1
            if block.arrived < channelCount { incompleteBlocks += 1 }
            events.append(.block(EEGBlock(blockIndex: oldest, counter: block.counter, codes: block.codes, receivedAt: block.earliest)))
        }
        return events
    }
}
