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

    @Option(help: ArgumentHelp("The liblsl to load for --stream lsl (default: $LSL_LIB, the pylsl wheel in the project's .venv, then the system's).", valueName: "path"))
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

    /// Starts streaming from `controller` (before it starts), or nil without `--stream`; a missing
    /// liblsl or an unresolvable OSC host is one line and exit 69.
    func start(controller: DataController, mains: Double) async throws -> LiveStreamer? {
        let targets = try parsedTargets()
        guard !targets.isEmpty else { return nil }
        do {
            let streamer = try await LiveStreamer.start(
                controller: controller,
                configuration: .init(targets: targets, lslLibraryPath: lslLibrary, processing: ProcessorConfiguration(mains: .fixed(mains))))
            if let library = streamer.lslLibrary { Terminal.note("streaming to LSL (liblsl \(library.version) from \(library.path))") }
            return streamer
        } catch {
            Terminal.error("\(error)")
            throw ExitCode.unavailable
        }
    }
}
