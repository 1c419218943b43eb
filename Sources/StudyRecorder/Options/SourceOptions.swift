public import ArgumentParser
import DataSources
import Foundation
public import Muse
import Storage

/// Which source to read from: the synthetic oscillator (default), a stored recording played back, or
/// a Muse headband (real over Bluetooth LE, or simulated at `unix:PATH`).
struct SourceOptions: ParsableArguments {
    /// The kinds of source the command line offers.
    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case oscillator, replay, muse
    }

    @Option(name: .long, help: "The data source: oscillator (synthetic EEG), replay (a stored recording), muse (the headband).")
    var source: Kind = .oscillator

    @Option(name: .customLong("replay"), help: ArgumentHelp("The recording to play back with --source replay.", valueName: "file.h5"))
    var replayFile: String?

    @Option(name: .customLong("signal"), help: "Oscillator signal: realistic or mynd (the reference app's sines).")
    var signal: OscillatorConfiguration.Mode = .realistic

    @Option(
        help: ArgumentHelp(
            "The headband for --source muse: its name (Muse-1324), its address (AA:BB:CC:DD:EE:FF), or unix:PATH for a simulated headband (default: the first headband a scan finds).",
            valueName: "device"))
    var device: String?

    @Option(
        help:
            "The Muse preset. Classic headband: p21 (4 EEG channels, default), p20 (+ right AUX), p51 (+ PPG), p50 (+ right AUX and PPG). Muse S Athena: p1041 (8 EEG + 16 optics, default), p20, p21, p50, p51, p60, p61, p1034, p1035, p1042–p1046, p4129; the streams stored are those the headband sends."
    )
    var preset: String?

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

    @Option(
        help:
            "Run the source this many times faster than real time (0 = as fast as possible); with --source muse only for a simulated headband started with the same --speed."
    )
    var speed: Double = 1

    func validate() throws {
        try validateNumbers()
        guard mains == 50 || mains == 60 else { throw ValidationError("--mains must be 50 or 60") }
        if source == .replay && replayFile == nil { throw ValidationError("--source replay needs --replay FILE") }
        if source == .muse {
            let address = try museAddress()
            if speed != 1 {
                guard case .unixSocket = address else {
                    throw ValidationError(
                        "--speed other than 1 needs a simulated headband (--device unix:PATH): a real headband streams in real time")
                }
                guard speed > 0, speed.isFinite else { throw ValidationError("--speed with --source muse must be positive") }
            }
        } else if device != nil {
            throw ValidationError("--device needs --source muse")
        }
        if source != .replay && replayFile != nil { throw ValidationError("--replay FILE needs --source replay") }
        if let preset {
            guard source == .muse else { throw ValidationError("--preset needs --source muse") }
            guard (try? MusePreset(parsing: preset)) != nil || (try? AthenaPreset(parsing: preset)) != nil else {
                throw ValidationError(
                    "unknown preset \(preset): a classic Muse takes \(MusePreset.allCases.map(\.rawValue).joined(separator: ", ")); a Muse S Athena takes \(AthenaPreset.supportedList)"
                )
            }
        }
    }

    /// The headband `--device` names (a name, an address or `unix:PATH`), or any headband a scan finds.
    func museAddress() throws -> DeviceAddress {
        guard let device else { return .name("") }
        do {
            return try DeviceAddress(parsing: device)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// The pacing `--speed` asks for.
    var pacing: Pacing {
        speed == 0 ? .asFastAsPossible : speed == 1 ? .realTime : .speed(speed)
    }

    /// Makes the source, or exits with one clear line.
    func makeSource() throws -> any DataSource {
        switch source {
        case .oscillator:
            return OscillatorSource(
                configuration: OscillatorConfiguration(
                    mode: signal, seed: seed ?? 1, samplingRate: rate, auxChannel: aux, pacing: pacing, lineFrequency: mains,
                    dropoutsPerMinute: dropouts))
        case .replay:
            return try openReplay(path: replayFile ?? "")
        case .muse:
            return MuseSource(
                configuration: .init(
                    device: try museAddress(), preset: preset.flatMap { try? MusePreset(parsing: $0) } ?? .standard, timeScale: speed,
                    requestedPreset: preset))
        }
    }
}

extension OscillatorConfiguration.Mode: ExpressibleByArgument {}

extension MusePreset: ExpressibleByArgument {
    public init?(argument: String) {
        guard let preset = try? MusePreset(parsing: argument) else { return nil }
        self = preset
    }
}
