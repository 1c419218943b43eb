import Foundation

/// The deterministic signal of the simulated headband: resting EEG as a head gives it, and slow
/// sines for IMU and PPG. Every value is a pure function of the seed and the sample index, so a test
/// can recompute each code that was sent.
///
/// Each EEG channel carries, around mid-scale (code 2048):
/// - a **1/f background**: seeded noise whose power falls as 1/f from 0.5 Hz to the Nyquist
///   frequency, about 7 µV SD, as in resting-state recordings: ten octave layers, layer *k* a
///   straight line through a seeded value every 2^k samples (the Voss–McCartney construction with
///   interpolation, so each layer's spectrum is a smooth low-pass and their sum has no lines and no
///   comb), its own per channel;
/// - **alpha** near 10 Hz, strongest at the temporal-posterior sites (TP9, TP10) and weak at the
///   frontal ones (AF7, AF8), and 2.5 times stronger while the eyes are closed (``eyesClosed``
///   stretches): an oscillation whose phase wanders (a seeded smooth curve of ±π, new every 0.5 s)
///   so its peak is about 2 Hz wide, with an amplitude that varies by ±5 % (new every 4 s), so its
///   band power is steady from window to window rather than beating against the background;
/// - **blinks** on the frontal channels AF7 and AF8 (about 60 µV, 250 ms, every 5–9 s) while the
///   eyes are open;
/// - a little seeded white noise (amplifier noise).
/// The classic and the Athena simulated headbands both send this signal (``eegCode(channel:sampleIndex:)``,
/// ``athenaEEGCode(channel:sampleIndex:)``), in their own codes.
/// The whole stays within the quality module's "good" amplitude (1–40 Hz SD ≤ 18 µV) outside blinks.
///
/// Two conditions of a worn headband can be switched on for stretches of the signal: electrodes off
/// the skin (EEG codes railed at 0 and 4095, as real headbands deliver them) and head movement (a
/// strong 2 Hz sway on the accelerometer and gyroscope).
package struct SimulatedSignal: Sendable {
    /// The noise seed.
    package let seed: UInt64
    /// EEG sample indexes (256 Hz) during which the electrodes are off the skin.
    package let offHead: Range<Int64>?
    /// IMU sample indexes (52 Hz) during which the head moves strongly.
    package let motion: Range<Int64>?
    /// EEG sample indexes (256 Hz) during which the eyes are closed (more alpha, no blinks).
    package let eyesClosed: [Range<Int64>]

    /// Microvolts per code of the Muse's 12-bit EEG.
    static let microvoltsPerCode = 0.48828125
    /// Alpha amplitude (µV) with the eyes open, per channel (TP9, AF7, AF8, TP10, right AUX).
    package static let alphaAmplitude: [Double] = [6, 3, 3, 6, 2]
    /// How much stronger alpha is with the eyes closed.
    package static let eyesClosedAlphaGain = 2.5
    /// Peak of a blink on AF7/AF8 in µV.
    package static let blinkAmplitude = 60.0
    /// Half-width of the uniform amplifier noise in codes.
    package static let noise: Double = 3
    /// Octave layers of the 1/f background: layer *k* moves through a new value every 2^k samples,
    /// so the slowest (k = 9, 2 s) sets the 0.5 Hz below which the background is flat.
    static let backgroundLayers = 10
    /// Scale (µV) of each background layer's values (uniform in ±this).
    static let backgroundAmplitude = 4.9
    /// Samples between the seeded values of alpha's phase (0.5 s) and amplitude (4 s) curves.
    static let alphaPhaseStep: Int64 = 128
    static let alphaAmplitudeStep: Int64 = 1024

    /// A signal with `seed`, off the head during `offHead`, moving during `motion`, eyes closed
    /// during `eyesClosed`.
    package init(seed: UInt64, offHead: Range<Int64>? = nil, motion: Range<Int64>? = nil, eyesClosed: [Range<Int64>] = []) {
        self.seed = seed
        self.offHead = offHead
        self.motion = motion
        self.eyesClosed = eyesClosed
    }

    /// The 12-bit code of EEG `channel` (0 TP9 … 4 right AUX) at `sampleIndex` (256 Hz; block
    /// sequence × 12 + position in the packet).
    package func eegCode(channel: Int, sampleIndex: Int64) -> UInt16 {
        if let offHead, offHead.contains(sampleIndex) {
            // Unconnected electrodes rail: the amplifier sits at one end or the other of its range.
            return uniform(channel, sampleIndex) < 0.5 ? 0 : 4095
        }
        let value =
            2048 + microvolts(channel: channel, sampleIndex: sampleIndex) / Self.microvoltsPerCode
            + Self.noise * (2 * uniform(channel, sampleIndex) - 1)
        return UInt16(min(4095, max(0, value.rounded())))
    }

    /// The 14-bit code a Muse S Athena sends for EEG `channel` (0 TP9, 1 AF7, 2 AF8, 3 TP10, 4–7 the
    /// extra channels, which repeat the right AUX, TP9, AF7 and AF8 signals with their own noise) at
    /// `sampleIndex` (256 Hz): the same µV as ``eegCode(channel:sampleIndex:)`` and amplifier noise,
    /// in the Athena's codes around mid-scale 8192 (``AthenaScale/eegMicrovoltsPerCode``).
    package func athenaEEGCode(channel: Int, sampleIndex: Int64) -> UInt16 {
        let maximum = 16383.0
        if let offHead, offHead.contains(sampleIndex) {
            return uniform(channel, sampleIndex) < 0.5 ? 0 : UInt16(maximum)
        }
        let perCode = AthenaScale.eegMicrovoltsPerCode
        let value =
            Double(AthenaScale.eegZeroCode) + microvolts(channel: channel, sampleIndex: sampleIndex) / perCode
            + Self.noise * Self.microvoltsPerCode / perCode * (2 * uniform(channel, sampleIndex) - 1)
        return UInt16(min(maximum, max(0, value.rounded())))
    }

    /// Whether the eyes are closed at EEG sample `index`.
    package func eyesAreClosed(at index: Int64) -> Bool { eyesClosed.contains { $0.contains(index) } }

    /// The physiological part of channel `channel` at `sampleIndex`, in µV (no noise, no offset).
    func microvolts(channel: Int, sampleIndex: Int64) -> Double {
        let c = ((channel % 5) + 5) % 5
        let t = Double(sampleIndex) / 256
        var v = 0.0
        for k in 0..<Self.backgroundLayers {
            v += layer(32 + c, key: k, sampleIndex, step: Int64(1) << Int64(k), smooth: false)
        }
        v *= Self.backgroundAmplitude
        let closed = eyesAreClosed(at: sampleIndex)
        let wander = Double.pi * layer(48 + c, key: 0, sampleIndex, step: Self.alphaPhaseStep, smooth: true)
        let amplitude = 1 + 0.05 * layer(48 + c, key: 1, sampleIndex, step: Self.alphaAmplitudeStep, smooth: true)
        let alphaFrequency = 9.6 + 0.8 * unit(c, 101)
        v += Self.alphaAmplitude[c] * (closed ? Self.eyesClosedAlphaGain : 1) * amplitude
            * sin(2 * .pi * alphaFrequency * t + phase(c, 102) + wander)
        if c == 1 || c == 2, !closed { v += blink(at: sampleIndex) }
        return v
    }

    /// A seeded curve in [−1, 1) at `sampleIndex`: values drawn from seed, `stream` and `key` every
    /// `step` samples, joined by straight lines (`smooth`: by half cosines). A pure function of
    /// the index, so any sample can be recomputed on its own.
    private func layer(_ stream: Int, key: Int, _ sampleIndex: Int64, step: Int64, smooth: Bool) -> Double {
        let m = sampleIndex >= 0 ? sampleIndex / step : (sampleIndex - step + 1) / step
        var f = Double(sampleIndex - m * step) / Double(step)
        if smooth { f = (1 - cos(.pi * f)) / 2 }
        let a = 2 * uniform(stream, m &* 64 &+ Int64(key)) - 1
        guard f > 0 else { return a }
        let b = 2 * uniform(stream, (m &+ 1) &* 64 &+ Int64(key)) - 1
        return (1 - f) * a + f * b
    }

    /// The blink potential at `sampleIndex`: one 250 ms half-sine per 7 s slot, at a seeded place
    /// that keeps blinks 5–9 s apart.
    func blink(at sampleIndex: Int64) -> Double {
        let slot = 7 * 256, width = 64
        let k = sampleIndex >= 0 ? sampleIndex / Int64(slot) : (sampleIndex - Int64(slot) + 1) / Int64(slot)
        let start = k * Int64(slot) + Int64(unit(7, Int(truncatingIfNeeded: k)) * Double(2 * 256))
        let offset = sampleIndex - start
        guard offset >= 0, offset < Int64(width) else { return 0 }
        return Self.blinkAmplitude * sin(.pi * Double(offset) / Double(width))
    }

    /// A phase in [0, 2π) fixed by seed, channel and component.
    private func phase(_ channel: Int, _ component: Int) -> Double { 2 * .pi * unit(channel, component) }

    /// A value in [0, 1) fixed by seed, channel and `key`.
    private func unit(_ channel: Int, _ key: Int) -> Double {
        uniform(channel + 16, Int64(key) &- 0x4000_0000)
    }

    /// Acceleration of the 2 Hz head sway while moving, in raw int16 units (about 0.5 g).
    package static let motionAmplitude: Double = 8000

    /// Accelerometer sample `index` (52 Hz) in raw int16 units: about 1 g on z, small sway on x and y.
    package func accelerometer(index: Int64) -> (Int16, Int16, Int16) {
        let t = Double(index) / 52
        let sway = moving(index) ? Self.motionAmplitude * sin(2 * .pi * 2 * t) : 0
        return (Int16(800 * sin(2 * .pi * 0.2 * t) + sway), Int16(600 * cos(2 * .pi * 0.3 * t) + sway / 2), Int16(16000 + 200 * sin(2 * .pi * t)))
    }

    /// Gyroscope sample `index` (52 Hz) in raw int16 units.
    package func gyroscope(index: Int64) -> (Int16, Int16, Int16) {
        let t = Double(index) / 52
        let turn = moving(index) ? 4 * Self.motionAmplitude * cos(2 * .pi * 2 * t) / 2 : 0
        return (Int16(300 * sin(2 * .pi * 0.5 * t) + turn / 4), Int16(200 * sin(2 * .pi * 0.7 * t)), Int16(100 * cos(2 * .pi * 0.4 * t) + turn / 4))
    }

    /// Whether IMU sample `index` falls in the ``motion`` stretch.
    private func moving(_ index: Int64) -> Bool {
        motion?.contains(index) ?? false
    }

    /// PPG sample `index` (64 Hz) of PPG `channel` (0–2) in raw counts: a 1.2 Hz pulse.
    package func ppg(channel: Int, index: Int64) -> UInt32 {
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
