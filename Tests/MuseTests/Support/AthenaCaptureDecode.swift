import Foundation
import TestSupport

@testable import Muse

/// Everything a capture decodes to, in the shape of Tests/Servers/athena_reference_decoder.py's JSON,
/// so the Swift decoders and the independent Python reference can be compared sample by sample.
struct AthenaCaptureDecode: Decodable, Equatable {
    var eeg_channels = 0
    var eeg: [Int] = []
    var accel: [Int] = []
    var gyro: [Int] = []
    var optics_channels = 0
    var optics: [Int] = []
    var battery: [Int] = []
    var packets = 0
    var unknown_tags = 0
    var bad_packets = 0
    var eeg_blocks: [[Int]] = []

    init() {}

    /// The URL of the shared capture `name` (e.g. `data_p1041`) in Tests/Fixtures/athena.
    static func fixture(_ name: String) -> URL {
        ProjectPaths.root.appendingPathComponent("Tests/Fixtures/athena/\(name).txt")
    }

    /// The capture's lines, parsed by the module's ``AthenaCaptureLine``.
    static func lines(_ name: String) throws -> [AthenaCaptureLine] {
        let text = try String(contentsOf: fixture(name), encoding: .utf8)
        return text.split(separator: "\n").compactMap(AthenaCaptureLine.init)
    }

    /// Decodes the capture with the Swift decoders.
    static func swift(_ name: String) throws -> AthenaCaptureDecode {
        var out = AthenaCaptureDecode()
        for line in try lines(name) where line.isAthenaData {
            let notification = AthenaNotification(payload: line.payload)
            out.packets += notification.packets.count
            for problem in notification.problems {
                if case .unknownTag = problem { out.unknown_tags += 1 } else { out.bad_packets += 1 }
            }
            for (header, block) in notification.blocks {
                switch try AthenaSamples(block: block) {
                case .eeg(let eeg):
                    out.eeg_channels = eeg.channelCount
                    out.eeg += eeg.codes.map(Int.init)
                    out.eeg_blocks.append([Int(header.sequence), Int(header.deviceTime), Int(block.sequence)])
                case .motion(let motion):
                    out.accel += motion.accelerometer.map(Int.init)
                    out.gyro += motion.gyroscope.map(Int.init)
                case .optics(let optics):
                    out.optics_channels = optics.channelCount
                    out.optics += optics.codes.map(Int.init)
                case .battery(let battery): out.battery.append(Int(battery.count))
                case .opaque: break
                }
            }
        }
        return out
    }

    /// Decodes the capture with the independent Python reference decoder.
    static func python(_ name: String) throws -> AthenaCaptureDecode {
        guard let python = ProjectPaths.python else { throw PythonToolError.unavailable }
        let script = ProjectPaths.root.appendingPathComponent("Tests/Servers/athena_reference_decoder.py")
        let result = try ProcessRunner.run(python, [script.path, fixture(name).path])
        guard result.status == 0 else { throw PythonToolError.failed(result.stderr) }
        return try JSONDecoder().decode(AthenaCaptureDecode.self, from: Data(result.stdout.utf8))
    }
}
