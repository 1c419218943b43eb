import Testing

@testable import Muse

struct StreamTimelineTests {
    /// Arrivals of packets that leave once their last sample was taken and wait for BLE connection
    /// events: every placed time is the true sampling moment plus only the transport latency (within
    /// 1 ms after 20 s), not 11 sample periods (43 ms) late as with the arrival paired to the first
    /// sample; and no time lies after the arrival of its packet.
    @Test(arguments: [0.0075, 0.015, 0.030])
    func placesSamplesAtTheirSamplingMoments(connectionInterval: Double) throws {
        var sim = ArrivalSimulator()
        sim.connectionInterval = connectionInterval
        sim.seed = UInt64(connectionInterval * 10_000) + 7
        var timeline = StreamTimeline(samplesPerPacket: 12, rate: 256)
        var worst = 0.0
        var checked = 0
        for arrival in sim.arrivals(blocks: 2000) {
            let result = timeline.place(sequence: arrival.block, receivedAt: arrival.receivedAt, utc: { $0 })
            let placed = try #require(result)
            #expect(placed.first == arrival.sampleIndex)
            #expect(placed.times.allSatisfy { $0 <= Double(arrival.receivedAt) / 1e9 })
            for (k, time) in placed.times.enumerated() where Double(arrival.sampleIndex) / 256 >= 20 {
                worst = max(worst, abs(time - (sim.trueTime(ofSample: arrival.sampleIndex + Int64(k)) + sim.transport)))
                checked += 1
            }
        }
        #expect(checked > 10_000)
        #expect(worst < 0.001, "worst error \(worst * 1000) ms")
    }

    /// A packet whose arrival runs ahead of the line (a headband clock that is fast) is held at its
    /// arrival: no stored time lies in the future, and times still increase.
    @Test func timesNeverPassTheArrival() throws {
        var timeline = StreamTimeline(samplesPerPacket: 12, rate: 256)
        var last = -Double.infinity
        for block in Int64(0)..<400 {
            // 5 % fast: each packet arrives earlier than the nominal rate and the 2 % slew allow.
            let arrival = UInt64((10 + Double(block) * 12 / 256 / 1.05) * 1e9)
            let result = timeline.place(sequence: block, receivedAt: arrival, utc: { $0 })
            let placed = try #require(result)
            #expect(placed.times.allSatisfy { $0 <= Double(arrival) / 1e9 + 1e-9 })
            #expect(placed.times.allSatisfy { $0 > last } && placed.times == placed.times.sorted())
            last = placed.times.last ?? last
        }
    }
}
