import DataSources
import Foundation
public import Processing
import RecordingPipeline
public import Storage

/// Everything the report shows about one recording, read in one pass over its samples (memory stays
/// bounded: only a 10 s excerpt, the 2 Hz grades and the 1 Hz band powers are kept). Times are
/// seconds of signal from the first sample (row / sampling rate), the clock the charts share.
package struct RecordingDigest: Sendable {
    /// The catalog path (or file name) the report names the recording by.
    package var name: String
    /// The participant's pseudonymous UUID (never a name).
    package var participant: String?
    /// Study, paradigm, day, session and run, as stored.
    package var study: String?
    package var paradigm: String?
    package var day: Int?
    package var session: Int?
    package var run: Int?
    /// The time of the first sample (seconds since the epoch), when the recording has one.
    package var startTime: Double?
    /// Rows, rate, duration (seconds of signal) and the EEG channel names.
    package var sampleCount: Int64
    package var samplingRate: Double
    package var durationSeconds: Double { Double(sampleCount) / samplingRate }
    package var channels: [String]
    /// Manufacturer and model, serial and firmware, as stored.
    package var device: String
    package var serial: String?
    package var firmware: String?
    /// Whether the recording ran its planned course, and if not, why it ended.
    package var outcome: RecordingOutcome
    /// The mains frequency the line-noise measures used.
    package var mains: Double?
    /// Every event (study markers and the software's own).
    package var events: [RecordingEvent]
    /// Lost samples: start (seconds of signal) and length (seconds).
    package var gaps: [(start: Double, seconds: Double)]
    /// Rows that are gaps.
    package var gapSamples: Int64
    /// Samples other streams lost (accelerometer, gyroscope, optics …), per stream in the device's
    /// order: the EEG's own loss is ``gapSamples`` in ``gaps``, counted first.
    package var streamLosses: [(stream: String, samples: Int64, gaps: Int)] = []
    /// The signal excerpt: its start (seconds) and per channel its values (µV, NaN where lost).
    package var excerptStart: Double = 0
    package var excerpt: [[Double]] = []
    /// The graded quality at 2 Hz: time and per channel 1/2/4 (NaN while warming up).
    package var grades = DigestSeries<Float>(width: 1)
    /// Relative band power at 1 Hz, averaged over the channels whose window was not graded bad: time
    /// and one value per band of ``bands``.
    package var bandPower = DigestSeries<Double>(width: 1)
    /// The bands, in the order of ``bandPower`` and ``wholeBandPowers``.
    package var bands: [FrequencyBand] = []
    /// The Welch spectrum of the whole recording per channel (segments touching a gap left out, and
    /// unless ``includesBadWindows`` those touching a window graded bad or off the head).
    package var spectra: [PowerSpectrum] = []
    /// Per channel, Welch segments the spectrum averaged and segments left out.
    package var segmentsUsed: [Int] = []
    package var segmentsSkipped: [Int] = []
    /// Whether the spectrum and whole-recording band power kept windows graded bad or off the head.
    package var includesBadWindows = false
    /// Whole-recording band powers per channel, from those spectra.
    package var wholeBandPowers: [BandPowers] = []
    /// The quality summary behind the verdict.
    package var summary: SessionQualitySummary
    /// The reaction-time trial table stored with the recording, if any.
    package var trials: TrialTable?

    /// Whether the quality windows behind the verdict, the grades and the band power were read
    /// from the recording's `/Quality` (made with the report's settings) or recomputed from the
    /// samples, and why.
    package var qualityOrigin: QualityOrigin = .recomputed("not judged")
    /// The heart rate the recording stores (`/Quality/HeartRate`, `HeartRateSummary`,
    /// `PulseQuality`), nil when it has none (no PPG or optics stream).
    package var heartRate: HeartRateDigest?

    /// The session verdict (`nil` when too short to judge).
    package var verdict: SessionVerdict? { summary.verdict }

    /// Reads `reader` in one pass, with the headband's on-head state and accelerometer as recorded.
    /// With `detail` false only what the participant view needs is kept (metadata, events and the
    /// quality summary: no excerpt, grades, spectrum or band power). With `includesBadWindows` the
    /// spectrum and band power keep the windows graded bad or off the head. The quality windows are
    /// read from the recording's `/Quality` when it was made with the report's settings, else
    /// recomputed (``qualityOrigin`` says which); the participant view then reads no sample at all.
    package init(
        reader: RecordingReader, name: String, detail: Bool = true, excerptSeconds: Double = 10, includesBadWindows: Bool = false
    ) throws {
        self.includesBadWindows = includesBadWindows
        self.name = name
        participant = reader.participant
        study = reader.study
        paradigm = reader.paradigm?.title
        day = reader.day
        session = reader.session
        run = reader.run
        sampleCount = reader.sampleCount
        samplingRate = reader.samplingRate
        channels = reader.channelNames
        let d = reader.descriptor
        device = [d.manufacturer, d.model].filter { $0 != "unknown" }.joined(separator: " ")
        if device.isEmpty { device = d.kind }
        serial = d.serial
        firmware = d.firmware
        outcome = reader.outcome
        mains = reader.powerLineFrequency
        heartRate = try HeartRateDigest(reader)
        let events = try reader.events().sorted { $0.sample < $1.sample }
        self.events = events
        let fs = reader.samplingRate
        var gaps: [(start: Double, seconds: Double)] = []
        // The EEG's gaps (another stream's gap, `<stream> gap N samples`, leaves the EEG whole).
        for event in events {
            if let lost = event.lostSamples, lost.stream == nil { gaps.append((Double(event.sample) / fs, Double(lost.count) / fs)) }
        }
        self.gaps = gaps
        gapSamples = 0
        var losses: [String: (samples: Int64, gaps: Int)] = [:]
        for event in events {
            guard let lost = event.lostSamples, let stream = lost.stream else { continue }
            losses[stream, default: (0, 0)].samples += Int64(lost.count)
            losses[stream, default: (0, 0)].gaps += 1
        }
        let order = d.streams.map(\.name)
        streamLosses = losses.map { (stream: $0.key, samples: $0.value.samples, gaps: $0.value.gaps) }.sorted {
            (order.firstIndex(of: $0.stream) ?? order.count, $0.stream) < (order.firstIndex(of: $1.stream) ?? order.count, $1.stream)
        }

        let method = BandPowerMethod.standard(samplingRate: fs)
        let configuration = Self.configuration(reader: reader, method: method, detail: detail)
        bands = method.bands
        let stored = try StoredQuality.open(reader, configuration: configuration, needs: detail ? [.bandPower] : [])
        qualityOrigin = stored.origin
        var pass = QualityPass(
            descriptor: d, configuration: configuration, method: method, detail: detail, includesBadWindows: includesBadWindows)
        if var quality = stored.quality, !detail {
            // A verdict alone: the stored windows are all it needs, no sample is read.
            try pass.readVerdictOnly(&quality)
            startTime = try reader.firstRowTime()
            // The rows the recording filled for lost samples, as its gap events count them.
            gapSamples = events.reduce(0) { sum, e in sum + (e.lostSamples.map { $0.stream == nil ? Int64($0.count) : 0 } ?? 0) }
        } else {
            try pass.run(reader: reader, stored: stored.quality, excerptSeconds: excerptSeconds)
            startTime = pass.startTime
            gapSamples = pass.lostRows
        }
        summary = pass.summary
        if detail {
            grades = pass.grades
            bandPower = pass.bandPower
            excerpt = pass.excerpt
            excerptStart = pass.excerptStart
            if var welch = pass.welch {
                welch.finish()
                spectra = (0..<d.channelCount).map { welch.spectrum(channel: $0) }
                segmentsUsed = welch.segmentsUsed
                segmentsSkipped = welch.segmentsSkipped
                wholeBandPowers = spectra.map { s in
                    s.segmentCount > 0
                        ? BandPowers(spectrum: s, method: method)
                        : .invalid(
                            bandCount: method.bands.count,
                            reason: includesBadWindows ? "no gap-free Welch segment" : "no Welch segment free of gaps and bad or off-head windows")
                }
            }
        }
    }

    /// The processor settings the report judges with: the recording's mains frequency (else
    /// detected), the standard band-power method, band power once a second for the session view.
    /// A recording's stored quality is read instead of recomputed exactly when it was made with
    /// these (``StoredQuality``).
    static func configuration(reader: RecordingReader, method: BandPowerMethod, detail: Bool) -> ProcessorConfiguration {
        var configuration = ProcessorConfiguration(mains: reader.powerLineFrequency.map { .fixed($0) } ?? .detect)
        configuration.bandPowerInterval = detail ? 1 : 0
        configuration.bandPowerMethod = method
        return configuration
    }

    /// The number of samples in a gap event's label (`gap 64 samples`).
    static func gapLength(_ label: String) -> Int? {
        let parts = label.split(separator: " ")
        guard let i = parts.firstIndex(of: "gap"), i + 1 < parts.count else { return nil }
        return Int(parts[i + 1])
    }
}
