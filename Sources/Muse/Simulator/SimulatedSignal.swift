import Foundation

/// The deterministic signal of the simulated headband: per EEG channel a sine of its own frequency
/// around mid-scale (code 2048) plus seeded noise, and slow sines for IMU and PPG. Every value is a
/// pure function of the seed and the sample index, so a test can recompute each code that was sent.
///
/// Two conditions of a worn headband can be switched on for stretches of the signal: electrodes off
/// the skin (EEG codes railed at 0 and 4095, as real headbands deliver them) and head movement (a
/// strong 2 Hz sway on the accelerometer and gyroscope).
public struct SimulatedSignal: Sendable {
    /// The noise seed.
    public let seed: UInt64
    /// EEG sample indexes (256 Hz) during which the electrodes are off the skin.
    public let offHead: Range<Int64>?
    /// IMU sample indexes (52 Hz) during which the head moves strongly.
    public let motion: Range<Int64>?

    /// Sine frequencies (Hz) of TP9, AF7, AF8, TP10 and right AUX.
    public static let frequencies: [Double] = [10, 6, 20, 8, 3]
    /// Sine amplitude in codes (about 10 µV at 0.48828125 µV per code: resting EEG, which the quality
    /// module grades good, so a study's fitting step passes on the simulated headband).
    public static let amplitude: Double = 20
    /// Half-width of the uniform noise in codes.
    public static let noise: Double = 8

    /// A signal with `seed`, off the head during `offHead` and moving during `motion`.
    public init(seed: UInt64, offHead: Range<Int64>? = nil, motion: Range<Int64>? = nil) {
        self.seed = seed
        self.offHead = offHead
        self.motion = motion
    }

    /// Acceleration of the 2 Hz head sway while moving, in raw int16 units (about 0.5 g).
    public static let motionAmplitude: Double = 8000

    /// The 12-bit code of EEG `channel` (0 TP9 … 4 right AUX) at `sampleIndex` (256 Hz; block
    /// sequence × 12 + position in the packet).
    public func eegCode(channel: Int, sampleIndex: Int64) -> UInt16 {
        if let offHead, offHead.contains(sampleIndex) {
            // Unconnected electrodes rail: the amplifier sits at one end or the other of its range.
            return uniform(channel, sampleIndex) < 0.5 ? 0 : 4095
        }
        let f = Self.frequencies[((channel % 5) + 5) % 5]
        let t = Double(sampleIndex) / 256
        let value =
            2048 + Self.amplitude * sin(2 * Double.pi * f * t + Double(channel))
            + Self.noise * (2 * uniform(channel, sampleIndex) - 1)
        return UInt16(min(4095, max(0, value.rounded())))
    }

    /// Accelerometer sample `index` (52 Hz) in raw int16 units: about 1 g on z, small sway on x and y.
    public func accelerometer(index: Int64) -> (Int16, Int16, Int16) {
        let t = Double(index) / 52
        let sway = moving(index) ? Self.motionAmplitude * sin(2 * .pi * 2 * t) : 0
        return (Int16(800 * sin(2 * .pi * 0.2 * t) + sway), Int16(600 * cos(2 * .pi * 0.3 * t) + sway / 2), Int16(16000 + 200 * sin(2 * .pi * t)))
    }

    /// Gyroscope sample `index` (52 Hz) in raw int16 units.
    public func gyroscope(index: Int64) -> (Int16, Int16, Int16) {
        let t = Double(index) / 52
        let turn = moving(index) ? 4 * Self.motionAmplitude * cos(2 * .pi * 2 * t) / 2 : 0
        return (Int16(300 * sin(2 * .pi * 0.5 * t) + turn / 4), Int16(200 * sin(2 * .pi * 0.7 * t)), Int16(100 * cos(2 * .pi * 0.4 * t) + turn / 4))
    }

    /// Whether IMU sample `index` falls in the ``motion`` stretch.
    private func moving(_ index: Int64) -> Bool {
        motion?.contains(index) ?? false
    }

    /// PPG sample `index` (64 Hz) of PPG `channel` (0–2) in raw counts: a 1.2 Hz pulse.
    public func ppg(channel: Int, index: Int64) -> UInt32 {
        let t = Double(index) / 64
        return UInt32(max(0, 5_000_000 + Double(channel) * 500_000 + 40_000 * sin(2 * .pi * 1.2 * t)))
    }

    /// A uniform value in [0, 1) fixed by seed, channel and index (a SplitMix64 hash).
    private func uniform(_ channel: Int, _ index: Int64) -> Double {
        var z = seed &+ UInt64(bitPattern: index) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(channel + 1) &* 0xD1B5_4A32_D192_ED03
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Double(z >> 11) * 0x1.0p-53
    }
}
