import Testing

@testable import Muse

struct EEGBlockAssemblerTests {
    static let ms: UInt64 = 1_000_000

    static func codes(_ block: Int, _ slot: Int) -> [UInt16] {
        (0..<12).map { UInt16((block * 7 + slot * 13 + $0) % 4096) }
    }

    static func blocks(_ events: [EEGAssemblyEvent]) -> [EEGBlock] {
        events.compactMap { if case .block(let b) = $0 { b } else { nil } }
    }

    @Test func completeBlocksInOrderComeOutAtOnce() {
        var assembler = EEGBlockAssembler(channelCount: 4)
        var out: [EEGAssemblyEvent] = []
        for block in 0..<3 {
            for slot in [3, 0, 2, 1] {
                out += assembler.add(
                    channelSlot: slot, counter: UInt16(100 + block), codes: Self.codes(block, slot),
                    receivedAt: UInt64(block) * 47 * Self.ms + UInt64(slot))
            }
            #expect(Self.blocks(out).count == block + 1)
        }
        let blocks = Self.blocks(out)
        #expect(blocks.map(\.blockIndex) == [0, 1, 2])
        #expect(blocks.map(\.counter) == [100, 101, 102])
        #expect(blocks.map(\.firstSampleIndex) == [0, 12, 24])
        #expect(blocks[1].codes == (0..<4).map { Self.codes(1, $0) })
        #expect(blocks[2].receivedAt == 2 * 47 * Self.ms)
        #expect(blocks.allSatisfy { $0.isComplete })
    }

    @Test func gapVectorReportsExactlyOneLostBlockAndWrapIsNone() {
        var assembler = EEGBlockAssembler(channelCount: 4)
        var out: [EEGAssemblyEvent] = []
        for (n, counter) in [UInt16(10), 11, 13].enumerated() {
            for slot in 0..<4 {
                out += assembler.add(channelSlot: slot, counter: counter, codes: Self.codes(n, slot), receivedAt: UInt64(n) * 47 * Self.ms)
            }
        }
        // Block 13 is complete but waits for 12, which is declared lost only after the timeout.
        #expect(out.count == 2)
        #expect(assembler.flush(now: 2 * 47 * Self.ms + 100 * Self.ms).isEmpty)
        out += assembler.flush(now: 2 * 47 * Self.ms + 101 * Self.ms)
        #expect(out.count == 4)
        #expect(out[2] == .lost(EEGBlockGap(firstBlockIndex: 2, count: 1)))
        #expect(Self.blocks(out).map(\.blockIndex) == [0, 1, 3])
        #expect(assembler.lostBlocks == 1)

        var wrap = EEGBlockAssembler(channelCount: 1)
        let events = [UInt16(65534), 65535, 0, 1].flatMap {
            wrap.add(channelSlot: 0, counter: $0, codes: Self.codes(0, 0), receivedAt: 0)
        }
        #expect(events.count == 4 && wrap.lostBlocks == 0)
        #expect(Self.blocks(events).map(\.blockIndex) == [0, 1, 2, 3])
    }

    @Test func overtakenBlockIsHeldUntilItsPredecessorCompletes() {
        var assembler = EEGBlockAssembler(channelCount: 2)
        var out: [EEGAssemblyEvent] = []
        out += assembler.add(channelSlot: 0, counter: 5, codes: Self.codes(0, 0), receivedAt: 0)
        out += assembler.add(channelSlot: 0, counter: 7, codes: Self.codes(2, 0), receivedAt: 1 * Self.ms)
        out += assembler.add(channelSlot: 1, counter: 7, codes: Self.codes(2, 1), receivedAt: 2 * Self.ms)
        out += assembler.add(channelSlot: 0, counter: 6, codes: Self.codes(1, 0), receivedAt: 3 * Self.ms)
        #expect(out.isEmpty)
        out += assembler.add(channelSlot: 1, counter: 5, codes: Self.codes(0, 1), receivedAt: 4 * Self.ms)
        #expect(Self.blocks(out).map(\.blockIndex) == [0])
        out += assembler.add(channelSlot: 1, counter: 6, codes: Self.codes(1, 1), receivedAt: 5 * Self.ms)
        #expect(Self.blocks(out).map(\.blockIndex) == [0, 1, 2])
        #expect(Self.blocks(out)[2].receivedAt == 1 * Self.ms)
    }

