import TestSupport
import Testing

@testable import Muse

/// The shared real captures decoded by the Swift decoders: the counts the public decoder reports, the
/// independent Python reference sample by sample, and plausible values.
@Suite(.tags(.python))
struct AthenaCaptureTests {
    /// One capture's expected figures (Tests/Fixtures/athena/NOTICE.md; the reference README's table).
    struct Expected: Sendable, CustomStringConvertible {
        var name: String
        var eegSamples: Int
        var eegChannels: Int
        var motionSamples: Int
        var opticsSamples: Int
        var opticsChannels: Int
        var batteryFirst: Double
        var batteryLast: Double
        var description: String { name }
    }

    static let captures: [Expected] = [
        Expected(
            name: "data_p21", eegSamples: 15_532, eegChannels: 4, motionSamples: 3153, opticsSamples: 0, opticsChannels: 0, batteryFirst: 88.95,
            batteryLast: 88.72),
        Expected(
            name: "data_p1035", eegSamples: 15_552, eegChannels: 4, motionSamples: 3150, opticsSamples: 3885, opticsChannels: 4, batteryFirst: 86.30,
            batteryLast: 86.09),
        Expected(
            name: "data_p1034", eegSamples: 15_524, eegChannels: 4, motionSamples: 3150, opticsSamples: 3880, opticsChannels: 8, batteryFirst: 87.22,
            batteryLast: 86.46),
        Expected(
            name: "data_p1041", eegSamples: 15_568, eegChannels: 8, motionSamples: 3153, opticsSamples: 3881, opticsChannels: 16, batteryFirst: 80.22,
            batteryLast: 78.72),
        Expected(
            name: "test_battery_58_27", eegSamples: 2736, eegChannels: 4, motionSamples: 555, opticsSamples: 0, opticsChannels: 0,
            batteryFirst: 58.27, batteryLast: 58.23),
    ]

    @Test(arguments: captures) func countsMatchThePublicDecoder(_ expected: Expected) throws {
        let decoded = try AthenaCaptureDecode.swift(expected.name)
        #expect(decoded.eeg_channels == expected.eegChannels)
        #expect(decoded.eeg.count == expected.eegSamples * expected.eegChannels)
        #expect(decoded.accel.count == expected.motionSamples * 3 && decoded.gyro.count == expected.motionSamples * 3)
        #expect(decoded.optics_channels == expected.opticsChannels)
        #expect(decoded.optics.count == expected.opticsSamples * expected.opticsChannels)
        let first = Double(decoded.battery.first ?? 0) / 256, last = Double(decoded.battery.last ?? 0) / 256
        #expect(abs(first - expected.batteryFirst) < 0.006 && abs(last - expected.batteryLast) < 0.006)
        #expect(decoded.unknown_tags == 0 && decoded.bad_packets == 0)
    }

    @Test(arguments: captures) func swiftEqualsTheIndependentPythonDecoder(_ expected: Expected) throws {
        let swift = try AthenaCaptureDecode.swift(expected.name)
        let python = try AthenaCaptureDecode.python(expected.name)
        #expect(swift.eeg.count == python.eeg.count)
        if let index = swift.eeg.indices.first(where: { $0 < python.eeg.count && swift.eeg[$0] != python.eeg[$0] }) {
            Issue.record("EEG differs first at value \(index): \(swift.eeg[index]) vs \(python.eeg[index])")
        }
        #expect(swift == python)
    }

    /// EEG codes centre near mid-scale (the µV offset of 8192 is right) and gravity reads about 1 g.
    @Test func valuesArePlausible() throws {
        let decoded = try AthenaCaptureDecode.swift("data_p1041")
        let sorted = decoded.eeg.sorted()
        let median = sorted[sorted.count / 2]
        #expect((6000...11000).contains(median))
        #expect(decoded.eeg.allSatisfy { (0...16383).contains($0) })
        #expect(decoded.optics.allSatisfy { (0...0xFFFFF).contains($0) })
        var norms: [Double] = []
        for sample in stride(from: 0, to: decoded.accel.count, by: 3) {
            let g = decoded.accel[sample..<(sample + 3)].map { Double($0) * AthenaScale.accelerometerGPerCode }
            norms.append((g[0] * g[0] + g[1] * g[1] + g[2] * g[2]).squareRoot())
        }
        let meanNorm = norms.reduce(0, +) / Double(norms.count)
        #expect(abs(meanNorm - 1) < 0.15)
    }

    @Test func captureLinesCarryMicrosecondHostTimes() throws {
        let lines = try AthenaCaptureDecode.lines("data_p1041")
        #expect(lines.count == 2195)
        let first = try #require(lines.first)
        // 2025-09-25T08:24:09.879794+00:00
        #expect(abs(first.hostTime - 1_758_788_649.879794) < 1e-6)
        #expect(first.isAthenaData)
        #expect(zip(lines, lines.dropFirst()).allSatisfy { $0.hostTime <= $1.hostTime + 1 })
    }
}
