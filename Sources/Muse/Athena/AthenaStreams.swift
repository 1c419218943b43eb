import DataSources

/// The Muse S Athena's data notifications turned into sample blocks: EEG (µV with raw codes),
/// accelerometer, gyroscope, optics and battery, each sensor numbered by its own block sequence and
/// timed on the recording clock (``AthenaSensorTimeline``).
///
/// Which streams exist is learned from the block tags, not from the preset: ``learn(_:)`` records the
/// layout seen in the first notifications, and ``descriptors`` describes it. Blocks of a layout other
/// than the one learned (an EEG block of 4 channels in an 8-channel recording) are discarded and
/// counted, as are undecodable parts of notifications (``AthenaNotification/problems``).
struct AthenaStreams {
    /// EEG channels seen (4 or 8; 0 until an EEG block arrived).
    private(set) var eegChannels = 0
    /// Optics channels seen (4, 8 or 16; 0 if none).
    private(set) var opticsChannels = 0
    /// Whether accelerometer/gyroscope blocks were seen.
    private(set) var hasMotion = false
    /// Corrupt or undecodable parts counted so far: framing problems, blocks of the wrong layout, and
    /// blocks whose number, device time and arrival disagree (``AthenaBlockCounter``).
    var corrupt: Int { undecodable + (eeg?.implausible ?? 0) + (optics?.implausible ?? 0) + motion.implausible }
    private var undecodable = 0
    /// Signal time runs this many times faster than the recording clock (a simulated headband at `--speed N`).
    private let timeScale: Double
    /// How late (signal-time ns) a previous block may have arrived before a step after it is implausible.
    private let slack: UInt64
    private var eeg: AthenaSensorTimeline?
    private var optics: AthenaSensorTimeline?
    private var motion: AthenaSensorTimeline
    private var batteryIndex: Int64 = 0
    /// How often each tag was seen by ``learn(_:)``.
    private var learnedTags: [AthenaTag: Int] = [:]

    /// Seconds of EEG that ``learn(_:)`` has seen in the layout learned (its blocks × samples per
    /// block ÷ 256 Hz): how much data the layout was learned from, whatever the arrival times (a host
    /// that stalled for a second and then read a burst has still seen only what the burst holds).
    var learnedEEGSeconds: Double {
        let samplesPerBlock = switch eegChannels {
        case 4: Double(learnedTags[.eeg4, default: 0] * 4)
        case 8: Double(learnedTags[.eeg8, default: 0] * 2)
        default: 0.0
        }
        return samplesPerBlock / AthenaScale.eegRate
    }

    /// Streams whose signal time runs `timeScale` times faster than the recording clock, with block
    /// steps bounded by the arrival time plus `slack` signal-time ns (default 0.5 s).
    init(timeScale: Double = 1, slack: UInt64 = 500_000_000) {
        self.timeScale = timeScale
        self.slack = slack
        motion = AthenaSensorTimeline(
            samplesPerBlock: AthenaMotionSamples.sampleCount, rate: AthenaScale.motionRate, timeScale: timeScale, slack: slack)
    }

    /// A timeline for a sensor of `samplesPerBlock` samples at `rate` Hz, with this stream's time scale and slack.
    private func timeline(_ samplesPerBlock: Int, _ rate: Double) -> AthenaSensorTimeline {
        AthenaSensorTimeline(samplesPerBlock: samplesPerBlock, rate: rate, timeScale: timeScale, slack: slack)
    }

    /// What one notification yielded.
    struct Output {
        var blocks: [SampleBlock] = []
        var battery: [Double] = []
    }

    /// Notes the layout `payload` shows (before the streams are announced). The layout is the EEG and
    /// optics tags seen most often so far, so a garbled notification among the first (random bytes
    /// that happen to frame as a block of another layout) cannot decide it.
    mutating func learn(_ payload: [UInt8]) {
        for (_, block) in AthenaNotification(payload: payload).blocks {
            learnedTags[block.tag, default: 0] += 1
            if block.tag == .motion { hasMotion = true }
        }
        func mostSeen(_ layouts: [(AthenaTag, Int)]) -> Int {
            let counted = layouts.map { (count: learnedTags[$0.0, default: 0], channels: $0.1) }.filter { $0.count > 0 }
            return counted.max { $0.count < $1.count }?.channels ?? 0
        }
        eegChannels = mostSeen([(.eeg4, 4), (.eeg8, 8)])
        opticsChannels = mostSeen([(.optics4, 4), (.optics8, 8), (.optics16, 16)])
    }

