public import DataSources

/// Judges a whole recording after the fact: whole-recording Welch band power per channel plus the
/// streaming quality measures (MYND, line noise, grades, verdict) run over every sample. Feed it the
/// recording's EEG in order, block by block (memory stays constant), with its accelerometer blocks
/// and device condition flips in between where the recording has them (``take(_:)``; Storage's
/// `RecordingReader.playBack` gives them in order), then take ``result()``. Band power leaves out
/// the windows graded bad or off the head unless asked to keep them (``QualityGatedWelch``).
///
/// ```swift
/// var analyzer = RecordingAnalyzer(descriptor: reader.descriptor)
/// var row: Int64 = 0
/// while row < reader.sampleCount { let b = try reader.readBlock(from: row, count: 25600); analyzer.process(b); row += Int64(b.count) }
/// let analysis = analyzer.result()
/// ```
public struct RecordingAnalyzer: Sendable {
    /// The recording's device (its EEG stream is analysed).
    public let descriptor: DeviceDescriptor
    /// The band-power method.
    public let method: BandPowerMethod

    private var processor: SignalProcessor
    private var welch: QualityGatedWelch
    private var samples: Int64 = 0
    private var myndSum: [Double], myndCount: [Int], myndGood: [Int]
    private var noiseSum: [Double], noiseCount: [Int]
    private var mainsVotes: [Double: Int] = [:]
    private var issueCounts: [[QualityIssue: Int]]

    /// Prepares an analysis; `configuration` sets the quality measures (its band-power interval is
    /// ignored: band power is computed over the whole recording with `method`, default
    /// ``BandPowerMethod/standard(samplingRate:)``). With `includesBadWindows` band power keeps the
    /// windows graded bad or off the head (only gaps are left out).
    public init(
        descriptor: DeviceDescriptor, method: BandPowerMethod? = nil, configuration: ProcessorConfiguration = .init(),
        includesBadWindows: Bool = false
    ) {
        self.descriptor = descriptor
        let method = method ?? .standard(samplingRate: descriptor.samplingRate)
        self.method = method
        var streaming = configuration
        streaming.bandPowerInterval = 0
        streaming.bandPowerMethod = method
        processor = SignalProcessor(descriptor: descriptor, configuration: streaming)
        welch = QualityGatedWelch(
            parameters: method.welch, channelCount: descriptor.channelCount, samplingRate: descriptor.samplingRate,
            includesBadWindows: includesBadWindows)
        let n = descriptor.channelCount
        myndSum = [Double](repeating: 0, count: n)
        myndCount = [Int](repeating: 0, count: n)
        myndGood = myndCount
        noiseSum = myndSum
        noiseCount = myndCount
        issueCounts = [[QualityIssue: Int]](repeating: [:], count: n)
    }

    /// Takes a device condition flip, in order with the blocks (the on-head state decides the
    /// quality windows, see ``SignalProcessor/take(_:)``).
    public mutating func take(_ change: DeviceStateChange) {
        processor.take(change)
    }

    /// Processes the next EEG rows of the recording (gap rows, all NaN, included) or accelerometer
    /// rows (they judge motion); blocks of other streams are ignored.
    public mutating func process(_ block: SampleBlock) {
        if block.stream != descriptor.eeg.name {
            _ = processor.process(block)
            return
        }
        guard block.channelCount == descriptor.channelCount else { return }
        let width = block.channelCount
        block.values.withUnsafeBufferPointer { v in
            for r in 0..<block.count { welch.append(UnsafeBufferPointer(rebasing: v[(r * width)..<((r + 1) * width)])) }
        }
        samples += Int64(block.count)
        let windowRows = max(1, Int((processor.configuration.qualityWindow * descriptor.samplingRate).rounded()))
        for update in processor.process(block) {
            switch update {
            case .quality(let q):
                welch.mark(q, windowRows: windowRows)
                for c in 0..<descriptor.channelCount where q.mynd.quality[c].isFinite {
                    myndSum[c] += min(100, q.mynd.quality[c])
                    myndCount[c] += 1
                    if q.mynd.quality[c] >= 100 { myndGood[c] += 1 }
                }
                if let assessments = q.assessments {
                    for (c, a) in assessments.enumerated() { for issue in a.issues { issueCounts[c][issue, default: 0] += 1 } }
                }
            case .lineNoise(let l):
                for c in 0..<descriptor.channelCount where l.reading.quality[c].isFinite {
                    noiseSum[c] += l.reading.quality[c]
                    noiseCount[c] += 1
                }
                if l.reading.mainsFrequency.isFinite { mainsVotes[l.reading.mainsFrequency, default: 0] += 1 }
            case .bandPower:
                break
            }
        }
    }

    /// The analysis of everything processed so far.
    public func result() -> RecordingAnalysis {
        var welch = welch
        welch.finish()
        let summary = processor.summary
        let windows = Double(summary.windowCount)
        let channels = (0..<descriptor.channelCount).map { c -> ChannelAnalysis in
            let spectrum = welch.spectrum(channel: c)
            let powers =
                spectrum.segmentCount > 0
                ? BandPowers(spectrum: spectrum, method: method)
                : .invalid(
                    bandCount: method.bands.count,
                    reason: welch.includesBadWindows
                        ? "no gap-free Welch segment in the recording" : "no Welch segment free of gaps and bad or off-head windows")
            let grades = summary.gradeCounts[c].map { windows > 0 ? Double($0) / windows : .nan }
            var issues: [String: Double] = [:]
            for (issue, count) in issueCounts[c] { issues[issue.rawValue] = windows > 0 ? Double(count) / windows : .nan }
            return ChannelAnalysis(
                name: descriptor.channelNames[c], bandPowers: powers, segmentsUsed: welch.segmentsUsed[c], segmentsSkipped: welch.segmentsSkipped[c],
                myndQualityMean: myndCount[c] > 0 ? myndSum[c] / Double(myndCount[c]) : .nan,
                myndGoodFraction: myndCount[c] > 0 ? Double(myndGood[c]) / Double(myndCount[c]) : .nan,
                lineNoiseQualityMean: noiseCount[c] > 0 ? noiseSum[c] / Double(noiseCount[c]) : .nan, gradeFractions: grades,
                issueFractions: issues)
        }
        let mains: Double? =
            if case .fixed(let f) = processor.configuration.mains { f } else { mainsVotes.max { $0.value < $1.value }?.key }
        return RecordingAnalysis(
            samplingRate: descriptor.samplingRate, sampleCount: samples, durationSeconds: Double(samples) / descriptor.samplingRate,
            bandPowerMethod: method, mainsFrequency: mains, qualityWindowSeconds: processor.configuration.qualityWindow,
            thresholds: processor.configuration.thresholds, criteria: processor.configuration.criteria, verdict: summary.verdict,
            summary: summary, channels: channels, includesBadWindows: welch.includesBadWindows)
    }
}
