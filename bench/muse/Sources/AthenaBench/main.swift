// AthenaBench: the Muse S Athena figures for docs/performance.md, section "Muse S Athena".
//
//   swift build -c release -Xswiftc -enable-testing --product AthenaBench
//   ./.build/release/AthenaBench [passes] [latency-seconds] [capture.txt …]
//
// 1. Decode throughput: the shared real captures (Tests/Fixtures/athena, default: all four 60 s
//    presets) parsed once; every data notification through framing (AthenaNotification) and block
//    decoding (AthenaSamples) with the µV conversion of every EEG code. Best of `passes` (default 5).
// 2. Decode + timestamp throughput: the source's whole per-notification path on one core, as
//    MuseStreamSession runs it: the ATT notification PDU decoded, then AthenaStreams (framing,
//    decoding, each sensor's block-number unwrap with the device-time and arrival checks, the
//    lower-envelope clock fit, a time for every sample, µV and the sample blocks), each capture at its
//    own arrival times. Best of `passes`. AthenaStreams is internal to the Muse module, hence
//    `@testable import` and `-enable-testing`.
// 3. Latency: a simulated Athena (p1041, generated packets) in real time on a Unix socket, the real
//    MuseSource and a real DataController; for every EEG block, the time from the simulator writing
//    its notification to a subscriber receiving the block (both CLOCK_MONOTONIC). The first 2 s are
//    left out: the source holds the first second of data while it learns the streams.

import DataSources
import Foundation

@testable import Muse

let arguments = Array(CommandLine.arguments.dropFirst())
let passes = arguments.first.flatMap(Int.init) ?? 5
let latencySeconds = arguments.dropFirst().first.flatMap(Double.init) ?? 30
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let defaults = ["data_p21", "data_p1035", "data_p1034", "data_p1041"].map {
    root.appendingPathComponent("Tests/Fixtures/athena/\($0).txt").path
}
let files = arguments.count > 2 ? Array(arguments.dropFirst(2)) : defaults

/// One capture: its data notifications as ATT notification PDUs, with arrival times (ns from its start).
struct Capture {
    var payloads: [[UInt8]]
    var pdus: [[UInt8]]
    var arrivals: [UInt64]
}

var loaded: [Capture] = []
var realSeconds = 0.0
for file in files {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
        FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
        exit(66)
    }
    let lines = text.split(separator: "\n").compactMap(AthenaCaptureLine.init).filter(\.isAthenaData)
    guard let first = lines.first, let last = lines.last else { continue }
    realSeconds += last.hostTime - first.hostTime
    loaded.append(
        Capture(
            payloads: lines.map(\.payload), pdus: lines.map { ATTPDU.notification(handle: 0x1F, value: $0.payload).encoded },
            arrivals: lines.map { UInt64(($0.hostTime - first.hostTime + 1) * 1e9) }))
}
let captures = loaded
let notificationCount = captures.reduce(0) { $0 + $1.payloads.count }

/// Decodes every notification once; the samples decoded and a checksum (so nothing is optimised away).
func decodeAll() -> (samples: Int, checksum: Double) {
    var samples = 0
    var checksum = 0.0
    for capture in captures {
        for payload in capture.payloads {
            for (_, block) in AthenaNotification(payload: payload).blocks {
                guard let decoded = try? AthenaSamples(block: block) else { continue }
                switch decoded {
                case .eeg(let e):
                    samples += e.sampleCount
                    for code in e.codes { checksum += AthenaEEGSamples.microvolts(code: code) }
                case .optics(let o):
                    samples += o.sampleCount
                    checksum += Double(o.codes[0])
                case .motion(let m):
                    samples += AthenaMotionSamples.sampleCount
                    checksum += Double(m.accelerometer[0])
                case .battery(let b): checksum += b.percent
                case .opaque: break
                }
            }
        }
    }
    return (samples, checksum)
}

