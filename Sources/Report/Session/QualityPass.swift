import DataSources
import Processing
import RecordingPipeline
import Storage

/// The one pass over a recording behind a ``RecordingDigest``: the samples for the excerpt, the
/// lost rows and the whole-recording Welch spectrum, and the quality windows either recomputed by
/// the streaming processor as the samples go by or read back from the recording's `/Quality`
/// (``StoredQuality``) in step with them. Either way the same things are kept: the 2 Hz grades,
/// the 1 Hz band power averaged over the channels not graded bad, the quality summary, and the
/// Welch estimate with the bad and off-head windows marked.
struct QualityPass {
    let descriptor: DeviceDescriptor
    let configuration: ProcessorConfiguration
    let detail: Bool
    private(set) var summary: SessionQualitySummary
    private(set) var welch: QualityGatedWelch?
    private(set) var grades: DigestSeries<Float>
    private(set) var bandPower: DigestSeries<Double>
    private(set) var excerpt: [[Double]] = []
    private(set) var excerptStart = 0.0
    /// The rows of the excerpt (from the middle of the recording).
    private var excerptFrom: Int64 = 0
    private var excerptEnd: Int64 = 0
    private(set) var lostRows: Int64 = 0
    private(set) var startTime: Double?
    private let windowRows: Int
    private let bandCount: Int
    /// The newest window's grades (1/2/4, NaN while warming up), for the band-power average.
    private var latestGrades: [Double]?

    init(descriptor: DeviceDescriptor, configuration: ProcessorConfiguration, method: BandPowerMethod, detail: Bool, includesBadWindows: Bool) {
        self.descriptor = descriptor
        self.configuration = configuration
        self.detail = detail
        let fs = descriptor.samplingRate
        summary = SessionQualitySummary(channelCount: descriptor.channelCount, criteria: configuration.criteria)
        welch =
            detail
            ? QualityGatedWelch(
                parameters: method.welch, channelCount: descriptor.channelCount, samplingRate: fs, includesBadWindows: includesBadWindows)
            : nil
        windowRows = max(1, Int((configuration.qualityWindow * fs).rounded()))
        bandCount = method.bands.count
        grades = DigestSeries(width: descriptor.channelCount)
        bandPower = DigestSeries(width: method.bands.count)
    }

    /// The participant view from stored windows: the summary only, no sample read.
    mutating func readVerdictOnly(_ stored: inout StoredQuality) throws {
        while let window = try stored.nextWindow() {
            if let findings = window.findings, let grades = window.grades, !Self.warming(window.issues) {
                summary.add(findings, grades: grades)
            }
        }
    }

    /// Reads the samples once in 10 s blocks; the quality windows come from `stored` when given,
    /// else from a processor fed the same blocks (with the recorded on-head flips and accelerometer).
    mutating func run(reader: RecordingReader, stored: StoredQuality?, excerptSeconds: Double) throws {
        let fs = descriptor.samplingRate
        let excerptRows = Int64(max(1, (excerptSeconds * fs).rounded()))
        excerptFrom = max(0, reader.sampleCount / 2 - excerptRows / 2)
        excerptEnd = excerptFrom + excerptRows
        excerpt = [[Double]](repeating: [], count: max(1, descriptor.channelCount))
        if detail {
            // A grade every 0.5 s, band power at its interval (plus a few for rounding).
            grades.reserve(rows: Int(Double(reader.sampleCount) / (fs / 2)) + 4)
            let interval = configuration.bandPowerInterval
            if interval > 0, interval.isFinite { bandPower.reserve(rows: Int(Double(reader.sampleCount) / (fs * interval)) + 4) }
        }
        if let stored {
            try run(reader: reader, stored: stored)
        } else {
            try recompute(reader: reader)
        }
        excerptStart = Double(excerptFrom) / fs
    }

