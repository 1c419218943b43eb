/// How a ``HeartRateAnalysis`` becomes series of a recording's `/Quality` group (docs/formats.md),
/// rows like ``QualitySeries``'s:
/// - `HeartBeat`: per beat, at its time: `Interval` (s since the beat before, NaN after lost rows
///   or for the first), `Accepted` (1/0), `Channel` (the stream column it was found on);
/// - `HeartRate`: per accepted interval, at its second beat: `BPM`;
/// - `PulseQuality`: per 10-s window, at its last row: per channel the pulse-quality index
///   (`<label>`) and per channel the raw condition (`<label>/condition`: 0 varying, 1 flat,
///   2 saturated, 3 lost);
/// - `HeartRateSummary`: one row for the recording (the study's block), at its last row: `Beats`,
///   `Accepted`, `MeanBPM`, `RMSSD` (ms), `UsableShare`, `Channel`, `AmbientChannel` (NaN for none).
package enum HeartRateSeries {
    package static let beat = "HeartBeat"
    package static let rate = "HeartRate"
    package static let quality = "PulseQuality"
    package static let summary = "HeartRateSummary"
    /// The `/Quality` attribute holding ``HeartRateAnalyzer/method`` and the stream analysed.
    package static let methodAttribute = "HeartRateMethod"
    package static let streamAttribute = "HeartRateStream"

    package static let summaryColumns = ["Beats", "Accepted", "MeanBPM", "RMSSD", "UsableShare", "Channel", "AmbientChannel"]

    package static func rows(_ a: HeartRateAnalysis) -> [QualitySeries.Row] {
        var rows: [QualitySeries.Row] = []
        let channel = a.chosen.map(Double.init) ?? .nan
        for w in a.windows {
            rows.append(
                QualitySeries.Row(
                    name: quality, time: w.time, values: w.quality + w.conditions.map { Double($0.rawValue) },
                    columns: a.channels + a.channels.map { "\($0)/condition" }))
        }
        for b in a.beats {
            rows.append(
                QualitySeries.Row(name: beat, time: b.time, values: [b.interval, b.accepted ? 1 : 0, channel], columns: ["Interval", "Accepted", "Channel"]))
        }
        for r in a.heartRate { rows.append(QualitySeries.Row(name: rate, time: r.time, values: [r.bpm], columns: ["BPM"])) }
        if let end = a.windows.last?.time {
            let values: [Double] = [
                Double(a.beats.count), Double(a.beats.filter(\.accepted).count), a.meanHeartRate ?? .nan, a.rmssd ?? .nan, a.usableShare, channel,
                a.ambient.map(Double.init) ?? .nan,
            ]
            rows.append(QualitySeries.Row(name: summary, time: end, values: values, columns: summaryColumns))
        }
        return rows
    }
}