    /// A new segment after a reconnect.
    mutating func newSegment() {
        eeg?.newSegment()
        optics?.newSegment()
        motion.newSegment()
    }

    /// The EEG timeline's clock fit.
    var eegClock: SampleClockParameters? { eeg?.parameters }

    /// Blocks refused as duplicate or late, over all sensors.
    var refusedBlocks: Int { (eeg?.refused ?? 0) + (optics?.refused ?? 0) + motion.refused }

    /// Primes the sensors' clock fits with a notification held back while the streams were learned;
    /// it is decoded with ``receive(_:receivedAt:utc:)`` afterwards.
    mutating func prime(_ payload: [UInt8], receivedAt: UInt64) {
        for (header, block, arrival) in Self.blocks(of: AthenaNotification(payload: payload), receivedAt: receivedAt) {
            guard let samples = try? AthenaSamples(block: block) else { continue }
            switch samples {
            case .eeg(let e) where e.channelCount == eegChannels:
                if eeg == nil { eeg = timeline(e.sampleCount, AthenaScale.eegRate) }
                eeg?.observe(sequence: block.sequence, deviceTime: header.deviceTime, receivedAt: arrival)
            case .optics(let o) where o.channelCount == opticsChannels:
                if optics == nil { optics = timeline(o.sampleCount, AthenaScale.opticsRate) }
                optics?.observe(sequence: block.sequence, deviceTime: header.deviceTime, receivedAt: arrival)
            case .motion:
                motion.observe(sequence: block.sequence, deviceTime: header.deviceTime, receivedAt: arrival)
            default:
                continue
            }
        }
    }

    /// The blocks of `notification` with the arrival each is paired with: a notification's arrival
    /// goes with the last sample of each sensor in it, and a block with k more blocks of its sensor
    /// after it was complete k block durations earlier (the device samples at its nominal rate), so
    /// its samples are never timed after their successors'.
    private static func blocks(
        of notification: AthenaNotification, receivedAt: UInt64
    ) -> [(header: AthenaPacketHeader, block: AthenaBlock, arrival: UInt64)] {
        let blocks = notification.blocks
        var following = [Int](repeating: 0, count: blocks.count)
        var seen: [UInt8: Int] = [:]
        for j in blocks.indices.reversed() {
            let key = sensorKey(blocks[j].block.tag)
            following[j] = seen[key, default: 0]
            seen[key, default: 0] += 1
        }
        return blocks.enumerated().map { j, item in
            (item.header, item.block, receivedAt &- UInt64(Double(following[j]) * blockSeconds(item.block.tag) * 1e9))
        }
    }