    /// The rows from `firstIndex` (row-major values): lost rows counted, the Welch estimate fed,
    /// the excerpt's rows kept.
    private mutating func take(values: [Double], firstIndex: Int64) {
        let width = max(1, descriptor.channelCount)
        let rows = values.count / width
        values.withUnsafeBufferPointer { v in
            for r in 0..<rows {
                let slice = UnsafeBufferPointer(rebasing: v[(r * width)..<((r + 1) * width)])
                if slice.allSatisfy(\.isNaN) { lostRows += 1 }
                welch?.append(slice)
                let index = firstIndex + Int64(r)
                if detail, index >= excerptFrom, index < excerptEnd {
                    for c in 0..<width { excerpt[c].append(slice[c]) }
                }
            }
        }
    }

    /// The recomputing pass: the recording played back (EEG with its on-head flips and
    /// accelerometer) into a processor, whose updates mark the Welch estimate and give the series.
    private mutating func recompute(reader: RecordingReader) throws {
        var processor = SignalProcessor(descriptor: descriptor, configuration: configuration)
        try reader.playBack(blockRows: max(1, Int(descriptor.samplingRate * 10))) { step in
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
            take(values: block.values, firstIndex: block.firstIndex)
            for update in processor.process(block) {
                switch update {
                case .quality(let q):
                    welch?.mark(q, windowRows: windowRows)
                    guard let assessments = q.assessments else { continue }
                    let warm = Self.warming(assessments.map(\.issues))
                    take(grades: assessments.map { warm ? .nan : Double($0.grade.rawValue) }, lastRow: q.sampleIndex)
                case .bandPower(let b):
                    take(bandPower: b.channels.map { $0.invalidReason == nil ? $0.relative : [] }, lastRow: b.sampleIndex)
                case .lineNoise:
                    break
                }
            }
        }
        summary = processor.summary
    }

    /// The reading pass: the samples' values only (no times, markers or raw codes: the windows
    /// carry their rows), each 10 s block followed by the stored windows that end in it and their
    /// band-power rows; the accelerometer only for the summary's count of moving windows.
    private mutating func run(reader: RecordingReader, stored: StoredQuality) throws {
        var stored: StoredQuality? = stored
        var pendingWindow: StoredQuality.Window?
        var pendingBandPower: (time: Double, relative: [Double])?
        var latestWindow: StoredQuality.Window?
        startTime = try reader.firstRowTime()
        let blockRows = max(1, Int(descriptor.samplingRate * 10))
        var row: Int64 = 0
        while row < reader.sampleCount {
            let values = try reader.readValues(from: row, count: blockRows)
            let rows = values.count / max(1, descriptor.channelCount)
            if rows == 0 { break }
            take(values: values, firstIndex: row)
            row += Int64(rows)
            while stored != nil {
                if pendingWindow == nil { pendingWindow = try stored?.nextWindow() }
                guard let window = pendingWindow, window.lastRow < row else { break }
                pendingWindow = nil
                try take(window, latest: &latestWindow, stored: &stored, pendingBandPower: &pendingBandPower)
            }
        }
        // Windows and band power after the last sample read (none in a complete file).
        while stored != nil {
            if pendingWindow == nil { pendingWindow = try stored?.nextWindow() }
            guard let window = pendingWindow else { break }
            pendingWindow = nil
            try take(window, latest: &latestWindow, stored: &stored, pendingBandPower: &pendingBandPower)
        }
        try takeBandPower(upTo: .infinity, including: true, latest: latestWindow, stored: &stored, pending: &pendingBandPower)
        // Motion is stored per window; the count of moving accelerometer windows is judged again.
        if let accelerometer = descriptor.streams.first(where: { $0.kind == .accelerometer }),
            let stream = try reader.stream(named: accelerometer.name), stream.values.count >= stream.times.count * max(1, stream.columns)
        {
            var detector = MotionDetector(samplingRate: accelerometer.samplingRate, threshold: configuration.criteria.movingAcceleration)
            let block = SampleBlock(
                stream: accelerometer.name, firstIndex: 0, channelCount: max(1, stream.columns),
                values: stream.values.count == stream.times.count * max(1, stream.columns)
                    ? stream.values : Array(stream.values.prefix(stream.times.count * max(1, stream.columns))), times: stream.times)
            for moving in detector.take(block) { summary.addMotion(moving: moving) }
        }
    }

