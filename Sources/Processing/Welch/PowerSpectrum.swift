/// A one-sided power spectral density: `density[k]` in µV²/Hz at `k · resolution` Hz.
package struct PowerSpectrum: Sendable, Equatable {
    /// The density per bin, k = 0…nperseg/2.
    package var density: [Double]
    /// The bin spacing in Hz (`samplingRate / nperseg`).
    package var resolution: Double
    /// How many segments were averaged (0 when the signal was too short: then every value is NaN).
    package var segmentCount: Int

    /// Creates a spectrum.
    package init(density: [Double], resolution: Double, segmentCount: Int) {
        self.density = density
        self.resolution = resolution
        self.segmentCount = segmentCount
    }

    /// The frequency of bin `k` in Hz.
    package func frequency(ofBin k: Int) -> Double { Double(k) * resolution }

    /// The frequencies of all bins in Hz (scipy's `f`).
    package var frequencies: [Double] { density.indices.map { Double($0) * resolution } }
}
