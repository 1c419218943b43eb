public import DataSources

/// Judges a whole recording after the fact: whole-recording Welch band power per channel plus the
/// streaming quality measures (MYND, line noise, grades, verdict) run over every sample. Feed it the
/// recording's EEG in order, block by block (memory stays constant), then take ``result()``.
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
    private var welch: WelchAccumulator
    private var samples: Int64 = 0
    private var myndSum: [Double], myndCount: [Int], myndGood: [Int]
    private var noiseSum: [Double], noiseCount: [Int]
    private var mainsVotes: [Double: Int] = [:]
    private var issueCounts: [[QualityIssue: Int]]

    /// Prepares an analysis; `configuration` sets the quality measures (its band-power interval is
    /// ignored: band power is computed over the whole recording with `method`, default
    /// ``BandPowerMethod/standard(samplingRate:)``).
    public init(descriptor: DeviceDescriptor, method: BandPowerMethod? = nil, configuration: ProcessorConfiguration = .init()) {
        self.descriptor = descriptor
        let method = method ?? .standard(samplingRate: descriptor.samplingRate)
        self.method = method
        var streaming = configuration
        streaming.bandPowerInterval = 0
        streaming.bandPowerMethod = method
        processor = SignalProcessor(descriptor: descriptor, configuration: streaming)
        welch = WelchAccumulator(parameters: method.welch, channelCount: descriptor.channelCount, samplingRate: descriptor.samplingRate)
        let n = descriptor.channelCount
        myndSum = [Double](repeating: 0, count: n)
        myndCount = [Int](repeating: 0, count: n)
        myndGood = myndCount
        noiseSum = myndSum
        noiseCount = myndCount
        issueCounts = [[QualityIssue: Int]](repeating: [:], count: n)
    }

    /// Processes the next EEG rows of the recording (gap rows, all NaN, included); blocks of other
    /// streams are ignored.
    public mutating func process(_ block: SampleBlock) {
        guard block.stream == descriptor.eeg.name, block.channelCount == descriptor.channelCount else { return }
        let width = block.channelCount
        block.values.withUnsafeBufferPointer { v in
            for r in 0..<block.count { welch.append(UnsafeBufferPointer(rebasing: v[(r * width)..<((r + 1) * width)])) }
        }
        samples += Int64(block.count)
        for update in processor.process(block) {
            switch update {
            case .quality(let q):
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
        let summary = processor.summary
        let windows = Double(summary.windowCount)
        let channels = (0..<descriptor.channelCount).map { c -> ChannelAnalysis in
            let spectrum = welch.spectrum(channel: c)
            let powers =
                spectrum.segmentCount > 0
                ? BandPowers(spectrum: spectrum, method: method)
                : .invalid(bandCount: method.bands.count, reason: "no gap-free Welch segment in the recording")
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
            summary: summary, channels: channels)
    }
}
