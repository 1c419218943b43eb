/// Signal quality of every channel, emitted at 2 Hz (every MYND block of 0.5 s): the MYND
/// percentages and the graded assessment of the last ``ProcessorConfiguration/qualityWindow``.
public struct QualityUpdate: Sendable, Codable, Equatable {
    /// Time of the newest sample, seconds since the Unix epoch (source clock).
    public var time: Double
    /// Index of the newest sample.
    public var sampleIndex: Int64
    /// The MYND-mode reading of the block that just ended.
    package var mynd: MyndQualityReading
    /// Per channel, the graded assessment; `nil` until one quality window of signal was seen.
    package var assessments: [ChannelAssessment]?
    /// Seconds of signal the assessments cover.
    public var windowSeconds: Double
    /// What the window says about the whole headband (off the head, motion, bad channels), judged
    /// with the device's on-head state and the accelerometer (``WindowFindings``); `nil` while there
    /// are no assessments or they are still warming up.
    package var findings: WindowFindings?

    /// Creates an update.
    package init(
        time: Double, sampleIndex: Int64, mynd: MyndQualityReading, assessments: [ChannelAssessment]?, windowSeconds: Double,
        findings: WindowFindings? = nil
    ) {
        self.findings = findings
        self.time = time
        self.sampleIndex = sampleIndex
        self.mynd = mynd
        self.assessments = assessments
        self.windowSeconds = windowSeconds
    }
}