    /// Whether any channel's window is still warming up (not graded yet).
    private static func warming(_ issues: [[QualityIssue]]) -> Bool {
        issues.contains { $0.contains(.warmingUp) }
    }

    /// A stored window: marked for the Welch estimate, counted in the summary, its grades kept.
    private mutating func take(stored window: StoredQuality.Window) {
        let condemned = window.findings.flatMap { f in window.grades.map { $0.map { f.offHead || $0 == .bad } } }
        welch?.mark(lastRow: window.lastRow, windowRows: windowRows, condemned: condemned)
        guard let grades = window.grades else { return }
        let warm = Self.warming(window.issues)
        if let findings = window.findings, !warm { summary.add(findings, grades: grades) }
        take(grades: grades.map { warm ? .nan : Double($0.rawValue) }, lastRow: window.lastRow)
    }

    /// Takes a stored window in the order the processor made its updates: the band-power rows of
    /// earlier samples, the window, then the band-power row of the window's own sample (a band-power
    /// update follows the quality update of its sample, and averages over the channels that window
    /// did not grade bad).
    private mutating func take(
        _ window: StoredQuality.Window, latest: inout StoredQuality.Window?, stored: inout StoredQuality?,
        pendingBandPower: inout (time: Double, relative: [Double])?
    ) throws {
        try takeBandPower(upTo: window.time, including: false, latest: latest, stored: &stored, pending: &pendingBandPower)
        take(stored: window)
        latest = window
        try takeBandPower(upTo: window.time, including: true, latest: latest, stored: &stored, pending: &pendingBandPower)
    }

    /// Stored band-power rows before `time` (or up to it, `including`), each placed at its row and
    /// averaged over the channels the newest window did not grade bad.
    private mutating func takeBandPower(
        upTo time: Double, including: Bool, latest: StoredQuality.Window?, stored: inout StoredQuality?,
        pending: inout (time: Double, relative: [Double])?
    ) throws {
        guard detail else { return }
        while stored != nil {
            if pending == nil { pending = try stored?.nextBandPower() }
            guard let row = pending, row.time < time || (including && row.time == time) else { return }
            pending = nil
            // Band power and quality update on the same sample (every second and every 0.5 s from
            // the start): the row is the newest window's, moved by any time between them.
            guard let latest else { continue }
            let lastRow = latest.lastRow + Int64(((row.time - latest.time) * descriptor.samplingRate).rounded())
            let channels = descriptor.channelCount
            // An invalid channel's powers are stored as NaN, which the average skips.
            let perChannel = (0..<channels).map { c in Array(row.relative.dropFirst(c * bandCount).prefix(bandCount)) }
            take(bandPower: perChannel, lastRow: lastRow)
        }
    }

    /// Keeps a window's grades (detail only) at the time its window ends.
    private mutating func take(grades row: [Double], lastRow: Int64) {
        latestGrades = row
        if detail { grades.append(time: Double(lastRow + 1) / descriptor.samplingRate, row) }
    }

    /// Keeps one band-power update: per channel its relative powers (empty when invalid), averaged
    /// over the channels whose newest window was not graded bad.
    private mutating func take(bandPower channels: [[Double]], lastRow: Int64) {
        guard detail else { return }
        var sums = [Double](repeating: 0, count: bandCount)
        var counts = [Int](repeating: 0, count: bandCount)
        for (c, relative) in channels.enumerated() {
            if let latest = latestGrades, c < latest.count, latest[c] == 4 { continue }
            for (k, value) in relative.enumerated() where value.isFinite && k < sums.count {
                sums[k] += value
                counts[k] += 1
            }
        }
        bandPower.append(time: Double(lastRow + 1) / descriptor.samplingRate, zip(sums, counts).map { $1 > 0 ? $0 / Double($1) : .nan })
    }
}
