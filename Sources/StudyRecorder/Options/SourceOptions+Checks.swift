import ArgumentParser
import DataSources
import Foundation
import Storage

/// The checks behind ``SourceOptions``: numbers within what a source can honour, and a replayed
/// recording that is read in full before anything is recorded from it.
extension SourceOptions {
    /// The fastest `--speed` (a day of signal in under 9 s).
    static let maxSpeed: Double = 10_000
    /// The most simulated dropouts per minute (one every 0.1 s).
    static let maxDropoutsPerMinute: Double = 600

    /// Refuses `--rate`, `--speed` and `--dropouts` values that are not finite or out of range, so no
    /// later arithmetic on them can trap or loop.
    func validateNumbers() throws {
        if let problem = RecordingLimits.problem(samplingRate: rate) { throw ValidationError("--rate: \(problem)") }
        guard speed.isFinite, speed >= 0, speed <= Self.maxSpeed else {
            throw ValidationError("--speed must be a number from 0 (as fast as possible) to \(Int(Self.maxSpeed)), got \(speed)")
        }
        guard dropouts.isFinite, dropouts >= 0, dropouts <= Self.maxDropoutsPerMinute else {
            throw ValidationError("--dropouts must be a number from 0 to \(Int(Self.maxDropoutsPerMinute)) per minute, got \(dropouts)")
        }
    }

    /// Opens `path` for playback: exit 66 when it does not exist, 65 with one line naming the file
    /// when it is not a recording that can be read from end to end (every row is read once here, so
    /// a damaged file stores nothing instead of a recording cut short by a read error).
    func openReplay(path: String) throws -> any DataSource {
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandError.missingInput("no such recording: \(path)")
        }
        do {
            let reader = try RecordingReader(url: URL(fileURLWithPath: path))
            guard reader.sampleCount > 0 else {
                throw StorageError.notARecording(path: path, reason: "it holds no samples to play back")
            }
            try reader.checkReadable()
            return ReplaySource(recording: reader, configuration: .init(pacing: pacing))
        } catch {
            throw CommandError.unreadableRecording(error)
        }
    }
}