    /// Decodes one notification received at `receivedAt` (signal-time ns).
    mutating func receive(_ payload: [UInt8], receivedAt arrival: UInt64, utc: (Double) -> Double) -> Output {
        let notification = AthenaNotification(payload: payload)
        undecodable += notification.problems.count
        var out = Output()
        for (header, block, receivedAt) in Self.blocks(of: notification, receivedAt: arrival) {
            guard let samples = try? AthenaSamples(block: block) else {
                undecodable += 1
                continue
            }
            switch samples {
            case .eeg(let e):
                guard e.channelCount == eegChannels else {
                    undecodable += 1
                    continue
                }
                if eeg == nil { eeg = timeline(e.sampleCount, AthenaScale.eegRate) }
                guard let placed = eeg?.place(sequence: block.sequence, deviceTime: header.deviceTime, receivedAt: receivedAt, utc: utc) else {
                    continue
                }
                out.blocks.append(
                    SampleBlock(
                        stream: "eeg", firstIndex: placed.first, channelCount: e.channelCount, values: e.codes.map(AthenaEEGSamples.microvolts),
                        times: placed.times, raw: e.codes))
            case .motion(let m):
                guard hasMotion,
                    let placed = motion.place(sequence: block.sequence, deviceTime: header.deviceTime, receivedAt: receivedAt, utc: utc)
                else { continue }
                out.blocks.append(
                    SampleBlock(
                        stream: "accelerometer", firstIndex: placed.first, channelCount: 3,
                        values: m.accelerometer.map { Double($0) * AthenaScale.accelerometerGPerCode }, times: placed.times))
                out.blocks.append(
                    SampleBlock(
                        stream: "gyroscope", firstIndex: placed.first, channelCount: 3,
                        values: m.gyroscope.map { Double($0) * AthenaScale.gyroscopeDegreesPerSecondPerCode }, times: placed.times))
            case .optics(let o):
                guard o.channelCount == opticsChannels else {
                    undecodable += 1
                    continue
                }
                if optics == nil { optics = timeline(o.sampleCount, AthenaScale.opticsRate) }
                guard let placed = optics?.place(sequence: block.sequence, deviceTime: header.deviceTime, receivedAt: receivedAt, utc: utc)
                else { continue }
                out.blocks.append(
                    SampleBlock(
                        stream: "optics", firstIndex: placed.first, channelCount: o.channelCount, values: o.codes.map(Double.init),
                        times: placed.times))
            case .battery(let b):
                // A charge beyond full (the shared captures reach 100.5 %) is a garbled block, not a reading.
                guard (0...Self.maximumBatteryPercent).contains(b.percent) else {
                    undecodable += 1
                    continue
                }
                out.battery.append(b.percent)
                out.blocks.append(
                    SampleBlock(
                        stream: "battery", firstIndex: batteryIndex, channelCount: 1, values: [b.percent], times: [utc(Double(arrival) / 1e9)]))
                batteryIndex += 1
            case .opaque:
                continue
            }
        }
        return out
    }

    /// The highest battery charge taken as a reading (percent).
    static let maximumBatteryPercent = 105.0

    /// Blocks of the same sensor share a key (EEG 0x11/0x12, optics 0x34/0x35/0x36).
    private static func sensorKey(_ tag: AthenaTag) -> UInt8 {
        switch tag {
        case .eeg4, .eeg8: 0x11
        case .optics4, .optics8, .optics16: 0x34
        default: tag.rawValue
        }
    }

    /// The signal seconds one block of `tag` spans (0 for blocks that are not sampled series).
    private static func blockSeconds(_ tag: AthenaTag) -> Double {
        switch tag {
        case .eeg4: 4 / AthenaScale.eegRate
        case .eeg8: 2 / AthenaScale.eegRate
        case .optics4: 3 / AthenaScale.opticsRate
        case .optics8: 2 / AthenaScale.opticsRate
        case .optics16: 1 / AthenaScale.opticsRate
        case .motion: Double(AthenaMotionSamples.sampleCount) / AthenaScale.motionRate
        default: 0
        }
    }

    /// The streams learned so far, EEG first.
    var descriptors: [StreamDescriptor] {
        let channels = max(eegChannels, 4)
        var streams = [
            StreamDescriptor(
                name: "eeg", kind: .eeg, channelLabels: AthenaChannels.eeg(count: channels), unit: "uV", samplingRate: AthenaScale.eegRate,
                rawCoding: .init(
                    bits: 14, scale: AthenaScale.eegMicrovoltsPerCode, offset: -Double(AthenaScale.eegZeroCode) * AthenaScale.eegMicrovoltsPerCode),
                physicalRange: (-8192 * AthenaScale.eegMicrovoltsPerCode)...(8191 * AthenaScale.eegMicrovoltsPerCode)),
            StreamDescriptor(
                name: "accelerometer", kind: .accelerometer, channelLabels: ["x", "y", "z"], unit: "g", samplingRate: AthenaScale.motionRate),
            StreamDescriptor(
                name: "gyroscope", kind: .gyroscope, channelLabels: ["x", "y", "z"], unit: "deg/s", samplingRate: AthenaScale.motionRate),
            StreamDescriptor(name: "battery", kind: .telemetry, channelLabels: ["battery"], unit: "%", samplingRate: 0),
        ]
        if opticsChannels > 0 {
            streams.append(
                StreamDescriptor(
                    name: "optics", kind: .ppg, channelLabels: AthenaChannels.optics(count: opticsChannels).map(\.label), unit: "counts",
                    samplingRate: AthenaScale.opticsRate))
        }
        return streams
    }
}
