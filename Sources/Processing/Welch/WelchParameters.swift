/// The parameters of a Welch power-spectral-density estimate, stored with every result so a number
/// can always be traced to how it was computed. The defaults (2 s Hann segments, 50 % overlap,
/// constant detrend, density scaling) are `scipy.signal.welch`'s with nperseg = 2·rate.
package struct WelchParameters: Sendable, Codable, Equatable {
    /// Samples per segment (scipy's `nperseg`).
    package var segmentLength: Int
    /// Samples shared by consecutive segments (scipy's `noverlap`), less than ``segmentLength``.
    package var overlap: Int
    /// The taper of each segment.
    package var window: WindowFunction
    /// Whether each segment's mean is removed before tapering (scipy's `detrend='constant'`).
    package var removeSegmentMean: Bool
    /// What the spectrum is in; always `"density"` (µV²/Hz, one-sided), like scipy's default.
    package var scaling: String { "density" }
    /// How segment periodograms are combined; always `"mean"`, like scipy's default.
    package var average: String { "mean" }

    /// Creates parameters; see each property.
    package init(segmentLength: Int, overlap: Int? = nil, window: WindowFunction = .hann, removeSegmentMean: Bool = true) {
        precondition(segmentLength >= 1, "a Welch segment needs at least one sample")
        self.segmentLength = segmentLength
        self.overlap = min(max(0, overlap ?? segmentLength / 2), segmentLength - 1)
        self.window = window
        self.removeSegmentMean = removeSegmentMean
    }

    /// 2-second segments with 50 % overlap at `samplingRate` (512/256 at 256 Hz, 500/250 at 250 Hz).
    package static func standard(samplingRate: Double, seconds: Double = 2) -> WelchParameters {
        WelchParameters(segmentLength: max(8, Int((samplingRate * seconds).rounded())))
    }

    /// Samples between the starts of consecutive segments.
    package var step: Int { segmentLength - overlap }

    /// How many segments fit into `sampleCount` samples (scipy's rule; 0 when fewer than one).
    package func segmentCount(for sampleCount: Int) -> Int {
        sampleCount < segmentLength ? 0 : (sampleCount - overlap) / step
    }

    private enum CodingKeys: String, CodingKey {
        case segmentLength = "nperseg"
        case overlap = "noverlap"
        case window
        case removeSegmentMean = "detrendConstant"
        case scaling, average
    }

    /// Decodes parameters stored under scipy's names (`nperseg`, `noverlap`, …).
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            segmentLength: try c.decode(Int.self, forKey: .segmentLength), overlap: try c.decode(Int.self, forKey: .overlap),
            window: try c.decode(WindowFunction.self, forKey: .window),
            removeSegmentMean: try c.decode(Bool.self, forKey: .removeSegmentMean))
    }

    /// Encodes the parameters under scipy's names, with the fixed `scaling` and `average` stated.
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(segmentLength, forKey: .segmentLength)
        try c.encode(overlap, forKey: .overlap)
        try c.encode(window, forKey: .window)
        try c.encode(removeSegmentMean, forKey: .removeSegmentMean)
        try c.encode(scaling, forKey: .scaling)
        try c.encode(average, forKey: .average)
    }
}
