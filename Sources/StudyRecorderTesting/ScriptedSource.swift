public import DataSources
import Foundation

/// A source that plays a script: signal of given values, gaps, device-state flips, battery levels,
/// waits on the session's clock, and an end or a failure. What it delivers is exactly what the
/// script says, so a client's reaction to "headband off the head", "link lost for 12 s" or "flat
/// channel" is tested without hardware and without timing luck.
///
/// ```swift
/// let source = ScriptedSource(channels: ["TP9", "AF7", "AF8", "TP10"], samplingRate: 256, script: [
///     .signal(seconds: 10, amplitude: 10),
///     .state(.onHead, false),
///     .signal(seconds: 5, amplitude: 0),     // flat
/// ])
/// ```
public struct ScriptedSource: DataSource {
    /// One step of the script.
    public enum Step: Sendable {
        /// `seconds` of EEG: a 10 Hz sine of `amplitude` µV on every channel (0 gives a flat line),
        /// plus a little deterministic noise unless `amplitude` is 0.
        case signal(seconds: Double, amplitude: Double)
        /// Rows of explicit values, row-major (`channelCount` values per row).
        case values([Double])
        /// `seconds` of signal the device lost: indices are skipped, nothing is delivered.
        case gap(seconds: Double)
        /// A device condition flips.
        case state(DeviceState, Bool)
        /// The battery level in percent.
        case battery(Double)
        /// Waits `seconds` on the session's clock before the next step.
        case wait(seconds: Double)
        /// The source fails with `error` (as the first step: before it ever started).
        case fail(DataSourceError)
    }

    /// The device the source claims to be.
    public let descriptor: DeviceDescriptor
    /// The script, played once.
    public let script: [Step]
    /// Rows per delivered block (default 1/16 s of signal).
    public let blockSize: Int

    /// A scripted EEG-only device.
    public init(channels: [String] = ["TP9", "AF7", "AF8", "TP10"], samplingRate: Double = 256, script: [Step], blockSize: Int? = nil) {
        descriptor = DeviceDescriptor(
            kind: "scripted", manufacturer: "StudyRecorderTesting", model: "scripted", channelNames: channels, samplingRate: samplingRate)
        self.script = script
        self.blockSize = max(1, blockSize ?? Int((samplingRate / 16).rounded()))
    }

    /// A scripted device with any descriptor (its EEG stream gets the samples).
    public init(descriptor: DeviceDescriptor, script: [Step], blockSize: Int? = nil) {
        self.descriptor = descriptor
        self.script = script
        self.blockSize = max(1, blockSize ?? Int((descriptor.samplingRate / 16).rounded()))
    }

    public var kind: String { "scripted" }

    public func run(context: SourceContext, emit: @escaping @Sendable (SourceEvent) async -> Void) async throws {
        let fs = descriptor.samplingRate, channels = descriptor.channelCount, stream = descriptor.eeg.name
        let start = context.now()
        var index: Int64 = 0
        // A script that begins with a failure is a device that never answered.
        if case .fail(let error)? = script.first { throw error }
        await emit(.started(descriptor))
        await emit(.state(.connected, true))
        func deliver(_ values: [Double]) async {
            let rows = values.count / max(1, channels)
            var offset = 0
            while offset < rows {
                let count = min(blockSize, rows - offset)
                let slice = Array(values[(offset * channels)..<((offset + count) * channels)])
                let times = (0..<count).map { start + Double(index + Int64($0)) / fs }
                await emit(.samples(SampleBlock(stream: stream, firstIndex: index, channelCount: channels, values: slice, times: times)))
                index += Int64(count)
                offset += count
            }
        }
        for step in script {
            try Task.checkCancellation()
            switch step {
            case .signal(let seconds, let amplitude):
                let rows = Int((seconds * fs).rounded())
                var values = [Double](repeating: 0, count: rows * channels)
                for r in 0..<rows {
                    let t = Double(index + Int64(r)) / fs
                    for c in 0..<channels {
                        let phase: Double = 2 * Double.pi * (23.7 + Double(c)) * t + Double(c)
                        let noise: Double = amplitude == 0 ? 0 : amplitude * 0.2 * sin(phase)
                        let alpha: Double = amplitude * sin(2 * Double.pi * 10 * t)
                        values[r * channels + c] = alpha + noise
                    }
                }
                await deliver(values)
            case .values(let values):
                await deliver(values)
            case .gap(let seconds):
                index += Int64((seconds * fs).rounded())
            case .state(let state, let value):
                await emit(.state(state, value))
            case .battery(let level):
                await emit(.battery(level))
            case .wait(let seconds):
                try await context.clock.sleep(untilMonotonic: context.clock.monotonicNow() + seconds)
            case .fail(let error):
                throw error
            }
        }
    }
}
