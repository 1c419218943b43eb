import ArgumentParser
import DataSources
import Foundation
import Processing
import Streaming

/// `study-recorder check`: a live view of the signal quality, so an experimenter can fit the headband
/// and a script can wait for good signal.
struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Show live signal quality, grades, band power and line noise of a source.",
        discussion: """
            On a terminal the view redraws in place. When standard output is not a terminal, or with \
            --json, one JSON object per line is written instead (types: started, quality, line_noise, \
            band_power, summary; NaN values appear as "NaN" with a reason beside them). --mode quality \
            shows the MYND percentage (variance of the adaptively smoothed signal), --mode noise the \
            line-noise percentage (mains hum in a 4 s window). A headband's battery, its on-head state and \
            the data lost so far (index gaps and missing values, i.e. packet loss) are shown below the bars, \
            and as device and data_loss lines in JSON. Exit codes: 0 when the duration ran out \
            or (with --until-good) good signal was reached, 1 when --until-good never saw good signal, \
            130/143 after Ctrl-C/SIGTERM, 64 for bad arguments, 69 when the device is unavailable (no Bluetooth, \
            headband not found), 78 for a source configuration it refused.
            """)

    /// Which percentage the bars show.
    enum Mode: String, ExpressibleByArgument, CaseIterable {
        case quality, noise
    }

    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var streamOptions: StreamOptions

    @Option(help: "Which percentage to show: quality (MYND mode) or noise (line-noise mode).")
    var mode: Mode = .quality

    @Flag(help: "Detect the mains frequency (50 or 60 Hz) from the signal instead of using --mains.")
    var detectMains = false

    @Option(help: "Stop after this much signal (e.g. 30s, 5m); default: until Ctrl-C.", transform: SignalDuration.parse)
    var duration: SignalDuration?

    @Option(help: "Seconds between band-power updates.")
    var bandPowerInterval: Double = 1

    @Flag(help: "Write JSON lines even on a terminal.")
    var json = false

    @Flag(help: "End (exit 0) as soon as every channel grades good and shows 100 % in the chosen mode.")
    var untilGood = false

    func validate() throws {
        guard bandPowerInterval >= 0.1, bandPowerInterval <= 3600 else {
            throw ValidationError("--band-power-interval must be from 0.1 to 3600 seconds, got \(bandPowerInterval)")
        }
    }

    func run() async throws {
        let source = try sourceOptions.makeSource()
        let controller = DataController(source: source)
        let mains: MainsFrequency = detectMains ? .detect : .fixed(sourceOptions.mains)
        let configuration = ProcessorConfiguration(mains: mains, bandPowerInterval: bandPowerInterval)
        let events = await LiveProcessor.events(controller: controller, configuration: configuration)
        let streamer = try await streamOptions.start(controller: controller, mains: sourceOptions.mains)
        let interrupted = CaughtSignal()
        let trap = SignalTrap { caught in
            interrupted.set(caught)
            Task { await controller.stop() }
        }
        let jsonLines = json || !Terminal.stdoutIsTTY
        let mainsText = detectMains ? "detect" : String(format: "%.0f", sourceOptions.mains)
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        func emit(_ line: CheckLine) {
            guard let data = try? encoder.encode(line) else { return }
            FileHandle.standardOutput.write(data + Data("\n".utf8))
        }
        // Sized when the source has started: a headband's channels are known only then.
        var view = CheckView(channelNames: [], mode: mode, header: "")
        var info = DeviceDescriptor(kind: source.kind, manufacturer: "", model: source.kind, channelNames: [], samplingRate: 256)
        try await controller.start()
        var limit: Int64?
        var reason = "source_ended"
        var failure: (any Error)?
        var good = false
        var summary: SessionQualitySummary?
        var lastIndex: Int64 = 0
        for await event in events {
            switch event {
            case .started(let started):
                info = started
                limit = duration.map { Int64(($0.seconds * started.samplingRate).rounded()) }
                view = CheckView(
                    channelNames: started.channelNames, mode: mode,
                    header:
                        "study-recorder check — \(started.model), \(String(format: "%g", started.samplingRate)) Hz, mode \(mode.rawValue), mains \(mainsText)"
                )
                if jsonLines {
                    emit(
                        CheckLine(
                            type: "started", channels: started.channelNames, source: "\(started.kind): \(started.model)",
                            samplingRate: started.samplingRate, mode: mode.rawValue, mains: mainsText))
                }
            case .update(let update):
                // A fast source runs on a little after the stop request: nothing past the duration.
                if let limit, update.sampleIndex >= limit { continue }
                if good { continue }
                view.take(update)
                switch update {
                case .quality(let q):
                    lastIndex = q.sampleIndex
                    if jsonLines {
                        emit(CheckLine(type: "quality", channels: info.channelNames, quality: q))
                    } else {
                        view.draw(elapsed: Double(q.sampleIndex + 1) / info.samplingRate)
                    }
                    if untilGood, let assessments = q.assessments,
                        assessments.allSatisfy({ $0.grade == .good }),
                        info.channelNames.indices.allSatisfy({ view.percent($0).0 >= 100 })
                    {
                        good = true
                        reason = "good_signal"
                        await controller.stop()
                    }
                case .lineNoise(let l):
                    lastIndex = max(lastIndex, l.reading.sampleIndex)
                    if jsonLines { emit(CheckLine(type: "line_noise", channels: info.channelNames, lineNoise: l)) }
                case .bandPower(let b):
                    if jsonLines { emit(CheckLine(type: "band_power", channels: info.channelNames, bandPower: b)) }
                }
                if let limit, lastIndex + 1 >= limit, reason != "duration", !good {
                    reason = "duration"
                    await controller.stop()
                }
            case .state(let change):
                guard DeviceStatus.shown.contains(change.state) else { continue }
                if change.state == .disconnected, change.value, await controller.closingFlip == change {
                    view.device.end()
                } else {
                    view.device.take(change)
                }
                if jsonLines { emit(CheckLine(type: "device", device: view.device)) }
            case .battery(let percent):
                let changed = view.device.battery.map { abs($0 - percent) >= 1 } ?? true
                view.device.battery = percent
                if jsonLines, changed { emit(CheckLine(type: "device", device: view.device)) }
            case .continuity(let continuity):
                view.device.continuity = continuity
                if jsonLines, continuity.missingRows + continuity.missingValues > 0 || continuity.expectedRows <= Int64(info.samplingRate) {
                    emit(CheckLine(type: "data_loss", continuity: continuity))
                }
            case .ended(let s, let error):
                summary = s
                if let error {
                    Terminal.error("the source failed: \(error)")
                    reason = "source_failed"
                    failure = error
                }
            }
        }
        await controller.stop()
        await streamer?.finish()
        _ = trap
        view.device.corruptPackets = await controller.discardedPackets
        if interrupted.isSet && !good { reason = "interrupted" }
        let verdict = summary?.verdict?.rawValue
        if jsonLines {
            emit(
                CheckLine(
                    type: "summary", channels: info.channelNames, verdict: verdict, summary: summary, advice: summary?.verdict?.advice,
                    reason: reason,
                    continuity: view.device.continuity, device: view.device))
        } else {
            print(
                "verdict: \(verdict ?? "not enough signal to judge")" + (summary.map { " (\($0.windowCount) windows)" } ?? "") + ", ended: \(reason)")
            if let advice = summary?.verdict?.advice { print("advice: \(advice)") }
            if let line = view.device.line { print(line) }
        }
        if reason == "source_failed" { throw CommandError.reported(failure.map(CommandError.Outcome.sourceFailed) ?? .notAchieved) }
        if interrupted.isSet && !good { throw CommandError.reported(.interrupted(signal: interrupted.signal ?? SIGINT)) }
        if untilGood && !good { throw CommandError.reported(.notAchieved) }
    }
}
