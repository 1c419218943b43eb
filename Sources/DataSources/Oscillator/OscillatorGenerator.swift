/// The deterministic signal behind ``OscillatorSource``: sample *n* depends only on the configuration
/// and *n*'s predecessors, never on timing, so a test can regenerate exactly what a recording holds.
package struct OscillatorGenerator: Sendable {
    /// The configuration the signal follows.
    package let configuration: OscillatorConfiguration
    /// Time of sample 0 in seconds since the Unix epoch.
    package let startTime: Double
    /// Recording-clock seconds per second of signal: 1, or `1/N` for a source paced at `--speed N`,
    /// whose sample *n* is due (and stamped) at `startTime + n / samplingRate / N`.
    package let timeScale: Double

    private var rng: SplitMix64
    private var index: Int64 = 0
    private let channelCount: Int
    private let frontal: [Bool]
    // mynd autopilot
    private var amplitude = 300.0
    private var ascending = true
    // realistic mode state
    private var pink: [PinkFilter]
    private var alphaFrequency: [Double]
    private var alphaPhase: [Double]
    private var linePhase: [Double]
    private var nextBlink: Int64 = 0
    private var blinkCentre: Int64 = -1_000_000
    private var nextMotion: Int64 = 0
    private var motionStart: Int64 = -1_000_000
    private var motionAmplitude: [Double]
    private var nextDropout: Int64 = 0
    private var dropoutEnd: Int64 = -1

    /// Creates the generator; `startTime` defaults to the configuration's or 0, `timeScale` to 1.
    package init(configuration: OscillatorConfiguration, startTime: Double? = nil, timeScale: Double = 1) {
        self.configuration = configuration
        self.startTime = startTime ?? configuration.startTime ?? 0
        self.timeScale = timeScale
        channelCount = configuration.channelNames.count
        let front = Set(configuration.descriptor.electrodeGroups["front"] ?? [])
        frontal = configuration.channelNames.map { front.contains($0) }
        var rng = SplitMix64(seed: configuration.seed)
        pink = (0..<channelCount).map { _ in PinkFilter() }
        alphaFrequency = (0..<channelCount).map { _ in 9.5 + rng.uniform() }
        alphaPhase = (0..<channelCount).map { _ in 2 * Double.pi * rng.uniform() }
        linePhase = (0..<channelCount).map { _ in 2 * Double.pi * rng.uniform() }
        motionAmplitude = Array(repeating: 0, count: channelCount)
        self.rng = rng
        let fs = configuration.samplingRate
        nextBlink = Self.exponentialGap(perMinute: configuration.blinksPerMinute, fs: fs, rng: &self.rng)
        nextMotion = Self.exponentialGap(perMinute: configuration.motionsPerMinute, fs: fs, rng: &self.rng)
        nextDropout = Self.exponentialGap(perMinute: configuration.dropoutsPerMinute, fs: fs, rng: &self.rng)
    }

    /// The index the next generated sample will have.
    package var nextIndex: Int64 { index }

    /// Generates the next `count` samples as blocks of the `eeg` stream. Samples that fall into a
    /// simulated dropout are computed but not returned, so a dropout splits the samples into several
    /// blocks and the indices jump between them.
    package mutating func next(_ count: Int) -> [SampleBlock] {
        var blocks: [SampleBlock] = []
        var current = SampleBlock(firstIndex: index, channelCount: channelCount, values: [], times: [])
        current.values.reserveCapacity(count * channelCount)
        current.times.reserveCapacity(count)
        var values = [Double](repeating: 0, count: channelCount)
        let fs = configuration.samplingRate
        for _ in 0..<count {
            let n = index
            let t = Double(n) / fs
            switch configuration.mode {
            case .mynd: myndSample(n: n, t: t, into: &values)
            case .realistic: realisticSample(n: n, t: t, into: &values)
            }
            index += 1
            if configuration.dropoutsPerMinute > 0 {
                if n == nextDropout {
                    let length = Int64((0.05 + 0.45 * rng.uniform()) * fs)
                    dropoutEnd = n + max(1, length)
                    nextDropout = dropoutEnd + Self.exponentialGap(perMinute: configuration.dropoutsPerMinute, fs: fs, rng: &rng)
                }
                if n < dropoutEnd { continue }
            }
            if current.endIndex != n {
                if !current.isEmpty { blocks.append(current) }
                current = SampleBlock(firstIndex: n, channelCount: channelCount, values: [], times: [])
            }
            current.values.append(contentsOf: values)
            current.times.append(startTime + t * timeScale)
        }
        if !current.isEmpty { blocks.append(current) }
        return blocks
    }

    private mutating func myndSample(n: Int64, t: Double, into values: inout [Double]) {
        let half = Int64((configuration.samplingRate / 2).rounded())
        if n > 0 && half > 0 && n % half == 0 {
            amplitude += ascending ? 3 : -10
            if amplitude >= 100 { ascending = false }
            if amplitude <= 1 { ascending = true }
        }
        for c in 0..<values.count {
            values[c] = amplitude * _sin(2 * Double.pi * 10 * Double(c + 1) * t)
        }
    }

    private mutating func realisticSample(n: Int64, t: Double, into values: inout [Double]) {
        let fs = configuration.samplingRate
        if n == nextBlink {
            blinkCentre = n + Int64(0.15 * fs)
            nextBlink = n + max(1, Self.exponentialGap(perMinute: configuration.blinksPerMinute, fs: fs, rng: &rng))
        }
        if n == nextMotion {
            motionStart = n
            for c in 0..<channelCount { motionAmplitude[c] = (rng.uniform() - 0.5) * 400 }
            nextMotion = n + max(1, Self.exponentialGap(perMinute: configuration.motionsPerMinute, fs: fs, rng: &rng))
        }
        // Slow envelope: alpha waxes and wanes with a period of about 20 s.
        let envelope = 0.5 + 0.5 * _sin(2 * Double.pi * 0.05 * t)
        let blinkDt = Double(n - blinkCentre) / fs
        let blink = abs(blinkDt) < 0.5 ? 150 * _exp(-(blinkDt * blinkDt) / (2 * 0.06 * 0.06)) : 0
        let motionDt = Double(n - motionStart) / fs
        let motion = motionDt >= 0 && motionDt < 0.6 ? _sin(Double.pi * motionDt / 0.6) : 0
        for c in 0..<channelCount {
            let frontal = self.frontal[c]
            let background = 12 * pink[c].next(rng.gaussian())
            let alphaGain = frontal ? 4.0 : 10.0
            let alpha = alphaGain * envelope * _sin(2 * Double.pi * alphaFrequency[c] * t + alphaPhase[c])
            let hum = configuration.lineNoiseAmplitude * _sin(2 * Double.pi * configuration.lineFrequency * t + linePhase[c])
            let eye = frontal ? blink : 0.1 * blink
            values[c] = background + alpha + hum + eye + motion * motionAmplitude[c]
        }
    }

    private static func exponentialGap(perMinute: Double, fs: Double, rng: inout SplitMix64) -> Int64 {
        guard perMinute > 0 else { return Int64.max / 2 }
        let seconds = -_log(max(rng.uniform(), 1e-12)) * 60 / perMinute
        return Int64(seconds * fs) + 1
    }
}

/// Paul Kellet's economy filter turning white noise into 1/f ("pink") noise.
private struct PinkFilter: Sendable {
    var b0 = 0.0, b1 = 0.0, b2 = 0.0

    mutating func next(_ white: Double) -> Double {
        b0 = 0.99765 * b0 + white * 0.0990460
        b1 = 0.96300 * b1 + white * 0.2965164
        b2 = 0.57000 * b2 + white * 1.0526913
        return (b0 + b1 + b2 + white * 0.1848) * 0.25
    }
}
