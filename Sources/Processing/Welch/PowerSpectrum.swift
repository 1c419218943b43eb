/// A one-sided power spectral density: `density[k]` in µV²/Hz at `k · resolution` Hz.
public struct PowerSpectrum: Sendable, Equatable {
    /// The density per bin, k = 0…nperseg/2.
    public var density: [Double]
    /// The bin spacing in Hz (`samplingRate / nperseg`).
    public var resolution: Double
    /// How many segments were averaged (0 when the signal was too short: then every value is NaN).
    public var segmentCount: Int

    /// Creates a spectrum.
    public init(density: [Double], resolution: Double, segmentCount: Int) {
        self.density = density
        self.resolution = resolution
        self.segmentCount = segmentCount
    }

    /// The frequency of bin `k` in Hz.
    public func frequency(ofBin k: Int) -> Double { Double(k) * resolution }

    /// The frequencies of all bins in Hz (scipy's `f`).
    public var frequencies: [Double] { density.indices.map { Double($0) * resolution } }
}
