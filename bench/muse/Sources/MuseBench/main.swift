// MuseBench: figures for docs/performance.md, section "Muse".
//
//   swift run -c release MuseBench [throughput-packets] [latency-seconds]
//
// 1. Decode + timestamp throughput on one core: pre-encoded ATT notifications of a p21 stream (4 EEG
//    channels and the accelerometer and gyroscope, in the headband's arrival order, with jittered
//    receive times) go through the per-packet path of the source: ATT PDU decode, packet decode,
//    counter unwrap and block assembly by counter, the lower-envelope clock fit, a time for every
//    sample and the µV conversion into a sample block. Reported in packets/s and as a multiple of the
//    real packet rate (≈ 120/s for p21).
// 2. Latency: a SimulatedHeadband in real time on a Unix socket, the real MuseSource and a real
//    DataController; for every EEG block, the time from the simulator writing the block's last channel
//    packet to a subscriber receiving the SampleBlock (both CLOCK_MONOTONIC). Median, p99 and maximum.

import DataSources
import Foundation
import Muse

let arguments = CommandLine.arguments.dropFirst()
let packetCount = arguments.first.flatMap(Int.init) ?? 2_000_000
let latencySeconds = arguments.dropFirst().first.flatMap(Double.init) ?? 30

// MARK: Throughput

/// One notification as it arrives: the bytes and the receive time (ns).
struct Arrival {
    var pdu: [UInt8]
    var receivedAt: UInt64
}

func makeArrivals(blocks: Int) -> [Arrival] {
    let signal = SimulatedSignal(seed: 1)
    var arrivals: [Arrival] = []
    arrivals.reserveCapacity(blocks * 6)
    var rng = SystemRandomNumberGenerator()
    let eegHandles: [UInt16] = [0x24, 0x27, 0x2A, 0x2D]
    for b in 0..<blocks {
        let counter = UInt16(truncatingIfNeeded: b)
        let base = UInt64(Double(b) * 46_875_000)
        // Arrival order seen on real headbands: TP10, AF8, TP9, AF7; 5–40 ms late.
        for channel in [3, 2, 0, 1] {
            let codes = (0..<12).map { signal.eegCode(channel: channel, sampleIndex: Int64(b * 12 + $0)) }
            let value = MusePacketEncoder.eeg(counter: counter, codes: codes)
            let pdu = ATTPDU.notification(handle: eegHandles[channel], value: value).encoded
            arrivals.append(Arrival(pdu: pdu, receivedAt: base + 5_000_000 + UInt64.random(in: 0...35_000_000, using: &rng)))
        }
        // The IMU sends about 0.81 packets per EEG block (52 Hz / 3 vs 256 Hz / 12), per sensor.
        if b % 21 < 17 {
            let samples = (0..<3).map { signal.accelerometer(index: Int64(b * 3 + $0)) }
            arrivals.append(Arrival(pdu: ATTPDU.notification(handle: 0x30, value: MusePacketEncoder.imu(sequence: counter, samples: samples)).encoded, receivedAt: base + 20_000_000))
            let turns = (0..<3).map { signal.gyroscope(index: Int64(b * 3 + $0)) }
            arrivals.append(Arrival(pdu: ATTPDU.notification(handle: 0x33, value: MusePacketEncoder.imu(sequence: counter, samples: turns)).encoded, receivedAt: base + 20_000_000))
        }
    }
    return arrivals
}

