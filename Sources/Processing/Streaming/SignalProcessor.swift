public import DataSources

/// The streaming core: fed EEG blocks in order, it emits MYND quality and graded assessments at 2 Hz,
/// the line-noise reading at 1 Hz and band power at the configured rate, and keeps the session's
/// quality summary. Synchronous and allocation-light, so it keeps up with any source rate (see
/// docs/performance.md); ``LiveProcessor`` runs it on a ``DataController``.
///
/// Dropouts (jumps in ``SampleBlock/firstIndex``) are filled with NaN rows, however long, timed by
/// ``GapTiming`` as the recording times its gap rows: every window means the same stretch of sample
/// time, and each window holding a gap row counts as missing data in the verdict (the rule
/// docs/processing.md states), whether it is judged live or after the fact.
///
/// ```swift
/// var processor = SignalProcessor(descriptor: descriptor)   // from DataEvent.started
/// for update in processor.process(block) { … }
/// let verdict = processor.summary.verdict
/// ```
package struct SignalProcessor: Sendable {
    /// The device whose EEG stream is processed.
    package let descriptor: DeviceDescriptor
    /// The settings.
    package let configuration: ProcessorConfiguration
    /// The band-power method in use.
    package let bandPowerMethod: BandPowerMethod
    /// The session's quality summary so far (one entry per quality update with assessments).
    package private(set) var summary: SessionQualitySummary

    private var mynd: MyndQualityEstimator
    private var lineNoise: LineNoiseEstimator
    private var grader: SignalGrader
    private var welch: [SegmentCachedWelch]
    private var density: [Double]
    private var history: SampleHistory
    private let qualityLength: Int
    private let bandPowerLength: Int
    private let bandPowerStep: Int
    private var sinceBandPower = 0
    private var lastIndex: Int64?
    private var lastTime = 0.0
    private var latestAssessments: [ChannelAssessment]?
    private var row: [Double]
    private let accelerometerStream: String?
    private var motion: MotionDetector?

    /// Whether the head moved in the newest one-second accelerometer window (see ``MotionDetector``);
    /// `nil` for a device without accelerometer or before its first window.
    package private(set) var moving: Bool?
    /// Whether the device reports itself off the head now (its ``DeviceState/onHead`` condition is
    /// false); `false` while it has said nothing. Quality windows ending while it holds count as
    /// off the head (``WindowFindings``).
    package private(set) var deviceOffHead = false
    private var latestFindings: WindowFindings?

    /// Creates a processor for the EEG stream of `descriptor`.
    package init(descriptor: DeviceDescriptor, configuration: ProcessorConfiguration = .init()) {
        self.descriptor = descriptor
        self.configuration = configuration
        let fs = descriptor.samplingRate, channels = descriptor.channelCount
        bandPowerMethod = configuration.bandPowerMethod ?? .standard(samplingRate: fs)
        summary = SessionQualitySummary(channelCount: channels, criteria: configuration.criteria)
        mynd = MyndQualityEstimator(channelCount: channels, samplingRate: fs)
        lineNoise = LineNoiseEstimator(channelCount: channels, samplingRate: fs, mains: configuration.mains)
        grader = SignalGrader(
            samplingRate: fs, windowSeconds: configuration.qualityWindow, mains: configuration.mains, thresholds: configuration.thresholds,
            channelCount: channels)
        qualityLength = grader.windowLength
        let bandPowerLength = max(bandPowerMethod.welch.segmentLength, Int((fs * configuration.bandPowerWindow).rounded()))
        self.bandPowerLength = bandPowerLength
        let method = bandPowerMethod
        welch = (0..<channels).map { _ in
            SegmentCachedWelch(
                parameters: method.welch, samplingRate: fs, capacity: method.welch.segmentCount(for: bandPowerLength) + 2)
        }
        density = [Double](repeating: 0, count: method.welch.segmentLength / 2 + 1)
        let interval = configuration.bandPowerInterval
        bandPowerStep = interval > 0 && interval.isFinite ? max(1, Int((fs * interval).rounded())) : Int.max
        history = SampleHistory(channelCount: channels, capacity: max(qualityLength, bandPowerLength))
        row = [Double](repeating: .nan, count: channels)
        let accelerometer = descriptor.streams.first { $0.kind == .accelerometer }
        accelerometerStream = accelerometer?.name
        motion = accelerometer.map { MotionDetector(samplingRate: $0.samplingRate, threshold: configuration.criteria.movingAcceleration) }
    }

    /// Takes a device condition flip, in order with the blocks: the on-head state decides the quality
    /// windows that end while it holds (the device's word wins over the signal's); other conditions
    /// are ignored.
    package mutating func take(_ change: DeviceStateChange) {
        if change.state == .onHead { deviceOffHead = !change.value }
    }

    /// Processes an EEG block (blocks in order) and returns the updates it completed, oldest first.
    /// Accelerometer blocks feed the motion part of the summary and return nothing; blocks of other
    /// streams are ignored.
    package mutating func process(_ block: SampleBlock) -> [ProcessingUpdate] {
        var updates: [ProcessingUpdate] = []
        if block.stream == accelerometerStream, var detector = motion {
            for moving in detector.take(block) {
                summary.addMotion(moving: moving)
                self.moving = moving
            }
            motion = detector
            return updates
        }
        guard block.stream == descriptor.eeg.name else { return updates }
        let fs = descriptor.samplingRate
        let width = block.channelCount
        for r in 0..<block.count {
            let index = block.firstIndex + Int64(r)
            if let last = lastIndex, index <= last { continue }
            if let last = lastIndex, index > last + 1 {
                // Every lost sample is a NaN row at its place, however long the gap: the rows the
                // recording stores, so the windows over them count as missing data (one rule for
                // every verdict, see docs/processing.md).
                let missing = index - last - 1
                let start = lastTime
                let spacing = GapTiming.spacing(after: start, before: block.times[r], missing: missing, nominal: 1 / fs)
                for c in row.indices { row[c] = .nan }
                for k in 1...missing {
                    step(index: last + k, time: start + Double(k) * spacing, into: &updates)
                }
            }
            for c in row.indices { row[c] = c < width ? block.values[r * width + c] : .nan }
            step(index: index, time: block.times[r], into: &updates)
        }
        return updates
    }

    /// Advances by one sample whose values are in `row` (already filled, `NaN` for a gap).
    private mutating func step(index: Int64, time sampleTime: Double, into updates: inout [ProcessingUpdate]) {
        // Updates are timed by their last sample and never go backwards, even if a device's clock does.
        let time = lastIndex == nil ? sampleTime : max(sampleTime, lastTime)
        lastIndex = index
        lastTime = time
        let (myndReading, noiseReading) = row.withUnsafeBufferPointer { r in
            history.append(r)
            return (mynd.append(r, sampleIndex: index), lineNoise.append(r, sampleIndex: index))
        }
        if let myndReading {
            var assessments: [ChannelAssessment]?
            var findings: WindowFindings?
            if history.available >= qualityLength {
                let first = history.total - Int64(qualityLength)
                let window = (0..<descriptor.channelCount).map { c in
                    history.withWindow(channel: c, length: qualityLength) { grader.assess($0, channel: c, firstIndex: first) }
                }
                assessments = window
                findings = summary.add(window, deviceOffHead: deviceOffHead, moving: moving)
            }
            latestAssessments = assessments
            latestFindings = findings
            updates.append(
                .quality(
                    QualityUpdate(
                        time: time, sampleIndex: index, mynd: myndReading, assessments: assessments,
                        windowSeconds: Double(qualityLength) / descriptor.samplingRate, findings: findings)))
        }
        if let noiseReading {
            updates.append(.lineNoise(LineNoiseUpdate(time: time, reading: noiseReading)))
        }
        sinceBandPower += 1
        if sinceBandPower >= bandPowerStep && history.available >= bandPowerLength {
            sinceBandPower = 0
            updates.append(.bandPower(bandPower(time: time, index: index)))
        }
    }

    private mutating func bandPower(time: Double, index: Int64) -> BandPowerUpdate {
        let method = bandPowerMethod
        var channels: [BandPowers] = []
        let first = history.total - Int64(bandPowerLength)
        let resolution = welch[0].estimator.resolution
        for c in 0..<descriptor.channelCount {
            if latestFindings?.offHead == true {
                channels.append(.invalid(bandCount: method.bands.count, reason: "headband off the head"))
                continue
            }
            if let reason = latestAssessments?[c].bandPowerInvalidReason {
                channels.append(.invalid(bandCount: method.bands.count, reason: reason))
                continue
            }
            let result = history.withWindow(channel: c, length: bandPowerLength) { window -> BandPowers in
                if window.contains(where: { !$0.isFinite }) {
                    return .invalid(bandCount: method.bands.count, reason: "missing data in the window")
                }
                let count = density.withUnsafeMutableBufferPointer { welch[c].spectrum(window, firstIndex: first, into: $0.baseAddress!) }
                return BandPowers(spectrum: PowerSpectrum(density: density, resolution: resolution, segmentCount: count), method: method)
            }
            channels.append(result)
        }
        return BandPowerUpdate(
            time: time, sampleIndex: index, windowSeconds: Double(bandPowerLength) / descriptor.samplingRate, method: method, channels: channels)
    }
}