    @Test func missingChannelIsReleasedAfterTheTimeoutAndItsLatePacketCounted() {
        var assembler = EEGBlockAssembler(channelCount: 5, timeout: 100 * Self.ms)
        var out: [EEGAssemblyEvent] = []
        for slot in [0, 1, 3, 4] {
            out += assembler.add(channelSlot: slot, counter: 9, codes: Self.codes(0, slot), receivedAt: 10 * Self.ms)
        }
        out += assembler.flush(now: 110 * Self.ms)
        #expect(out.isEmpty)
        out += assembler.flush(now: 111 * Self.ms)
        let block = Self.blocks(out)
        #expect(block.count == 1)
        #expect(block.first?.missingChannels == [2])
        #expect(block.first?.codes[2] == nil && block.first?.codes[4] == Self.codes(0, 4))
        #expect(assembler.incompleteBlocks == 1)
        #expect(assembler.add(channelSlot: 2, counter: 9, codes: Self.codes(0, 2), receivedAt: 120 * Self.ms).isEmpty)
        #expect(assembler.latePackets == 1)
    }

    @Test func duplicatesAndInvalidPacketsAreCountedNotUsed() {
        var assembler = EEGBlockAssembler(channelCount: 2)
        _ = assembler.add(channelSlot: 0, counter: 1, codes: Self.codes(0, 0), receivedAt: 0)
        _ = assembler.add(channelSlot: 0, counter: 1, codes: Self.codes(9, 9), receivedAt: 1)
        _ = assembler.add(channelSlot: 2, counter: 1, codes: Self.codes(0, 2), receivedAt: 1)
        _ = assembler.add(channelSlot: -1, counter: 1, codes: Self.codes(0, 2), receivedAt: 1)
        _ = assembler.add(channelSlot: 1, counter: 1, codes: [1, 2, 3], receivedAt: 1)
        let out = assembler.add(channelSlot: 1, counter: 1, codes: Self.codes(0, 1), receivedAt: 2)
        #expect(assembler.duplicatePackets == 1 && assembler.invalidPackets == 3)
        #expect(Self.blocks(out).first?.codes == [Self.codes(0, 0), Self.codes(0, 1)])
    }

    @Test func pendingBlocksAreBounded() {
        var assembler = EEGBlockAssembler(channelCount: 2, maximumPendingBlocks: 8)
        var out: [EEGAssemblyEvent] = []
        for block in 0..<100 {  // channel 1 is dead and the clock does not move
            out += assembler.add(channelSlot: 0, counter: UInt16(block), codes: Self.codes(block, 0), receivedAt: 0)
            #expect(assembler.pendingBlockCount <= 8)
        }
        out += assembler.finish()
        #expect(Self.blocks(out).map(\.blockIndex) == (0..<100).map(Int64.init))
        #expect(Self.blocks(out).allSatisfy { $0.missingChannels == [1] })
        #expect(assembler.pendingBlockCount == 0)
    }

