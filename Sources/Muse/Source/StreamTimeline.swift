import DataSources

/// Where one Muse stream's packets go in sample indices and time: its lower-envelope clock fit and,
/// after a reconnect, a new segment placed where the elapsed time puts it (never before what was
/// delivered), so the time away stays missing indices. EEG and the other streams share it; they
/// differ only in how they number packets (EEG blocks by the assembler, the others by their own
/// counters).
///
/// **A packet's arrival is paired with its last sample.** The headband sends a packet once its last
/// sample was taken (EEG: the 12th, IMU: the 3rd, PPG: the 6th), so the earliest possible arrival is
/// that sample's moment plus the minimal transport latency, and the lower envelope of
/// `(last sample, arrival)` lies on the sampling moments. Pairing arrival with the first sample (as
/// this did before) put every sample `samplesPerPacket − 1` periods late (43 ms for EEG); muselsl
/// pairs the same way as here.
///
/// **No time lies ahead of its arrival.** An issued time is never later than the arrival of the
/// packet holding the sample (the moment it could first be written), so a headband whose clock runs
/// fast cannot push stored times into the future; the slew of ``SampleClockFit`` yields to that: when
/// a packet arrives earlier than the slewing times would put its samples (the first packet came
/// late), its samples share the time between the last issued one and its arrival.
struct StreamTimeline {
    let samplesPerPacket: Int
    private var fit: SampleClockFit
    private var segmentFirst: Int64?
    private var base: Int64 = 0
    /// The index after the last sample placed.
    private(set) var next: Int64 = 0

    /// A timeline for packets of `samplesPerPacket` samples at `rate` Hz of signal time, which runs
    /// `timeScale` times faster than the recording clock (a simulated headband at `--speed N`).
    init(samplesPerPacket: Int, rate: Double, timeScale: Double = 1) {
        self.samplesPerPacket = samplesPerPacket
        fit = SampleClockFit(nominalRate: rate)
        fit.minimumStep = 2e-6 * max(timeScale, 1)
    }

    /// The current line of the clock fit.
    var parameters: SampleClockParameters? { fit.parameters }

    /// Starts a new segment: the next packet's sequence is placed afresh.
    mutating func newSegment() { segmentFirst = nil }

    /// Adds the arrival of the packet with segment sequence `sequence` to the clock fit without placing
    /// it. A source that holds its first packets back (the Muse S Athena, while its streams are learned
    /// from the first second of data) primes the fit with all of them first, so the first times issued
    /// already lie on the lower envelope of their arrivals instead of being squeezed against a burst
    /// of arrivals that came later. Only before anything was placed; ignored after.
    mutating func observe(sequence: Int64, receivedAt: UInt64) {
        guard next == 0 else { return }
        if segmentFirst == nil {
            segmentFirst = sequence
            base = 0
        }
        let first = base + (sequence - (segmentFirst ?? sequence)) * Int64(samplesPerPacket)
        fit.add(sampleIndex: first + Int64(samplesPerPacket) - 1, receivedAt: receivedAt)
    }

    /// Places the packet with segment sequence `sequence` (consecutive packets differ by one) received
    /// at `receivedAt` (signal-time ns) and returns the times of its samples on the recording clock,
    /// with the index of its first sample; `nil` for a packet at or before what was placed already.
    mutating func place(sequence: Int64, receivedAt: UInt64, utc: (Double) -> Double) -> (first: Int64, times: [Double])? {
        let spp = Int64(samplesPerPacket)
        if segmentFirst == nil {
            segmentFirst = sequence
            var start = next
            if let p = fit.parameters, next > 0 {
                start = max(next, Int64(((Double(receivedAt) / 1e9 - p.offset) / p.secondsPerSample).rounded(.down)) - (spp - 1))
            }
            base = start
        }
        let first = base + (sequence - (segmentFirst ?? sequence)) * spp
        guard first >= next else { return nil }
        let last = first + spp - 1
        fit.add(sampleIndex: last, receivedAt: receivedAt)
        let arrival = Double(receivedAt) / 1e9
        // Held back by the arrival, the packet's samples share what lies between the last time issued
        // and the arrival evenly (at most the slew's spacing).
        var spacing = fit.minimumIssuedSpacing
        if let previous = fit.lastIssued, arrival > previous {
            spacing = min(spacing, (arrival - previous) / Double(spp))
        }
        var times: [Double] = []
        times.reserveCapacity(samplesPerPacket)
        for k in 0..<spp {
            let latest: Double = arrival - Double(spp - 1 - k) * spacing
            times.append(utc(fit.time(ofSample: first + k, notAfter: latest) ?? latest))
        }
        next = first + spp
        return (first, times)
    }
}
