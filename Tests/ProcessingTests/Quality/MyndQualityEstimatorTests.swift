import DataSources
import Foundation
import Testing

@testable import Processing

struct MyndQualityEstimatorTests {
    /// A sequence worked by hand at 4 Hz (blocks of 2 samples). Channel 0 goes through the overshoot,
    /// the negative weight, the 150/v branch and back; channel 1 is a flat line.
    ///
    /// Block 1, x = 0, 40: y = 0 (first passes), 0.5·0 + 0.5·40 = 20; v = 100 < 150 → q = 110;
    ///   avg = 110 (first passes); w_new = 1.1, w_old = −0.1.
    /// Block 2, x = 40, 40: y = −0.1·20 + 1.1·40 = 42, −0.1·42 + 1.1·40 = 39.8; v = 1.21 → 110;
    ///   avg = (4·110 + 110)/5 = 110.
    /// Block 3, x = 0, 200: y = −0.1·39.8 = −3.98, −0.1·(−3.98) + 1.1·200 = 220.398;
    ///   v = ((220.398 + 3.98)/2)² = 112.189² = 12586.371721 → q = 150/v·100 = 1.19176521…;
    ///   avg = (440 + q)/5 = 88.23835304…; w_new = 0.8823835…, w_old = 0.1176164…
    /// Block 4, x = 0, 0: y = 0.1176164·220.398 = 25.92243…, 0.1176164·25.92243 = 3.04890…;
    ///   v = (11.43676…)² = 130.79958… < 150 → 110; avg = (4·88.23835 + 110)/5 = 92.59068243…
    /// Channel 1 = 5 throughout: v = 0 → q = 0, avg 0, w_new = 0, w_old = 1.
    @Test func followsTheHandWorkedSequence() throws {
        var estimator = MyndQualityEstimator(channelCount: 2, samplingRate: 4)
        #expect(estimator.blockLength == 2)
        let x: [Double] = [0, 40, 40, 40, 0, 200, 0, 0]
        var readings: [MyndQualityReading] = []
        for (i, value) in x.enumerated() {
            if let r = estimator.append([value, 5], sampleIndex: Int64(i)) { readings.append(r) }
        }
        try #require(readings.count == 4)
        #expect(readings.map(\.sampleIndex) == [1, 3, 5, 7])
        let expectedBlock = [110, 110, 15000 / 12586.371721, 110]
        let expectedAverage = [110, 110, (440 + 15000 / 12586.371721) / 5, 92.590_682_434_398_13]
        for b in 0..<4 {
            #expect(abs(readings[b].blockQuality[0] - expectedBlock[b]) < 1e-9, "block \(b)")
            #expect(abs(readings[b].quality[0] - expectedAverage[b]) < 1e-9, "average \(b)")
            #expect(readings[b].blockQuality[1] == 0 && readings[b].quality[1] == 0)
            #expect(readings[b].invalidReasons == [nil, nil])
        }
        #expect(abs(readings[2].quality[0] - 88.238_353_042_997_66) < 1e-9)
        let (new, old) = estimator.weights(channel: 0)
        #expect(abs(new - 0.925_906_824_343_981_3) < 1e-12 && abs(old - 0.074_093_175_656_018_7) < 1e-12)
        #expect(estimator.weights(channel: 1) == (0, 1))
    }

    @Test func qualityMapping() {
        #expect(MyndQualityEstimator.quality(variance: 0) == 0)
        #expect(MyndQualityEstimator.quality(variance: 149.999) == 110)
        #expect(MyndQualityEstimator.quality(variance: 150) == 100)
        #expect(MyndQualityEstimator.quality(variance: 300) == 50)
    }

    /// The oscillator's MYND mode sweeps a sine's amplitude through bad and good: quality must be low
    /// at the start (A ≈ 300, v ≈ 45000) and reach 110 once A²/2 < 150 (A < 17.3).
    @Test func oscillatorSweepGoesFromBadToGood() {
        var generator = OscillatorGenerator(configuration: OscillatorConfiguration(mode: .mynd, samplingRate: 256))
        var estimator = MyndQualityEstimator(channelCount: 4, samplingRate: 256)
        var readings: [MyndQualityReading] = []
        for frame in generator.next(256 * 20)[0].rows {
            if let r = estimator.append(frame.values, sampleIndex: frame.index) { readings.append(r) }
        }
        #expect(readings.count == 40)
        #expect(readings[0].quality[0] < 10)
        // A falls by 10 per block from 303: below 17 from block 30 on (A = 13).
        #expect(readings[35].blockQuality.allSatisfy { $0 == 110 })
        #expect(readings.last!.quality.allSatisfy { $0 > 95 })
    }

    @Test func blocksMissingMostSamplesGiveNaNWithAReason() {
        var estimator = MyndQualityEstimator(channelCount: 1, samplingRate: 8)
        var last: MyndQualityReading?
        for i in 0..<4 { last = estimator.append([i == 0 ? 1 : .nan], sampleIndex: Int64(i)) ?? last }
        #expect(last?.quality[0].isNaN == true)
        #expect(last?.invalidReasons[0]?.contains("missing") == true)
    }
}
