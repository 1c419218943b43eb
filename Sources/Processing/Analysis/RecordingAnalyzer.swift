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
package struct RecordingAnalyzer: Sendable {
    /// The recording's device (its EEG stream is analysed).
    package let descriptor: DeviceDescriptor
    /// The band-power method.
    package let method: BandPowerMethod

    private var processor: SignalProcessor
    private var welch: QualityGatedWelch
    private var samples: Int64 = 0
    private var myndSum: [Double], myndCount: [Int], myndGood: [Int]
    private var noiseSum: [Double], noiseCount: [Int]
    private var mainsVotes: [Double: Int] = [:]
    private var issueCounts: [[QualityIssue: Int]]
    /// Whether the quality windows come from the caller (read from the recording) instead of the processor.
    private var storedWindows = false
    /// The summary of stored windows, and the motion detector that counts accelerometer windows for it.
    private var storedSummary: SessionQualitySummary
    private var motion: MotionDetector?

    /// The settings of the quality measures (band power interval 0, the analysis's method).
    package var configuration: ProcessorConfiguration { processor.configuration }

    /// Where the quality windows came from: recomputed by this analyzer's processor unless the
    /// caller hands it stored windows (``useStoredWindows(_:)``).
    package private(set) var qualityOrigin = QualityOrigin.recomputed("computed from the samples")

    /// Prepares an analysis; `configuration` sets the quality measures (its band-power interval is
    /// ignored: band power is computed over the whole recording with `method`, default
    /// ``BandPowerMethod/standard(samplingRate:)``). With `includesBadWindows` band power keeps the
    /// windows graded bad or off the head (only gaps are left out).
    package init(
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
        storedSummary = SessionQualitySummary(channelCount: n, criteria: configuration.criteria)
        motion = descriptor.streams.first { $0.kind == .accelerometer }.map {
            MotionDetector(samplingRate: $0.samplingRate, threshold: configuration.criteria.movingAcceleration)
        }
    }

    /// Runs no processor from now on (call before the first block): the quality windows and
    /// line-noise readings come from ``take(windowEndingAt:grades:issues:findings:mynd:)`` and
    /// ``take(lineNoise:mainsFrequency:)``, read back from a recording that stored them with this
    /// analyzer's settings, and `origin` says so in the result. The blocks still feed the
    /// whole-recording Welch estimate (and accelerometer blocks the motion count).
    package mutating func useStoredWindows(_ origin: QualityOrigin) {
        storedWindows = true
        qualityOrigin = origin
    }

    /// Records `origin` as why the windows were recomputed (the processor runs as before).
    package mutating func noteRecomputed(_ origin: QualityOrigin) {
        qualityOrigin = origin
    }

    /// Takes one stored quality window (see ``useStoredWindows(_:)``), after the blocks that hold
    /// its last row: `lastRow` counts the rows processed, `grades` and `issues` are per channel
    /// (`nil` and empty before the first full window), `findings` `nil` for a window not counted,
    /// `mynd` the MYND quality per channel.
    package mutating func take(windowEndingAt lastRow: Int64, grades: [QualityGrade]?, issues: [[QualityIssue]], findings: WindowFindings?, mynd: [Double]) {
        let windowRows = max(1, Int((processor.configuration.qualityWindow * descriptor.samplingRate).rounded()))
        let condemned = findings.flatMap { f in grades.map { $0.map { f.offHead || $0 == .bad } } }
        welch.mark(lastRow: lastRow, windowRows: windowRows, condemned: condemned)
        takeMynd(mynd)
        guard let grades else { return }
        for (c, list) in issues.enumerated() where c < issueCounts.count { for issue in list { issueCounts[c][issue, default: 0] += 1 } }
        if let findings, !issues.contains(where: { $0.contains(.warmingUp) }) { storedSummary.add(findings, grades: grades) }
    }

    /// Takes one stored line-noise reading (see ``useStoredWindows(_:)``).
    package mutating func take(lineNoise quality: [Double], mainsFrequency: Double) {
        takeLineNoise(quality, mainsFrequency: mainsFrequency)
    }

    private mutating func takeMynd(_ quality: [Double]) {
        for c in 0..<min(descriptor.channelCount, quality.count) where quality[c].isFinite {
            myndSum[c] += min(100, quality[c])
            myndCount[c] += 1
            if quality[c] >= 100 { myndGood[c] += 1 }
        }
    }

    private mutating func takeLineNoise(_ quality: [Double], mainsFrequency: Double) {
        for c in 0..<min(descriptor.channelCount, quality.count) where quality[c].isFinite {
            noiseSum[c] += quality[c]
            noiseCount[c] += 1
        }
        if mainsFrequency.isFinite { mainsVotes[mainsFrequency, default: 0] += 1 }
    }

    /// Takes a device condition flip, in order with the blocks (the on-head state decides the
    /// quality windows, see ``SignalProcessor/take(_:)``).
    package mutating func take(_ change: DeviceStateChange) {
        processor.take(change)
    }

    /// Processes the next EEG rows of the recording (gap rows, all NaN, included) or accelerometer
    /// rows (they judge motion); blocks of other streams are ignored.
    package mutating func process(_ block: SampleBlock) {
        if block.stream != descriptor.eeg.name {
            if !storedWindows {
                _ = processor.process(block)
            } else if block.stream == descriptor.streams.first(where: { $0.kind == .accelerometer })?.name {
                for moving in motion?.take(block) ?? [] { storedSummary.addMotion(moving: moving) }
            }
            return
        }
        guard block.channelCount == descriptor.channelCount else { return }
        let width = block.channelCount
        block.values.withUnsafeBufferPointer { v in
            for r in 0..<block.count { welch.append(UnsafeBufferPointer(rebasing: v[(r * width)..<((r + 1) * width)])) }
        }
        samples += Int64(block.count)
        guard !storedWindows else { return }
        let windowRows = max(1, Int((processor.configuration.qualityWindow * descriptor.samplingRate).rounded()))
        for update in processor.process(block) {
            switch update {
            case .quality(let q):
                welch.mark(q, windowRows: windowRows)
                takeMynd(q.mynd.quality)
                if let assessments = q.assessments {
                    for (c, a) in assessments.enumerated() { for issue in a.issues { issueCounts[c][issue, default: 0] += 1 } }
                }
            case .lineNoise(let l):
                takeLineNoise(l.reading.quality, mainsFrequency: l.reading.mainsFrequency)
            case .bandPower:
                break
            }
        }
    }

    /// The analysis of everything processed so far.
    package func result() -> RecordingAnalysis {
        var welch = welch
        welch.finish()
        let summary = storedWindows ? storedSummary : processor.summary
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
            summary: summary, channels: channels, includesBadWindows: welch.includesBadWindows, qualityOrigin: qualityOrigin)
    }
}
