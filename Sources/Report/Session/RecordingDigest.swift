import DataSources
import Foundation
public import Processing
public import Storage

/// Everything the report shows about one recording, read in one pass over its samples (memory stays
/// bounded: only a 10 s excerpt, the 2 Hz grades and the 1 Hz band powers are kept). Times are
/// seconds of signal from the first sample (row / sampling rate), the clock the charts share.
public struct RecordingDigest: Sendable {
    /// The catalog path (or file name) the report names the recording by.
    public var name: String
    /// The participant's pseudonymous UUID (never a name).
    public var participant: String?
    /// Study, paradigm, day, session and run, as stored.
    public var study: String?
    public var paradigm: String?
    public var day: Int?
    public var session: Int?
    public var run: Int?
    /// The time of the first sample (seconds since the epoch), when the recording has one.
    public var startTime: Double?
    /// Rows, rate, duration (seconds of signal) and the EEG channel names.
    public var sampleCount: Int64
    public var samplingRate: Double
    public var durationSeconds: Double { Double(sampleCount) / samplingRate }
    public var channels: [String]
    /// Manufacturer and model, serial and firmware, as stored.
    public var device: String
    public var serial: String?
    public var firmware: String?
    /// Whether the recording ran its planned course, and if not, why it ended.
    public var outcome: RecordingOutcome
    /// The mains frequency the line-noise measures used.
    public var mains: Double?
    /// Every event (study markers and the software's own).
    public var events: [RecordingEvent]
    /// Lost samples: start (seconds of signal) and length (seconds).
    public var gaps: [(start: Double, seconds: Double)]
    /// Rows that are gaps.
    public var gapSamples: Int64
    /// The signal excerpt: its start (seconds) and per channel its values (µV, NaN where lost).
    public var excerptStart: Double = 0
    public var excerpt: [[Double]] = []
    /// The graded quality at 2 Hz: time and per channel 1/2/4 (NaN while warming up).
    public var grades: [(time: Double, grades: [Double])] = []
    /// Relative band power at 1 Hz, averaged over the channels whose window was not graded bad: time
    /// and one value per band of ``bands``.
    public var bandPower: [(time: Double, relative: [Double])] = []
    /// The bands, in the order of ``bandPower`` and ``wholeBandPowers``.
    public var bands: [FrequencyBand] = []
    /// The Welch spectrum of the whole recording per channel (segments touching a gap left out, and
    /// unless ``includesBadWindows`` those touching a window graded bad or off the head).
    public var spectra: [PowerSpectrum] = []
    /// Per channel, Welch segments the spectrum averaged and segments left out.
    public var segmentsUsed: [Int] = []
    public var segmentsSkipped: [Int] = []
    /// Whether the spectrum and whole-recording band power kept windows graded bad or off the head.
    public var includesBadWindows = false
    /// Whole-recording band powers per channel, from those spectra.
    public var wholeBandPowers: [BandPowers] = []
    /// The quality summary behind the verdict.
    public var summary: SessionQualitySummary
    /// The reaction-time trial table stored with the recording, if any.
    public var trials: TrialTable?

    /// The session verdict (`nil` when too short to judge).
    public var verdict: SessionVerdict? { summary.verdict }

    /// Reads `reader` in one pass, with the headband's on-head state and accelerometer as recorded.
    /// With `detail` false only what the participant view needs is kept (metadata, events and the
    /// quality summary: no excerpt, spectrum or band power). With `includesBadWindows` the spectrum
    /// and band power keep the windows graded bad or off the head.
    public init(
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
        events = try reader.events().sorted { $0.sample < $1.sample }
        let fs = reader.samplingRate
        var gaps: [(start: Double, seconds: Double)] = []
        for event in events where event.code == Marker.gapCode {
            if let n = Self.gapLength(event.label) { gaps.append((Double(event.sample) / fs, Double(n) / fs)) }
        }
        self.gaps = gaps
        gapSamples = 0

        let method = BandPowerMethod.standard(samplingRate: fs)
        var configuration = ProcessorConfiguration(mains: reader.powerLineFrequency.map { .fixed($0) } ?? .detect)
        configuration.bandPowerInterval = detail ? 1 : 0
        configuration.bandPowerMethod = method
        var processor = SignalProcessor(descriptor: d, configuration: configuration)
        var welch =
            detail
            ? QualityGatedWelch(parameters: method.welch, channelCount: d.channelCount, samplingRate: fs, includesBadWindows: includesBadWindows)
            : nil
        let windowRows = max(1, Int((configuration.qualityWindow * fs).rounded()))
        summary = processor.summary
        bands = method.bands
        let width = max(1, d.channelCount)
        let excerptRows = Int64(max(1, (excerptSeconds * fs).rounded()))
        let excerptFrom = max(0, sampleCount / 2 - excerptRows / 2)
        var excerpt = [[Double]](repeating: [], count: width)
        var lostRows: Int64 = 0
        var grades: [(time: Double, grades: [Double])] = []
        var bandPower: [(time: Double, relative: [Double])] = []
        var startTime: Double?
        try reader.playBack(blockRows: max(1, Int(fs * 10))) { step in
            let block: SampleBlock
            switch step {
            case .state(let change):
                processor.take(change)
                return
            case .accelerometer(let rows):
                _ = processor.process(rows)
                return
            case .eeg(let rows):
                block = rows
            }
            if startTime == nil { startTime = block.times.first }
            block.values.withUnsafeBufferPointer { v in
                for r in 0..<block.count {
                    let slice = UnsafeBufferPointer(rebasing: v[(r * width)..<((r + 1) * width)])
                    if slice.allSatisfy(\.isNaN) { lostRows += 1 }
                    welch?.append(slice)
                    let index = block.firstIndex + Int64(r)
                    if detail, index >= excerptFrom, index < excerptFrom + excerptRows {
                        for c in 0..<width { excerpt[c].append(slice[c]) }
                    }
                }
            }
            for update in processor.process(block) {
                switch update {
                case .quality(let q):
                    welch?.mark(q, windowRows: windowRows)
                    guard let assessments = q.assessments else { continue }
                    let warm = assessments.contains { $0.issues.contains(.warmingUp) }
                    grades.append((Double(q.sampleIndex + 1) / fs, assessments.map { warm ? .nan : Double($0.grade.rawValue) }))
                case .bandPower(let b):
                    var sums = [Double](repeating: 0, count: b.method.bands.count)
                    var counts = [Int](repeating: 0, count: b.method.bands.count)
                    let latest = grades.last?.grades
                    for (c, powers) in b.channels.enumerated() where powers.invalidReason == nil {
                        if let latest, c < latest.count, latest[c] == 4 { continue }
                        for (k, value) in powers.relative.enumerated() where value.isFinite && k < sums.count {
                            sums[k] += value
                            counts[k] += 1
                        }
                    }
                    bandPower.append((Double(b.sampleIndex + 1) / fs, zip(sums, counts).map { $1 > 0 ? $0 / Double($1) : .nan }))
                case .lineNoise:
                    break
                }
            }
        }
        self.grades = grades
        self.bandPower = bandPower
        self.startTime = startTime
        gapSamples = lostRows
        summary = processor.summary
        if detail {
            self.excerpt = excerpt
            excerptStart = Double(excerptFrom) / fs
            if var welch {
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

    /// The number of samples in a gap event's label (`gap 64 samples`).
    static func gapLength(_ label: String) -> Int? {
        let parts = label.split(separator: " ")
        guard let i = parts.firstIndex(of: "gap"), i + 1 < parts.count else { return nil }
        return Int(parts[i + 1])
    }
}
