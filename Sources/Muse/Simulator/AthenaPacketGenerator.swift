import Foundation

/// Builds the notifications a Muse S Athena streams for a preset, in the packet format of the
/// protocol facts (docs/muse.md, "Athena"): one packet per notification, each covering 4 EEG samples
/// (15.625 ms): the EEG block(s), then the accelerometer/gyroscope, optics and battery blocks whose
/// last sample falls in that span. Every sensor numbers its blocks; the header carries the packet
/// sequence and the device time (256 kHz) of the packet's first EEG sample, starting 5 s before the
/// 32-bit wrap so every run crosses it.
///
/// The values are deterministic functions of the sample index (``eegCode(channel:sample:)`` etc.), so a
/// test can check every stored sample. The EEG is the simulated head of ``SimulatedSignal`` (1/f
/// background, alpha, blinks, eyes closed) in the Athena's 14-bit codes, so the signal-quality checks
/// of a study pass on it as on the classic simulated headband's.
struct AthenaPacketGenerator {
    let eegChannels: Int
    let opticsChannels: Int
    let batteryCount: UInt16
    /// The signal the EEG carries.
    let signal: SimulatedSignal
    /// The device time of EEG sample 0.
    static let firstDeviceTime: UInt32 = UInt32.max - 5 * 256_000

    private var packet = 0
    private var motionBlock = 0
    private var opticsBlock = 0
    private var batteryBlock = 0
    private var blockSequence: [UInt8: UInt8] = [:]

    /// A generator for `eegChannels` (4 or 8) and `opticsChannels` (0, 4, 8 or 16) whose EEG carries
    /// `signal`, reporting `batteryPercent`.
    init(eegChannels: Int, opticsChannels: Int, batteryPercent: Double, signal: SimulatedSignal = SimulatedSignal(seed: 1)) {
        self.eegChannels = eegChannels == 8 ? 8 : 4
        self.opticsChannels = [4, 8, 16].contains(opticsChannels) ? opticsChannels : 0
        batteryCount = UInt16(max(0, min(255, batteryPercent)) * 256)
        self.signal = signal
    }

    /// The EEG code of `channel` at `sample` (``SimulatedSignal/athenaEEGCode(channel:sampleIndex:)``).
    func eegCode(channel: Int, sample: Int64) -> UInt16 {
        signal.athenaEEGCode(channel: channel, sampleIndex: sample)
    }

    /// The accelerometer (axis 0–2) or gyroscope (axis 3–5) code at motion sample `sample`.
    static func motionCode(axis: Int, sample: Int64) -> Int16 {
        axis == 2 ? 16384 : Int16(truncatingIfNeeded: (sample * Int64(axis + 1)) % 200 - 100)
    }

    /// The optics code of `channel` at optics sample `sample`.
    static func opticsCode(channel: Int, sample: Int64) -> UInt32 {
        UInt32(100_000 + channel * 5_000 + Int(sample % 64) * 10)
    }

    /// Seconds after the start at which the next notification is complete, and its bytes.
    mutating func next() -> (due: Double, payload: [UInt8]) {
        let firstSample = Int64(packet) * 4
        let end = Double(firstSample + 4) / 256
        var body: [[UInt8]] = []
        var tags: [UInt8] = []
        let eegBlocks = eegChannels == 8 ? 2 : 1
        for b in 0..<eegBlocks {
            let first = firstSample + Int64(b * (eegChannels == 8 ? 2 : 4))
            let samples = 16 / eegChannels
            var codes: [UInt32] = []
            for s in 0..<samples { for c in 0..<eegChannels { codes.append(UInt32(eegCode(channel: c, sample: first + Int64(s)))) } }
            tags.append(eegChannels == 8 ? 0x12 : 0x11)
            body.append(Self.pack(codes, width: 14))
        }
        while Double(motionBlock * 3 + 3) / 52 <= end {
            var data: [UInt8] = []
            for s in 0..<3 {
                for axis in 0..<6 {
                    let v = UInt16(bitPattern: Self.motionCode(axis: axis, sample: Int64(motionBlock * 3 + s)))
                    data += [UInt8(v & 0xFF), UInt8(v >> 8)]
                }
            }
            tags.append(0x47)
            body.append(data)
            motionBlock += 1
        }
        if opticsChannels > 0 {
            let perBlock = opticsChannels == 4 ? 3 : opticsChannels == 8 ? 2 : 1
            while Double(opticsBlock * perBlock + perBlock) / 64 <= end {
                var codes: [UInt32] = []
                for s in 0..<perBlock {
                    for c in 0..<opticsChannels { codes.append(Self.opticsCode(channel: c, sample: Int64(opticsBlock * perBlock + s))) }
                }
                var data = Self.pack(codes, width: 20)
                data += [UInt8](repeating: 0, count: max(0, (opticsChannels == 4 ? 30 : 40) - data.count))
                tags.append(opticsChannels == 4 ? 0x34 : opticsChannels == 8 ? 0x35 : 0x36)
                body.append(data)
                opticsBlock += 1
            }
        }
        if Double(batteryBlock) <= end - 4.0 / 256 {
            tags.append(0x98)
            body.append([UInt8(batteryCount & 0xFF), UInt8(batteryCount >> 8)] + [UInt8](repeating: 0, count: 18))
            batteryBlock += 1
        }
        var bytes: [UInt8] = []
        for (i, tag) in tags.enumerated() {
            let sequence = blockSequence[tag, default: 0]
            blockSequence[tag] = sequence &+ 1
            if i == 0 {
                let time = Self.firstDeviceTime &+ UInt32(truncatingIfNeeded: firstSample * 1000)
                bytes = [0, UInt8(truncatingIfNeeded: packet)] + [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: time >> UInt32($0)) }
                bytes += [0, 0, 0, tag, sequence, 0, 0, 0]
            } else {
                bytes += [tag, sequence, 0, 0, 0]
            }
            bytes += body[i]
        }
        bytes[0] = UInt8(truncatingIfNeeded: bytes.count)
        packet += 1
        return (end, bytes)
    }

    /// Packs `values` of `width` bits little-endian bit-first (the inverse of ``PackedBits``).
    static func pack(_ values: [UInt32], width: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var accumulator: UInt64 = 0
        var bits = 0
        for value in values {
            accumulator |= UInt64(value & UInt32((1 << UInt64(width)) - 1)) << UInt64(bits)
            bits += width
            while bits >= 8 {
                bytes.append(UInt8(accumulator & 0xFF))
                accumulator >>= 8
                bits -= 8
            }
        }
        if bits > 0 { bytes.append(UInt8(accumulator & 0xFF)) }
        return bytes
    }
}
