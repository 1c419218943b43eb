// AthenaBench: the Muse S Athena decode throughput for docs/performance.md, section "Muse".
//
//   swift run -c release AthenaBench [passes] [capture.txt …]
//
// The shared real captures (Tests/Fixtures/athena, default: all four 60 s presets) are parsed once;
// then every data notification goes through the decode path of the source, on one core: packet
// framing (AthenaNotification), block decoding (AthenaSamples: 14-bit EEG, 20-bit optics, motion,
// battery) and the µV conversion of every EEG code. Reported in notifications/s, samples/s and as a
// multiple of real time (the captures' own duration). Best of `passes` (default 5).

import Foundation
import Muse

let arguments = Array(CommandLine.arguments.dropFirst())
let passes = arguments.first.flatMap(Int.init) ?? 5
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
let defaults = ["data_p21", "data_p1035", "data_p1034", "data_p1041"].map {
    root.appendingPathComponent("Tests/Fixtures/athena/\($0).txt").path
}
let files = arguments.count > 1 ? Array(arguments.dropFirst()) : defaults

var notifications: [[UInt8]] = []
var realSeconds = 0.0
for file in files {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
        FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
        exit(66)
    }
    let lines = text.split(separator: "\n").compactMap(AthenaCaptureLine.init).filter(\.isAthenaData)
    guard let first = lines.first, let last = lines.last else { continue }
    realSeconds += last.hostTime - first.hostTime
    notifications += lines.map(\.payload)
}

/// Decodes every notification once; returns the samples decoded and a checksum (so nothing is
/// optimised away).
func decodeAll(_ notifications: [[UInt8]]) -> (samples: Int, checksum: Double) {
    var samples = 0
    var checksum = 0.0
    for payload in notifications {
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
    return (samples, checksum)
}

var best = Double.infinity
var result = (samples: 0, checksum: 0.0)
for _ in 0..<max(1, passes) {
    let start = DispatchTime.now().uptimeNanoseconds
    result = decodeAll(notifications)
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
print(String(format: "captures: %d, notifications: %d, %.1f s of recording", files.count, notifications.count, realSeconds))
print(
    String(
        format: "best of %d: %.4f s → %.0f notifications/s, %.0f samples/s, %.0f× real time (checksum %.3g)",
        passes, best, Double(notifications.count) / best, Double(result.samples) / best, realSeconds / best, result.checksum))
