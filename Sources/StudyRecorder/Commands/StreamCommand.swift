import ArgumentParser
import DataSources
import Foundation
import Streaming

/// `study-recorder stream`: only streams a source live (LSL, OSC), recording nothing.
struct StreamCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stream",
        abstract: "Stream a source live to Lab Streaming Layer or OSC without recording.",
        discussion: """
            Streams EEG (and a headband's accelerometer, gyroscope and PPG), markers (from \
            --lsl-markers and --markers keys), band power and quality grades; see docs/streaming.md for the stream names, OSC paths and clocks. `record`, \
            `check` and `run` take the same --stream options and stream while they work. Exit codes: 0 \
            when the duration ran out or the source ended, 130/143 after Ctrl-C/SIGTERM, 64 for bad arguments, 69 \
            when liblsl or the OSC host or the device is unavailable.
            """)

    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var streamOptions: StreamOptions
    @OptionGroup var keyMarkers: KeyMarkerOptions

    @Option(help: "Stop after this much signal (e.g. 30s, 5m); default: until Ctrl-C.", transform: SignalDuration.parse)
    var duration: SignalDuration?

    func validate() throws {
        if try streamOptions.parsedTargets().isEmpty { throw ValidationError("give at least one --stream target (lsl, osc, osc:HOST:PORT)") }
    }

    func run() async throws {
        let controller = DataController(source: try sourceOptions.makeSource())
        guard let streamer = try await streamOptions.start(controller: controller, mains: sourceOptions.mains) else { return }
        // Markers from other software (--lsl-markers) and by hand (--markers keys) go out with the data.
        let markerInlet = try streamOptions.startMarkerInlet(controller: controller)
        let keys = keyMarkers.start(controller: controller)
        let progress = await controller.events(.latest(capacity: 64))
        let interrupted = CaughtSignal()
        let trap = SignalTrap { caught in
            interrupted.set(caught)
            Task { await controller.stop() }
        }
        try await controller.start()
        var limit: Int64?
        var eegStream = ""
        var failure: (any Error)?
        loop: for await event in progress {
            switch event {
            case .started(let descriptor, _):
                limit = duration.map { Int64(($0.seconds * descriptor.samplingRate).rounded()) }
                eegStream = descriptor.eeg.name
                Terminal.note(
                    "streaming \(descriptor.model) (\(descriptor.channelNames.joined(separator: ", ")), \(String(format: "%g", descriptor.samplingRate)) Hz) to \(try streamOptions.parsedTargets().map(\.description).joined(separator: ", ")); Ctrl-C stops"
                )
            case .samples(let block) where block.stream == eegStream:
                if let limit, block.endIndex >= limit { await controller.stop() }
            case .ended(let error):
                failure = error
                break loop
            default:
                break
            }
        }
        await markerInlet?.stop()
        await keys?.stop()
        await streamer.finish()
        _ = trap
        if let failure {
            throw CommandError.reworded(failure, line: "the source failed: \(failure)")
        }
        if let problem = streamer.failure { Terminal.error(problem) }
        if interrupted.isSet { throw CommandError.reported(.interrupted(signal: interrupted.signal ?? SIGINT)) }
    }
}
