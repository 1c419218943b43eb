/// Maps EEG sample indices to host monotonic time, `t(i) = a + b·i`, fitted online on the lower
/// envelope of packet arrivals.
///
/// **Why the lower envelope.** A block's packets can never arrive before the block was sampled, and
/// BLE delays them by a one-sided, variable amount: the wait for the next connection event (7.5–30 ms)
/// plus occasional stalls of tens to hundreds of ms. Averaging arrivals (least squares) therefore
/// biases the times late by the mean latency and lets a burst of late packets tilt the slope. The
/// arrivals that were delayed least lie on the lower envelope; a line through them sits at the true
/// sampling moment plus the minimal latency, which is constant. (muse-js instead fixes the offset at
/// the first packet, inheriting its latency, and never corrects the rate; BrainFlow spreads samples
/// between consecutive arrivals, passing all jitter into the timestamps; muselsl refits only the
/// slope, by least squares on arrivals.)
///
/// **Method: a lower-hull line over a sliding window of per-bucket minima.**
/// 1. Each point is `(sample index of a block's last sample, earliest receive time of the block)`: a
///    packet leaves the headband once its last sample was taken, so that pairing has the constant
///    minimal latency (pairing the first sample adds `samplesPerPacket − 1` periods to every time).
///    Points are grouped into buckets of ``bucketSamples`` samples (default 256, one second); a bucket
///    keeps only its point of smallest residual against the nominal rate. That keeps the envelope,
///    discards the late points, and bounds the work and memory (one point per second).
/// 2. Buckets older than ``windowSamples`` (default five minutes) before the newest are dropped, so
///    the fit follows slow drift of the headband's clock (temperature) and memory stays bounded.
/// 3. The line is the one lying below every point that minimises the summed vertical distance to
///    them (a linear programme; Moon, Skelly and Towsley, "Estimation and removal of clock skew from
///    network delay measurements", 1999). Its solution is the edge of the lower convex hull that
///    spans the mean index of the points, which is found in linear time. Points above the hull (late
///    packets, bursts) have no influence at all, and a gap only removes points: indices jump and the
///    fit continues.
/// 4. Until the points span ``minimumFitSpan`` seconds (default 120 s), or if the hull slope deviates
///    from the nominal `1/nominalRate` by more than ``maximumRateDeviation`` (default 1000 ppm,
///    ten times a poor crystal), the prior slope `1/nominalRate` is kept and only the offset is fitted:
///    `a = min(t − b·i)`. The wait for the connection event is not random from packet to packet: the
///    46.875 ms packet period and the connection interval form a fixed pattern of phases that only
///    sweeps as the headband's and the BLE controller's clocks drift apart (tens of seconds per sweep
///    at tens of ppm). A hull over less than a few sweeps follows that sawtooth and gets the slope
///    wrong by tens of ppm, while the Muse's crystal is within about 0.4 ppm of 256 Hz (muselsl #99),
///    so the prior is the better slope until the window spans a couple of sweeps.
///
/// This is chosen over a robust lower-quantile regression because it needs no tuning of the quantile
/// against an unknown latency distribution, and over recursive least squares because least squares
/// is pulled by every late packet.
///
/// **Issued times never go back, and never stand still.** ``time(ofSample:)`` remembers the latest
/// time it issued. When a refit moves the line earlier (a first packet that arrived late, then a lower
/// one), later samples are not held at that time — that would compress time — but slewed towards the
/// line: each issued step is at least `1 − maximumSlew` of the line's spacing (default 2 %, so a
/// 150 ms error is gone after 7.5 s), as `adjtime` slews a clock instead of stepping it. Timestamps
/// stay increasing across refits. ``estimatedTime(ofSample:)`` gives the unslewed line.
///
/// The clock is never read here; receive times come from the caller in monotonic nanoseconds.
package struct SampleClockFit: Sendable {
    /// The nominal sampling rate in Hz that sets the prior slope.
    package let nominalRate: Double
    /// Samples per bucket of which only the lowest point is kept.
    package let bucketSamples: Int64
    /// How many samples back from the newest bucket points are kept.
    package let windowSamples: Int64
    /// The span in seconds the points must cover before the slope is fitted.
    package let minimumFitSpan: Double
    /// The largest relative deviation of a fitted slope from nominal that is believed.
    package let maximumRateDeviation: Double
    /// How much shorter than the line's spacing an issued step may be while issued times catch up
    /// with a line that moved earlier (relative, 0…0.5).
    package let maximumSlew: Double

    private struct Point: Sendable {
        var bucket: Int64
        var x: Double
        var y: Double
    }

    private var originIndex: Int64?
    private var originTime: UInt64 = 0
    private var points: [Point] = []
    private var a = 0.0
    private var b: Double
    private var fitted = false
    private var lastIssuedIndex: Int64?
    private var lastIssuedTime = 0.0

    /// Creates a fit with the prior slope `1/nominalRate` (default 256 Hz), buckets of
    /// `bucketSeconds` (default 1 s), a window of `windowSeconds` (default 300 s), fitting the slope
    /// once points span `minimumFitSpan` seconds (default 120 s), believing it within
    /// `maximumRateDeviation` (default 1e-3) of nominal, and slewing issued times by at most
    /// `maximumSlew` (default 0.02).
    package init(
        nominalRate: Double = MuseScale.eegNominalRate, bucketSeconds: Double = 1, windowSeconds: Double = 300,
        minimumFitSpan: Double = 120, maximumRateDeviation: Double = 1e-3, maximumSlew: Double = 0.02
    ) {
        let rate = nominalRate.isFinite && nominalRate > 0 ? nominalRate : MuseScale.eegNominalRate
        self.nominalRate = rate
        let bucket = bucketSeconds.isFinite ? min(max(bucketSeconds, 0), 3600) : 1
        let window = windowSeconds.isFinite ? min(max(windowSeconds, 0), 86_400) : 300
        self.bucketSamples = max(1, Int64((bucket * min(rate, 1e6)).rounded()))
        self.windowSamples = max(1, Int64((window * min(rate, 1e6)).rounded()))
        self.minimumFitSpan = minimumFitSpan
        self.maximumRateDeviation = maximumRateDeviation
        self.maximumSlew = maximumSlew.isFinite ? min(max(maximumSlew, 0), 0.5) : 0.02
        self.b = 1 / rate
    }

    /// The current line, or `nil` before the first point.
    package var parameters: SampleClockParameters? {
        guard let originIndex else { return nil }
        let span = (points.last.map(\.x) ?? 0) - (points.first.map(\.x) ?? 0)
        return SampleClockParameters(
            offset: Double(originTime) / 1e9 + a - b * Double(originIndex),
            secondsPerSample: b, pointsUsed: points.count, span: span * b, slopeIsFitted: fitted
        )
    }

    /// Adds the arrival of a packet: the sample index of its last sample (the one taken just before
    /// it was sent) and its earliest receive time (monotonic ns), then refits.
    package mutating func add(sampleIndex: Int64, receivedAt: UInt64) {
        if originIndex == nil {
            originIndex = sampleIndex
            originTime = receivedAt
        }
        let x = Double(sampleIndex &- (originIndex ?? sampleIndex))
        let y = Double(Int64(bitPattern: receivedAt &- originTime)) / 1e9
        // Clamped so absurd indices cannot overflow the conversion or the window arithmetic below.
        let bucket = Int64(min(max((x / Double(bucketSamples)).rounded(.down), -4e18), 4e18))
        let point = Point(bucket: bucket, x: x, y: y)
        let prior = 1 / nominalRate
        if let position = points.lastIndex(where: { $0.bucket <= bucket }) {
            if points[position].bucket == bucket {
                // Only a new lowest point of its bucket changes the envelope; others need no refit.
                guard y - prior * x < points[position].y - prior * points[position].x else { return }
                points[position] = point
            } else {
                points.insert(point, at: position + 1)
                let windowBuckets = max(1, windowSamples / bucketSamples)
                let newest = points.last?.bucket ?? bucket
                points.removeAll { $0.bucket < newest - windowBuckets }
            }
        } else {
            points.insert(point, at: 0)
        }
        refit()
    }

    /// The time of sample `index` on the current line, in host monotonic seconds, slewed so it is at
    /// least the last issued time plus `1 − maximumSlew` of the line's spacing since that sample.
    /// Requests in non-decreasing index order thus get non-decreasing times across refits, spaced as
    /// the line within ``maximumSlew``. `nil` before the first point.
    package mutating func time(ofSample index: Int64) -> Double? {
        time(ofSample: index, notAfter: .infinity)
    }

    /// ``time(ofSample:)``, but never later than `latest` (host monotonic seconds: the moment the
    /// sample's packet arrived, before which it cannot have been taken) unless that would not advance
    /// on the last issued time, which then advances by ``minimumStep``. The bound bites when arrivals
    /// run ahead of the issued times: while they still slew after a first packet that came late, or
    /// with a headband whose clock runs fast; it keeps stored times out of the future.
    package mutating func time(ofSample index: Int64, notAfter latest: Double) -> Double? {
        guard let estimate = estimatedTime(ofSample: index) else { return nil }
        guard let lastIndex = lastIssuedIndex else {
            let issued = min(estimate, latest)
            lastIssuedIndex = index
            lastIssuedTime = issued
            return issued
        }
        if index >= lastIndex {
            let earliest = lastIssuedTime + b * Double(index &- lastIndex) * (1 - maximumSlew)
            var issued = min(max(estimate, earliest), latest)
            if index > lastIndex { issued = max(issued, lastIssuedTime + minimumStep) }
            lastIssuedIndex = index
            lastIssuedTime = issued
            return issued
        }
        return min(estimate, lastIssuedTime)
    }

    /// The shortest step between consecutive issued times while they slew (seconds per sample).
    package var minimumIssuedSpacing: Double { b * (1 - maximumSlew) }

    /// The step by which an issued time that an arrival holds back still advances, in the fit's
    /// seconds (default 2 µs, so times stored in whole microseconds stay strictly increasing; a
    /// caller whose seconds run N× faster than the recording clock sets N × 2 µs).
    package var minimumStep = 2e-6

    /// The last time issued, `nil` before the first.
    package var lastIssued: Double? { lastIssuedIndex == nil ? nil : lastIssuedTime }

    /// The unclamped time of sample `index` on the current line, in host monotonic seconds; `nil`
    /// before the first point.
    package func estimatedTime(ofSample index: Int64) -> Double? {
        guard let originIndex else { return nil }
        return Double(originTime) / 1e9 + (a + b * Double(index &- originIndex))
    }

    private mutating func refit() {
        let prior = 1 / nominalRate
        guard let first = points.first, let last = points.last else { return }
        if (last.x - first.x) * prior >= minimumFitSpan, points.count >= 2, let line = hullLine() {
            if abs(line.slope / prior - 1) <= maximumRateDeviation {
                a = line.intercept
                b = line.slope
                fitted = true
                return
            }
        }
        b = prior
        a = points.map { $0.y - prior * $0.x }.min() ?? 0
        fitted = false
    }

    /// The edge of the lower convex hull of `points` that spans their mean index.
    private func hullLine() -> (intercept: Double, slope: Double)? {
        var hull: [Point] = []
        for p in points {
            while hull.count >= 2 {
                let o = hull[hull.count - 2], q = hull[hull.count - 1]
                // Remove q unless o → q → p turns left (counter-clockwise), i.e. q lies below o–p.
                let cross = (q.x - o.x) * (p.y - o.y) - (q.y - o.y) * (p.x - o.x)
                if cross <= 0 { hull.removeLast() } else { break }
            }
            hull.append(p)
        }
        guard hull.count >= 2 else { return nil }
        let mean = points.reduce(0) { $0 + $1.x } / Double(points.count)
        var k = 0
        while k < hull.count - 2 && hull[k + 1].x < mean { k += 1 }
        let p = hull[k], q = hull[k + 1]
        guard q.x > p.x else { return nil }
        let slope = (q.y - p.y) / (q.x - p.x)
        return (p.y - slope * p.x, slope)
    }
}
