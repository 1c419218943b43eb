public import ArgumentParser
import DataSources
import Foundation
import Processing
import RecordingPipeline
import Storage

/// `study-recorder analyze`: judges a stored recording after the fact — whole-recording Welch band
/// power per channel (absolute and relative) and a quality summary with the session verdict.
struct AnalyzeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "analyze",
        abstract: "Band power and signal quality of a stored recording.",
        discussion: """
            Band power is Welch's PSD over the whole recording (Hann segments, scipy.signal.welch's \
            definition), integrated per band; segments touching a gap, a window graded bad or a window \
            with the headband off the head are left out and counted (--include-bad-windows keeps the \
            bad and off-head ones). The quality summary runs the live measures (MYND quality, line \
            noise, 1/2/4 grades) over every sample, with the headband's on-head state and accelerometer \
            as recorded, and gives the verdict: passed, headband_off_head, motion_too_high or eeg_failure. \
            --json states every method parameter. Exit codes: 0 done, 64 bad options (also band edges above \
            the recording's Nyquist frequency), 65 not a readable recording, 66 no such file.
            """)

    @Argument(help: ArgumentHelp("The recording: a .h5 file, or an item of the data folder by the name `list` shows (or a unique prefix).", valueName: "recording"))
    var recording: String

    @OptionGroup var data: DataOptions

    @Flag(help: "Print the analysis as JSON (every method parameter included).")
    var json = false

    @Flag(help: "Keep windows graded bad or off the head in the band power (only gaps are left out).")
    var includeBadWindows = false

    @Option(help: "Mains frequency for the line-noise measures (50 or 60); default: the recording's, else detected.")
    var mains: Double?

    @Option(help: "Welch segment length in seconds (nperseg = rate × this).")
    var segmentSeconds: Double = 2

    @Option(help: "Welch segment overlap as a fraction of the segment (noverlap = nperseg × this).")
    var overlap: Double = 0.5

    @Option(help: "Band integration rule: rectangleHalfOpen (Σ PSD·Δf over lo ≤ f < hi) or trapezoidClosed (trapezoid over lo ≤ f ≤ hi).")
    var integration: IntegrationRule = .rectangleHalfOpen

    @Option(
        help: ArgumentHelp(
            "The bands as name:low-high in Hz, comma-separated (default delta:1-4,theta:4-8,alpha:8-13,beta:13-30,gamma:30-45).",
            valueName: "bands"))
    var bands: String?

    /// The bands `--bands` names, or the standard ones.
    func parsedBands() throws -> [FrequencyBand] {
        guard let bands else { return FrequencyBand.standard }
        return try bands.split(separator: ",").map { item in
            let parts = item.split(separator: ":")
            let edges = parts.count == 2 ? parts[1].split(separator: "-", omittingEmptySubsequences: false) : []
            guard parts.count == 2, edges.count == 2, let low = Double(edges[0]), let high = Double(edges[1]), low >= 0, low < high,
                high <= RecordingLimits.samplingRate.upperBound / 2
            else {
                throw ValidationError("--bands: '\(item)' is not name:low-high with low < high")
            }
            return FrequencyBand(String(parts[0]), low, high)
        }
    }

    func validate() throws {
        _ = try parsedBands()
        if let mains, mains != 50 && mains != 60 { throw ValidationError("--mains must be 50 or 60") }
        guard segmentSeconds > 0, segmentSeconds <= 60 else {
            throw ValidationError("--segment-seconds must be more than 0 and at most 60, got \(segmentSeconds)")
        }
        guard overlap >= 0, overlap < 1 else { throw ValidationError("--overlap must be in [0, 1)") }
    }

    /// The file `recording` names: a file as given, else the data folder's item of that name.
    private func recordingFile() async throws -> URL {
        if FileManager.default.fileExists(atPath: recording) { return URL(fileURLWithPath: recording) }
        guard (try? data.requireExisting()) != nil else { throw CommandError.missingInput("no such recording: \(recording)") }
        let store = try await data.openExistingStore()
        return store.url(of: try ItemArgument.resolve(recording, in: store).path)
    }

    func run() async throws {
        let file = try await recordingFile()
        let reader: RecordingReader
        do {
            reader = try await RecordingReader.withReader(at: file) { $0 }
        } catch {
            throw CommandError.unreadableRecording(error)
        }
        let info = reader.descriptor
        let nyquist = info.samplingRate / 2
        if bands != nil, let band = try parsedBands().first(where: { $0.high > nyquist }) {
            throw CommandError.invalidOption(
                "--bands: \(band.name) reaches \(String(format: "%g", band.high)) Hz, above the Nyquist frequency of \(recording) (\(String(format: "%g", nyquist)) Hz)"
            )
        }
        let nperseg = max(8, Int((info.samplingRate * segmentSeconds).rounded()))
        let method = BandPowerMethod(
            welch: WelchParameters(segmentLength: nperseg, overlap: min(nperseg - 1, Int((Double(nperseg) * overlap).rounded()))),
            bands: try parsedBands(), integration: integration)
        let mainsSetting: MainsFrequency = (mains ?? reader.powerLineFrequency).map { .fixed($0) } ?? .detect
        var analyzer = RecordingAnalyzer(
            descriptor: info, method: method, configuration: ProcessorConfiguration(mains: mainsSetting), includesBadWindows: includeBadWindows)
        do {
            // The recording's stored quality windows when made with these settings, else recomputed.
            try analyzer.analyze(reader)
        } catch {
            throw CommandError.unreadableRecording(error, line: "reading \(recording) failed: \(error)")
        }
        let analysis = analyzer.result()
        if json {
            struct Output: Encodable {
                var file: String
                var source: DeviceDescriptor
                var analysis: RecordingAnalysis
            }
            let encoder = JSONEncoder()
            encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(Output(file: recording, source: info, analysis: analysis)), as: UTF8.self))
            return
        }
        print(
            "\(recording): \(Counted.text(info.channelCount, "channel")), \(String(format: "%g", info.samplingRate)) Hz, \(String(format: "%.1f", analysis.durationSeconds)) s"
        )
        let w = method.welch
        print(
            "Welch: \(w.window.rawValue) window, nperseg \(w.segmentLength), noverlap \(w.overlap), constant detrend, density; \(integration.wording); relative to \(method.denominator.description)"
        )
        let names = method.bands.map { "\($0.name) \(String(format: "%g", $0.low))–\(String(format: "%g", $0.high)) Hz" }
        // Per channel, as the channel rows below count them (a channel graded bad loses segments
        // the others keep).
        let used = analysis.channels.map(\.segmentsUsed)
        let total = analysis.channels.map { $0.segmentsUsed + $0.segmentsSkipped }.max() ?? 0
        let usedText = (used.min() ?? 0) == (used.max() ?? 0) ? "\(used.first ?? 0)" : "\(used.min() ?? 0)–\(used.max() ?? 0)"
        print(
            "band power from \(usedText) of \(total) Welch segments per channel"
                + (includeBadWindows
                    ? " (only segments touching a gap left out)" : " (segments touching a gap, a bad or an off-head window left out)"))
        print(
            "absolute (µV²)".padding(toLength: 14, withPad: " ", startingAt: 0) + "  "
                + names.map { $0.padding(toLength: 18, withPad: " ", startingAt: 0) }.joined())
        for channel in analysis.channels {
            let abs = channel.bandPowers.absolute.map { String(format: "%-18.3f", $0) }.joined()
            print(
                channel.name.padding(toLength: 14, withPad: " ", startingAt: 0) + "  " + abs
                    + (channel.bandPowers.invalidReason.map { "(\($0))" } ?? ""))
        }
        print("relative (%)")
        for channel in analysis.channels {
            let rel = channel.bandPowers.relative.map { String(format: "%-18.1f", 100 * $0) }.joined()
            print(channel.name.padding(toLength: 14, withPad: " ", startingAt: 0) + "  " + rel)
        }
        print("quality (MYND mean %, ≥100 % fraction, line-noise mean %, grades good/medium/bad, Welch segments used/left out)")
        for channel in analysis.channels {
            print(
                String(
                    format: "%@  %5.1f  %4.2f  %5.1f  %4.2f/%4.2f/%4.2f  %d/%d",
                    channel.name.padding(toLength: 14, withPad: " ", startingAt: 0) as NSString,
                    channel.myndQualityMean, channel.myndGoodFraction, channel.lineNoiseQualityMean, channel.gradeFractions[0],
                    channel.gradeFractions[1],
                    channel.gradeFractions[2], channel.segmentsUsed, channel.segmentsSkipped))
        }
        let origin = analysis.qualityOrigin
        print("quality windows " + (origin.kind == .stored ? "read from the recording's /Quality (same settings)" : "recomputed: \(origin.reason)"))
        let s = analysis.summary
        if s.windowCount > 0 {
            let n = Double(s.windowCount)
            print(
                String(
                    format: "quality windows: %d; off the head %.0f %% (headband reported %.0f %%), motion %.0f %%%@, missing data %.0f %%",
                    s.windowCount, 100 * Double(s.offHeadWindows) / n, 100 * Double(s.deviceOffHeadWindows) / n, 100 * Double(s.motionWindows) / n,
                    (s.accelerometerWindows > 0 ? "" : " (no accelerometer)") as NSString, 100 * Double(s.missingWindows) / n))
        }
        print(
            "mains \(analysis.mainsFrequency.map { String(format: "%g Hz", $0) } ?? "unknown"); verdict: \(analysis.verdict?.rawValue ?? "too short to judge")"
        )
        // The line `record` ends with: lost time, the windows, the verdict, by the same rule.
        if let events = try? reader.events() { print(RecordingAccount(reader, summary: s, events: events).line) }
    }
}

extension IntegrationRule: ExpressibleByArgument {}
