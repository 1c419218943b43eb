import DataSources
import Foundation
import Processing
import Storage
import Testing

@testable import Muse

/// A simulated Muse S Athena recorded through the real ``MuseSource`` looks like a head in the
/// spectrum: a smooth 1/f background without the comb of lines a sum of evenly spaced sines gives
/// (peaks every 1.5 Hz through beta and gamma), an alpha peak at the back of the head, and alpha band
/// power that stays steady from window to window instead of beating with a ~5 s period.
@Suite(.serialized)
struct SimulatedAthenaSpectrumTests {
    /// Seconds of signal recorded.
    static let seconds = 60.0

    /// The EEG of `channel` over the whole recording, in µV.
    static func channel(_ stored: SampleBlock, _ channel: Int) -> [Double] {
        (0..<stored.count).map { stored.value(row: $0, channel: channel) }
    }

    /// The mean density of `spectrum` over [low, high) Hz.
    static func mean(_ spectrum: PowerSpectrum, _ low: Double, _ high: Double) -> Double {
        let bins = spectrum.density.indices.filter { (low..<high).contains(spectrum.frequency(ofBin: $0)) }
        return bins.map { spectrum.density[$0] }.reduce(0, +) / Double(max(1, bins.count))
    }

    /// The largest ratio of a bin's density to the median of the 13 bins around it, over 13–45 Hz:
    /// about 1 for a smooth spectrum, orders of magnitude more for a comb of lines.
    static func combRatio(_ spectrum: PowerSpectrum) -> Double {
        var largest = 0.0
        for k in spectrum.density.indices where (13...45).contains(spectrum.frequency(ofBin: k)) {
            let neighbours = spectrum.density[max(0, k - 6)...min(spectrum.density.count - 1, k + 6)].sorted()
            largest = max(largest, spectrum.density[k] / neighbours[neighbours.count / 2])
        }
        return largest
    }

    /// The coefficient of variation of alpha (8–13 Hz) band power over consecutive 4 s windows.
    static func alphaVariation(_ x: [Double]) -> Double {
        var welch = WelchEstimator(parameters: .standard(samplingRate: 256), samplingRate: 256)
        let window = 4 * 256
        let powers = stride(from: 0, to: x.count - window + 1, by: window).map { start -> Double in
            let spectrum = welch.spectrum(Array(x[start..<start + window]))
            return mean(spectrum, 8, 13)
        }
        let m = powers.reduce(0, +) / Double(powers.count)
        let sd = (powers.map { ($0 - m) * ($0 - m) }.reduce(0, +) / Double(powers.count)).squareRoot()
        return sd / m
    }

    @Test func aSimulatedAthenaHasNoCombAnAlphaPeakAndSteadyBandPower() async throws {
        var simulated = SimulatedHeadband.Configuration()
        simulated.includesAthena = true
        simulated.mtu = 247
        simulated.speed = 12
        let run = try await MuseTimingTests.record(simulated, seconds: Self.seconds)
        let stored = try run.reader.readBlock(from: 0, count: Int(run.reader.sampleCount))
        try #require(stored.count >= Int(Self.seconds * 256) - 4)
        for channel in 0..<4 {
            let x = Self.channel(stored, channel)
            try #require(!x.contains { $0.isNaN }, "channel \(channel) lost samples: the spectrum needs them all")
            var welch = WelchEstimator(parameters: WelchParameters(segmentLength: 1024), samplingRate: 256)
            let spectrum = welch.spectrum(x)
            let comb = Self.combRatio(spectrum)
            #expect(comb < 3, "channel \(channel): a bin \(comb)× the median of its neighbours")
            let alpha = Self.mean(spectrum, 8, 13), beta = Self.mean(spectrum, 13, 30)
            let around = (Self.mean(spectrum, 5, 7) + Self.mean(spectrum, 14, 17)) / 2
            // 1/f: more power at 2–4 Hz than at 30–40 Hz.
            #expect(Self.mean(spectrum, 2, 4) > 3 * Self.mean(spectrum, 30, 40), "channel \(channel)")
            if channel == 0 || channel == 3 {
                // Alpha at the back of the head stands out of its neighbours …
                #expect(alpha > 3 * around, "channel \(channel): alpha/beta \(alpha / beta), alpha/neighbours \(alpha / around)")
                // … and its band power stays steady over 4 s windows.
                let variation = Self.alphaVariation(x)
                #expect(variation < 0.25, "channel \(channel): alpha band power varies by \(variation) (CV) over 4 s windows")
            }
        }
    }
}
