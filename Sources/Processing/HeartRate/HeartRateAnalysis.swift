/// Beats, heart rate and heart-rate variability of one PPG or optics stream (``HeartRateAnalyzer``).
/// Every time is seconds since the Unix epoch on the recording clock, interpolated from the stored
/// rows' times.
package struct HeartRateAnalysis: Sendable, Equatable {
    /// One detected beat.
    package struct Beat: Sendable, Equatable {
        /// The beat's time (the cleaned pulse wave's maximum).
        package var time: Double
        /// Seconds since the beat before (samples between them at the nominal rate), when that one is
        /// in the same stretch of samples (NaN otherwise).
        package var interval: Double
        /// Whether the interval counts for heart rate and RMSSD: 0.33–2 s, the beats in windows of a
        /// usable pulse, and within 30 % of the median of the 10 intervals around it.
        package var accepted: Bool
    }

    /// One analysis window (``HeartRateAnalyzer/window`` seconds) of every channel.
    package struct Window: Sendable, Equatable {
        /// The window's end.
        package var time: Double
        /// Per channel (the stream's order), the pulse-quality index (NaN for ambient channels and
        /// windows without a varying signal).
        package var quality: [Double]
        /// Per channel, the raw signal's condition.
        package var conditions: [PulseCondition]
    }

    /// The stream's channel labels.
    package var channels: [String]
    /// The channel the beats come from (index into ``channels``), or nil when none had a usable pulse.
    package var chosen: Int?
    /// The ambient channel subtracted from the chosen one, when the layout has one.
    package var ambient: Int?
    package var beats: [Beat]
    package var windows: [Window]

    /// The accepted intervals' heart rate (beats per minute) at each accepted beat: (time, bpm).
    package var heartRate: [(time: Double, bpm: Double)] {
        beats.filter(\.accepted).map { ($0.time, 60 / $0.interval) }
    }

    /// Root mean square of successive differences of accepted intervals that follow each other (ms);
    /// nil with fewer than two such pairs.
    package var rmssd: Double? {
        var squares: [Double] = []
        for i in 1..<max(1, beats.count) where beats[i].accepted && beats[i - 1].accepted {
            let d = (beats[i].interval - beats[i - 1].interval) * 1000
            squares.append(d * d)
        }
        guard squares.count >= 2 else { return nil }
        return (squares.reduce(0, +) / Double(squares.count)).squareRoot()
    }

    /// The mean heart rate over the accepted intervals (60 / mean interval), bpm.
    package var meanHeartRate: Double? {
        let intervals = beats.filter(\.accepted).map(\.interval)
        guard !intervals.isEmpty else { return nil }
        return 60 / (intervals.reduce(0, +) / Double(intervals.count))
    }

    /// The share of windows whose chosen channel had a usable pulse.
    package var usableShare: Double {
        guard let chosen, !windows.isEmpty else { return 0 }
        return Double(windows.filter { $0.quality[chosen] >= HeartRateAnalyzer.usableQuality }.count) / Double(windows.count)
    }

    /// The channels flat or saturated in at least half of the windows, with the condition.
    package var badChannels: [(label: String, condition: PulseCondition)] {
        guard !windows.isEmpty else { return [] }
        return channels.indices.compactMap { c in
            for condition in [PulseCondition.flat, .saturated] {
                if windows.filter({ $0.conditions[c] == condition }).count * 2 >= windows.count { return (channels[c], condition) }
            }
            return nil
        }
    }

    package static func == (a: Self, b: Self) -> Bool {
        a.channels == b.channels && a.chosen == b.chosen && a.ambient == b.ambient && a.beats.count == b.beats.count
            && zip(a.beats, b.beats).allSatisfy { $0.time == $1.time && ($0.interval == $1.interval || ($0.interval.isNaN && $1.interval.isNaN)) }
    }
}
