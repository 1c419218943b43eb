/// A synthetic EEG source that needs no hardware: for demos, tests, benchmarks and trying a study
/// protocol before the headband arrives.
///
/// It reports itself `found`, `connected` and `onHead` at start with a full battery, then delivers
/// the deterministic signal of ``OscillatorGenerator`` at the configured ``Pacing``. Unlike the
/// reference app's oscillator (an integer-division timer that ran at 142.9 Hz instead of 128), the
/// rate is exact: sample *n* is stamped `startTime + n / samplingRate` on the recording clock and,
/// in real time, delivered no earlier than that. Paced faster (``Pacing/speed(_:)``), sample *n* is
/// stamped with the moment it is due, `startTime + n / samplingRate / N`: the recording clock stays
/// the host's clock at every speed (times never lie in the future, and a marker set at a moment lands
/// on the sample delivered then), while sample indices count signal time. A paced source held back
/// by its consumers shifts later times by its delay (``PacedSchedule``).
public struct OscillatorSource: DataSource {
    /// The signal's settings.
    public let configuration: OscillatorConfiguration

    /// Creates an oscillator.
    public init(configuration: OscillatorConfiguration = .init()) {
        self.configuration = configuration
    }

    public var kind: String { "oscillator" }

    public func run(context: SourceContext, emit: @escaping @Sendable (SourceEvent) async -> Void) async throws {
        guard configuration.samplingRate > 0, configuration.samplingRate.isFinite else {
            throw DataSourceError.invalidConfiguration("sampling rate must be positive")
        }
        let clock = context.clock
        let begin = clock.monotonicNow()
        let paced = configuration.pacing.secondsPerSignalSecond
        var generator = OscillatorGenerator(
            configuration: configuration, startTime: configuration.startTime ?? context.anchor.utc(fromMonotonic: begin), timeScale: paced ?? 1)
        await emit(.state(.found, true))
        await emit(.started(configuration.descriptor))
        await emit(.state(.connected, true))
        await emit(.battery(100))
        await emit(.state(.onHead, true))

        let fs = configuration.samplingRate
        // About 1/16 s per block when paced (smooth displays), 1 s when unpaced (throughput).
        let block = max(1, Int((paced == nil ? fs : fs / 16).rounded()))
        var schedule = paced.map { PacedSchedule(begin: begin, secondsPerSample: $0 / fs, blockSize: block, shiftsWhenLate: $0 != 1) }
        while !Task.isCancelled {
            var count = block
            if let limit = configuration.sampleLimit {
                let left = limit - generator.nextIndex
                if left <= 0 { break }
                count = Int(min(Int64(block), left))
            }
            var blocks = generator.next(count)
            if schedule != nil {
                do {
                    let shift = try await schedule!.wait(untilIndex: generator.nextIndex, on: clock)
                    if shift != 0 { for i in blocks.indices { blocks[i].times = blocks[i].times.map { $0 + shift } } }
                } catch {
                    break
                }
            }
            for b in blocks { await emit(.samples(b)) }
            // Unpaced, nothing else suspends this loop when every observer keeps up (or drops):
            // yield so the other tasks of the pool (the command itself, a stop request) still run.
            if paced == nil { await Task.yield() }
        }
    }
}