/// The source's per-notification path: ATT decode, then AthenaStreams (unwrap, clock fit, times,
/// sample blocks), each capture a fresh recording whose streams are learned from its first second.
func decodeAndTimeAll() -> (samples: Int, checksum: Double, corrupt: Int) {
    var samples = 0
    var checksum = 0.0
    var corrupt = 0
    for capture in captures {
        var streams = AthenaStreams()
        for payload in capture.payloads.prefix(64) { streams.learn(payload) }
        for (pdu, arrival) in zip(capture.pdus, capture.arrivals) {
            guard case .notification(_, let value)? = try? ATTPDU.decode(pdu) else { continue }
            let out = streams.receive(value, receivedAt: arrival, utc: { $0 })
            for block in out.blocks {
                samples += block.count
                checksum += block.times[block.times.count - 1]
            }
        }
        corrupt += streams.corrupt
    }
    return (samples, checksum, corrupt)
}

func best<R>(_ body: () -> R) -> (seconds: Double, result: R) {
    var fastest = Double.infinity
    var result = body()
    for _ in 0..<max(1, passes) {
        let start = DispatchTime.now().uptimeNanoseconds
        result = body()
        fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return (fastest, result)
}

print(String(format: "captures: %d, notifications: %d, %.1f s of recording", captures.count, notificationCount, realSeconds))
let decoded = best(decodeAll)
print(
    String(
        format: "decode, best of %d: %.4f s → %.0f notifications/s, %.0f samples/s, %.0f× real time (checksum %.3g)",
        passes, decoded.seconds, Double(notificationCount) / decoded.seconds, Double(decoded.result.samples) / decoded.seconds,
        realSeconds / decoded.seconds, decoded.result.checksum))
let timed = best(decodeAndTimeAll)
print(
    String(
        format:
            "decode + timestamp (ATT, unwrap, clock fit, sample blocks), best of %d: %.4f s → %.0f notifications/s, %.0f samples/s, %.0f× real time (%d corrupt, checksum %.3g)",
        passes, timed.seconds, Double(notificationCount) / timed.seconds, Double(timed.result.samples) / timed.seconds,
        realSeconds / timed.seconds, timed.result.corrupt, timed.result.checksum))

// MARK: Latency

guard latencySeconds > 0 else { exit(0) }

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((p * Double(sorted.count - 1)).rounded()))]
}

var template = Array("/tmp/athenabench-XXXXXX".utf8CString)
guard let folder = mkdtemp(&template) else {
    FileHandle.standardError.write(Data("mkdtemp failed\n".utf8))
    exit(73)
}
let socket = String(cString: folder) + "/athena.sock"
var simulated = SimulatedHeadband.Configuration()
simulated.includesAthena = true
simulated.mtu = 247
let preset = ProcessInfo.processInfo.environment["ATHENA_PRESET"] ?? "p1041"
simulated.preset = String(preset.dropFirst())
let headband = SimulatedHeadband(path: socket, configuration: simulated)
try headband.start()
let controller = DataController(source: MuseSource(configuration: .init(device: .unixSocket(path: socket), requestedPreset: preset)))
let events = await controller.events()
try await controller.start()
var received: [(firstIndex: Int64, at: UInt64)] = []
received.reserveCapacity(Int(latencySeconds * 256))
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

var sentAt: [Int: UInt64] = [:]
for n in headband.log.sentAthena where n.connection == 1 { sentAt[n.number] = n.sentAt }
// Generated notification k holds EEG samples 4k…4k+3; the first 2 s (128 notifications) are left out.
let latencies = received.compactMap { r -> Double? in
    let k = Int(r.firstIndex / 4)
    guard k >= 128, let sent = sentAt[k], r.at >= sent else { return nil }
    return Double(r.at - sent) / 1e6
}.sorted()
if ProcessInfo.processInfo.environment["ATHENA_DEBUG"] != nil {
    for r in received {
        let k = Int(r.firstIndex / 4)
        guard k >= 128, let sent = sentAt[k], r.at >= sent, r.at - sent > 5_000_000 else { continue }
        print(String(format: "  late: sample %d (%.2f s), %.1f ms", r.firstIndex, Double(r.firstIndex) / 256, Double(r.at - sent) / 1e6))
    }
}
print(
    String(
        format:
            "notification → DataController block (Athena %@): %d EEG blocks over %.0f s real time: median %.2f ms, p90 %.2f ms, p99 %.2f ms, max %.2f ms; %d over 5 ms",
        preset, latencies.count, latencySeconds, percentile(latencies, 0.5), percentile(latencies, 0.9), percentile(latencies, 0.99),
        latencies.last ?? .nan, latencies.filter { $0 > 5 }.count))