/// The per-packet path, as the source runs it, minus the socket.
func process(_ arrivals: [Arrival]) -> (blocks: Int, checksum: Double) {
    var assembler = EEGBlockAssembler(channelCount: 4)
    var fit = SampleClockFit()
    var imuCounter = PacketCounter()
    var blocks = 0
    var checksum = 0.0
    let slots: [UInt16: Int] = [0x24: 0, 0x27: 1, 0x2A: 2, 0x2D: 3]
    for arrival in arrivals {
        guard case .notification(let handle, let value)? = try? ATTPDU.decode(arrival.pdu) else { continue }
        if let slot = slots[handle] {
            guard let packet = try? EEGPacket(payload: value) else { continue }
            for event in assembler.add(channelSlot: slot, counter: packet.counter, codes: packet.codes, receivedAt: arrival.receivedAt) {
                guard case .block(let block) = event else { continue }
                fit.add(sampleIndex: block.firstSampleIndex, receivedAt: block.receivedAt)
                var values = [Double](repeating: .nan, count: 48)
                var times = [Double](repeating: 0, count: 12)
                for k in 0..<12 {
                    times[k] = fit.time(ofSample: block.firstSampleIndex + Int64(k)) ?? .nan
                    for c in 0..<4 { if let codes = block.codes[c] { values[k * 4 + c] = EEGPacket.microvolts(code: codes[k]) } }
                }
                let sampleBlock = SampleBlock(stream: "eeg", firstIndex: block.firstSampleIndex, channelCount: 4, values: values, times: times)
                checksum += sampleBlock.values[0] + sampleBlock.times[11]
                blocks += 1
            }
        } else {
            guard let packet = try? IMUPacket(payload: value, sensor: handle == 0x30 ? .accelerometer : .gyroscope) else { continue }
            checksum += Double(imuCounter.unwrap(packet.sequence)) + Double(packet.rawSamples[0].x)
        }
    }
    return (blocks, checksum)
}

let blocksNeeded = packetCount / 6 + 1
let arrivals = makeArrivals(blocks: blocksNeeded)
_ = process(Array(arrivals.prefix(10_000)))  // warm-up
var rates: [Double] = []
var checksum = 0.0
for _ in 0..<3 {
    let start = SystemHostClock.monotonicNanoseconds()
    let result = process(arrivals)
    let seconds = Double(SystemHostClock.monotonicNanoseconds() - start) / 1e9
    checksum += result.checksum
    rates.append(Double(arrivals.count) / seconds)
}
let best = rates.max() ?? 0
let realRate = 4 * 256.0 / 12 + 2 * 52.0 / 3 + 1  // p21: EEG, accelerometer, gyroscope, telemetry
print(String(format: "decode + timestamp: %d packets (%.0f s of p21 signal), best of 3: %.0f packets/s = %.0f× the real rate of %.0f packets/s (checksum %.3g)",
             arrivals.count, Double(blocksNeeded) * 0.046875, best, best / realRate, realRate, checksum))

// MARK: Latency

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((p * Double(sorted.count - 1)).rounded()))]
}

var template = Array("/tmp/musebench-XXXXXX".utf8CString)
guard let folder = mkdtemp(&template) else { fatalError("mkdtemp failed") }
let socket = String(cString: folder) + "/muse.sock"
let headband = SimulatedHeadband(path: socket)
try headband.start()
let controller = DataController(source: MuseSource(configuration: .init(device: .unixSocket(path: socket))))
let events = await controller.events()
try await controller.start()
var received: [(firstIndex: Int64, at: UInt64)] = []
let until = SystemHostClock.monotonicNanoseconds() + UInt64(latencySeconds * 1e9)
for await event in events {
    if case .samples(let block) = event, block.stream == "eeg" {
        received.append((block.firstIndex, SystemHostClock.monotonicNanoseconds()))
    }
    if SystemHostClock.monotonicNanoseconds() >= until { break }
}
await controller.stop()
headband.stop()
try? FileManager.default.removeItem(atPath: String(cString: folder))

var lastSent: [Int64: UInt64] = [:]
for packet in headband.log.sentEEG where packet.connection == 1 {
    lastSent[packet.sequence] = max(lastSent[packet.sequence] ?? 0, packet.sentAt)
}
let firstSequence = lastSent.keys.min() ?? 0
let latencies = received.compactMap { r -> Double? in
    guard let sent = lastSent[firstSequence + r.firstIndex / 12], r.at >= sent else { return nil }
    return Double(r.at - sent) / 1e6
}.sorted()
print(String(format: "notification → DataController block: %d blocks over %.0f s real time: median %.2f ms, p99 %.2f ms, max %.2f ms",
             latencies.count, latencySeconds, percentile(latencies, 0.5), percentile(latencies, 0.99), latencies.last ?? .nan))
