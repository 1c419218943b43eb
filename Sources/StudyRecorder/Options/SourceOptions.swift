import ArgumentParser
import DataSources
import Foundation
import Storage

/// Which source to read from: the synthetic oscillator (default) or a stored recording played back;
/// `muse` names the headband, which a later release supports.
struct SourceOptions: ParsableArguments {
    /// The kinds of source the command line offers.
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case oscillator, replay, muse
    }

    @Option(name: .long, help: "The data source: oscillator (synthetic EEG), replay (a stored recording), muse.")
    var source: Kind = .oscillator

    @Option(name: .customLong("replay"), help: ArgumentHelp("The recording to play back with --source replay.", valueName: "file.h5"))
    var replayFile: String?

    @Option(name: .customLong("signal"), help: "Oscillator signal: realistic or mynd (the reference app's sines).")
    var signal: OscillatorConfiguration.Mode = .realistic

    @Option(help: "Random seed: the oscillator's signal (default 1) and, for `run`, the study's draws (default: from the participant).")
    var seed: UInt64?

    @Option(help: "Oscillator sampling rate in Hz.")
    var rate: Double = 256

    @Flag(help: "Add the AUX channel (5 channels).")
    var aux = false

    @Option(help: "Mains frequency of the simulated hum and of the recording's metadata (50 or 60).")
    var mains: Double = 50

    @Option(help: "Simulated dropouts per minute (oscillator).")
    var dropouts: Double = 0

    @Option(help: "Run the source this many times faster than real time (0 = as fast as possible).")
    var speed: Double = 1

    func validate() throws {
        try validateNumbers()
        guard mains == 50 || mains == 60 else { throw ValidationError("--mains must be 50 or 60") }
        if source == .replay && replayFile == nil { throw ValidationError("--source replay needs --replay FILE") }
        if source != .replay && replayFile != nil { throw ValidationError("--replay FILE needs --source replay") }
    }

    /// The pacing `--speed` asks for.
    var pacing: Pacing {
        speed == 0 ? .asFastAsPossible : speed == 1 ? .realTime : .speed(speed)
    }

    /// Makes the source, or exits with one clear line.
    func makeSource() throws -> any DataSource {
        switch source {
        case .oscillator:
            return OscillatorSource(configuration: OscillatorConfiguration(
                mode: signal, seed: seed ?? 1, samplingRate: rate, auxChannel: aux, pacing: pacing, lineFrequency: mains,
                dropoutsPerMinute: dropouts))
        case .replay:
            return try openReplay(path: replayFile ?? "")
        case .muse:
            Terminal.error("the Muse source is not available in this build yet; use --source oscillator or replay")
            throw ExitCode.configuration
        }
    }
}

extension OscillatorConfiguration.Mode: ExpressibleByArgument {}