    /// Random arrival order, random lost channel packets and random lost blocks, across a counter wrap:
    /// every block index comes out exactly once, in order, as a block or inside a reported gap; the
    /// missing channels are exactly the dropped ones.
    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomArrivalsAndLosses(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let channels = seed % 2 == 0 ? 4 : 5
        let blockCount = 800
        let startCounter = UInt16.random(in: 65000...65535, using: &rng)
        let period = 46_875_000.0
        var lostBlocks: Set<Int> = []
        var dropped: [Int: Set<Int>] = [:]
        var arrivals: [(time: UInt64, block: Int, slot: Int)] = []
        for block in 0..<blockCount {
            if block > 0 && Double.random(in: 0..<1, using: &rng) < 0.05 {
                lostBlocks.insert(block)
                continue
            }
            let burst = block > 0 && Double.random(in: 0..<1, using: &rng) < 0.1 ? 40_000_000.0 : 0
            for slot in 0..<channels {
                if block > 0 && Double.random(in: 0..<1, using: &rng) < 0.05 {
                    dropped[block, default: []].insert(slot)
                    continue
                }
                let jitter = Double.random(in: 0..<20_000_000, using: &rng) + burst
                arrivals.append((UInt64(Double(block) * period + jitter), block, slot))
            }
            if dropped[block]?.count == channels { lostBlocks.insert(block) }
        }
        arrivals.sort { $0.time < $1.time }
        var assembler = EEGBlockAssembler(channelCount: channels)
        var out: [EEGAssemblyEvent] = []
        var tick: UInt64 = 0
        for arrival in arrivals {
            while tick < arrival.time {  // a 10 ms timer, as the consumer would run
                out += assembler.flush(now: tick)
                tick += 10_000_000
            }
            let counter = startCounter &+ UInt16(arrival.block)
            out += assembler.add(
                channelSlot: arrival.slot, counter: counter, codes: Self.codes(arrival.block, arrival.slot), receivedAt: arrival.time)
        }
        out += assembler.finish()

        var next: Int64 = 0
        var reportedLost: Set<Int> = []
        for event in out {
            switch event {
            case .block(let block):
                #expect(block.blockIndex == next)
                let index = Int(block.blockIndex)
                #expect(block.counter == startCounter &+ UInt16(index))
                #expect(Set(block.missingChannels) == dropped[index, default: []])
                for slot in 0..<channels where block.codes[slot] != nil {
                    #expect(block.codes[slot] == Self.codes(index, slot))
                }
                next += 1
            case .lost(let gap):
                #expect(gap.firstBlockIndex == next && gap.count >= 1)
                for index in gap.firstBlockIndex..<(gap.firstBlockIndex + gap.count) { reportedLost.insert(Int(index)) }
                next += gap.count
            }
        }
        let lastArrived = (0..<blockCount).last { !lostBlocks.contains($0) } ?? 0
        #expect(next == Int64(lastArrived + 1))
        #expect(reportedLost == lostBlocks.filter { $0 <= lastArrived })
        #expect(assembler.latePackets == 0 && assembler.duplicatePackets == 0)
        #expect(assembler.lostBlocks == Int64(reportedLost.count))
    }
}

/// Garbage into the assembler and the clock fit: random slots, counters, code counts and times
/// (also going backwards). Nothing traps, and the output still covers block indices exactly once, in
/// order.
struct EEGBlockAssemblerFuzzTests {
    @Test func randomInputNeverTrapsAndOutputStaysOrdered() {
        var rng = SeededGenerator(seed: 31337)
        var assembler = EEGBlockAssembler(channelCount: 4, maximumPendingBlocks: 16)
        var fit = SampleClockFit()
        var next: Int64?
        for round in 0..<5000 {
            let slot = Int.random(in: -2...6, using: &rng)
            let counter = round % 50 == 0 ? UInt16.random(in: .min ... .max, using: &rng) : UInt16(round / 4 % 65536)
            let codes = (0..<(round % 7 == 0 ? Int.random(in: 0...14, using: &rng) : 12)).map { _ in UInt16.random(in: .min ... .max, using: &rng) }
            let time = UInt64.random(in: 0...(UInt64(round) * 50_000_000 + 1), using: &rng)
            var events = assembler.add(channelSlot: slot, counter: counter, codes: codes, receivedAt: time)
            if round % 10 == 0 { events += assembler.flush(now: UInt64.random(in: .min ... .max, using: &rng)) }
            for event in events {
                switch event {
                case .block(let block):
                    #expect(next == nil || block.blockIndex == next)
                    next = block.blockIndex + 1
                    fit.add(sampleIndex: block.firstSampleIndex, receivedAt: block.receivedAt)
                    _ = fit.time(ofSample: block.firstSampleIndex)
                case .lost(let gap):
                    #expect(next == nil || gap.firstBlockIndex == next)
                    #expect(gap.count >= 1)
                    next = gap.firstBlockIndex + gap.count
                }
            }
            #expect(assembler.pendingBlockCount <= 16)
        }
        _ = assembler.finish()
        var extreme = SampleClockFit(bucketSeconds: 0)
        extreme.add(sampleIndex: 0, receivedAt: 1)
        extreme.add(sampleIndex: .max, receivedAt: .max)
        extreme.add(sampleIndex: .min, receivedAt: 0)
        _ = extreme.time(ofSample: .max)
        fit.add(sampleIndex: .max, receivedAt: .max)
        fit.add(sampleIndex: .min, receivedAt: 0)
        _ = fit.time(ofSample: .min)
        _ = fit.time(ofSample: .max)
        #expect(assembler.invalidPackets > 0)
    }
}
