import Foundation

/// Synthetic EEG block arrivals over BLE, for the clock-fit tests.
///
/// The headband samples at `rate` Hz on its own crystal; block `k` (samples `12k…12k+11`) is ready when
/// its last sample is taken, waits for the next BLE connection event (every `connectionInterval`
/// seconds of the BLE controller's clock, which runs `controllerSkew` fast against the host clock, at
/// an arbitrary phase), and reaches the host `transport` seconds after that event plus a small
/// exponential host-scheduling delay (mean `hostJitter`). The smallest possible latency of a block's
/// first sample is therefore ``minimumLatency`` = `11/rate + transport`; everything else is one-sided:
/// the wait for the connection event, the host delay, and occasional stalls (`burstProbability` per block of a burst lasting 10–60
/// blocks that adds 50–200 ms). Blocks are lost at random (`lossProbability`) and in one long gap.
struct ArrivalSimulator {
    struct Arrival {
        var block: Int64
        var sampleIndex: Int64
        var receivedAt: UInt64
    }

    var rate = 256.0001
    var start = 1000.0
    var connectionInterval = 0.030
    var transport = 0.0015
    var controllerSkew = 40e-6
    var hostJitter = 0.0002
    var burstProbability = 0.003
    var lossProbability = 0.02
    var longGap: Range<Int64> = 3000..<3213
    var seed: UInt64 = 1

    var minimumLatency: Double { 11 / rate + transport }

    /// The true acquisition time of sample `index` in host seconds.
    func trueTime(ofSample index: Int64) -> Double { start + Double(index) / rate }

    /// The arrivals of blocks `0..<blocks`, in order, lost ones omitted.
    func arrivals(blocks: Int64) -> [Arrival] {
        var rng = SeededGenerator(seed: seed)
        let phase = Double.random(in: 0..<connectionInterval, using: &rng)
        var burstLeft = 0
        var burstDelay = 0.0
        var result: [Arrival] = []
        var last: UInt64 = 0
        for block in 0..<blocks {
            if burstLeft == 0 && block > 0 && Double.random(in: 0..<1, using: &rng) < burstProbability {
                burstLeft = Int.random(in: 10...60, using: &rng)
                burstDelay = Double.random(in: 0.050...0.200, using: &rng)
            }
            let delay = burstLeft > 0 ? burstDelay : 0
            if burstLeft > 0 { burstLeft -= 1 }
            let lost = block > 0 && (longGap.contains(block) || Double.random(in: 0..<1, using: &rng) < lossProbability)
            if lost { continue }
            let ready = trueTime(ofSample: 12 * block + 11) + delay
            let interval = connectionInterval * (1 + controllerSkew)
            let events = ((ready - phase) / interval).rounded(.up)
            let jitter = -hostJitter * log(1 - Double.random(in: 0..<1, using: &rng))
            let arrival = phase + events * interval + transport + jitter
            let ns = max(UInt64(arrival * 1e9), last)  // BLE delivers in order
            last = ns
            result.append(Arrival(block: block, sampleIndex: 12 * block, receivedAt: ns))
        }
        return result
    }
}
