/// The current line of a ``SampleClockFit``, `t(i) = offset + secondsPerSample × i`, to store with a
/// recording so every sample time can be recomputed and audited later.
package struct SampleClockParameters: Sendable, Equatable, Codable {
    /// Host monotonic time in seconds of sample index 0 (the first sample of the first block),
    /// including the minimal transport latency (the line follows the lower envelope of arrivals).
    package var offset: Double
    /// Seconds per sample; `1/256` nominally, the fitted value once enough data span the window.
    package var secondsPerSample: Double
    /// How many points (per-bucket minima) the current line was fitted on.
    package var pointsUsed: Int
    /// The time the fitted points span, in seconds.
    package var span: Double
    /// `true` when the slope is fitted from the data, `false` while the nominal-rate prior is used.
    package var slopeIsFitted: Bool

    /// Creates parameters from their fields.
    package init(offset: Double, secondsPerSample: Double, pointsUsed: Int, span: Double, slopeIsFitted: Bool) {
        self.offset = offset
        self.secondsPerSample = secondsPerSample
        self.pointsUsed = pointsUsed
        self.span = span
        self.slopeIsFitted = slopeIsFitted
    }

    /// The sampling rate the slope implies, in Hz.
    package var samplingRate: Double { 1 / secondsPerSample }
}
