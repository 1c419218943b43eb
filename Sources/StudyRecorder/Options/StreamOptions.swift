import ArgumentParser
import DataSources
import Processing
import Streaming

/// `--stream lsl|osc[:HOST:PORT]`: live output while recording, checking or running (see
/// docs/streaming.md).
struct StreamOptions: ParsableArguments {
    @Option(
        name: .customLong("stream"),
        help: ArgumentHelp(
            "Stream live to Lab Streaming Layer (lsl) or OSC (osc, osc:PORT, osc:HOST:PORT; default 127.0.0.1:5000); repeatable.",
            valueName: "target"))
    var targets: [String] = []

    @Option(
        help: ArgumentHelp(
            "Store the markers of an LSL marker stream from other software (PsychoPy, jsPsych, …) at their samples: the stream's name, or 'any' for the first found.",
            valueName: "name"))
    var lslMarkers: String?

    @Option(
        help: ArgumentHelp(
            "How LSL streams are named: descriptive (default) or muselsl (streams named Muse with types EEG/ACC/GYRO/PPG, a stream named Markers, muselsl's channels), for muselsl record and eeg-notebooks.",
            valueName: "style"))
    var lslStyle: LSLStyleArgument = .descriptive

    @Option(
        help: ArgumentHelp(
            "The liblsl to load for --stream lsl, --lsl-markers and --clock lsl (default: $LSL_LIB, the pylsl wheel in the project's .venv, then the system's).",
            valueName: "path"))
    var lslLibrary: String?

    func validate() throws {
        _ = try parsedTargets()
    }

    /// The targets, each once.
    func parsedTargets() throws -> [StreamTarget] {
        var parsed: [StreamTarget] = []
        for text in targets {
            do {
                let target = try StreamTarget(parsing: text)
                if !parsed.contains(target) { parsed.append(target) }
            } catch {
                throw ValidationError("\(error)")
            }
        }
        return parsed
    }

    /// Starts taking markers from the LSL marker stream `--lsl-markers` names (nil without it); a
    /// missing liblsl is one line and exit 69.
    func startMarkerInlet(controller: DataController) throws -> LSLMarkerInlet? {
        guard let name = lslMarkers else { return nil }
        do {
            let library = try LSLLibrary.load(path: lslLibrary)
            return LSLMarkerInlet.start(library: library, streamName: name == "any" ? nil : name, controller: controller)
        } catch {
            throw CommandError.unavailable(error)
        }
    }

    /// Checks that every target can be set up (liblsl loads, OSC hosts resolve) without streaming
    /// yet: one line and exit 69 when one cannot.
    func check() async throws {
        let targets = try parsedTargets()
        do {
            if targets.contains(.lsl) || lslMarkers != nil { _ = try LSLLibrary.load(path: lslLibrary) }
            for case .osc(let host, let port) in targets { _ = try OSCSender(host: host, port: port) }
        } catch {
            throw CommandError.unavailable(error)
        }
    }

    /// Starts streaming from `controller` (before it starts), or nil without `--stream`; a missing
    /// liblsl or an unresolvable OSC host is one line and exit 69.
    func start(controller: DataController, mains: Double, lslClock: LSLClockMapping? = nil) async throws -> LiveStreamer? {
        let targets = try parsedTargets()
        guard !targets.isEmpty else { return nil }
        do {
            let streamer = try await LiveStreamer.start(
                controller: controller,
                configuration: .init(
                    targets: targets, lslLibraryPath: lslLibrary, processing: ProcessorConfiguration(mains: .fixed(mains), bandPowerInterval: LiveStreamer.bandPowerInterval),
                    lslClock: lslClock, lslStyle: lslStyle.style))
            if let library = streamer.lslLibrary { Terminal.note("streaming to LSL (liblsl \(library.version) from \(library.path))") }
            return streamer
        } catch {
            throw CommandError.unavailable(error)
        }
    }
}

/// `--lsl-style`, parsed.
enum LSLStyleArgument: String, ExpressibleByArgument, CaseIterable {
    case descriptive, muselsl

    var style: LSLStyle { self == .muselsl ? .muselsl : .descriptive }
}
