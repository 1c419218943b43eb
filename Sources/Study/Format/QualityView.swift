/// The live signal-quality view of a preparation step: which electrodes are checked, how, and the
/// thresholds before and after the step's timeout (the reference: 100 %, relaxed to 75 % after 3 min).
package struct QualityView: Sendable, Hashable, Codable {
    /// The processing mode behind the view.
    package var mode: QualityMode
    /// The electrodes whose rings are active.
    package var electrodes: ElectrodeGroup
    /// The quality (percent) an electrode must reach to latch as good.
    package var threshold: Double
    /// The threshold after the step's timeout.
    package var relaxedThreshold: Double?

    /// Creates a quality view.
    package init(mode: QualityMode, electrodes: ElectrodeGroup, threshold: Double = 100, relaxedThreshold: Double? = nil) {
        self.mode = mode
        self.electrodes = electrodes
        self.threshold = threshold
        self.relaxedThreshold = relaxedThreshold
    }
}
