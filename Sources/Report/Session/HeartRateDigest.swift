import DataSources
import Foundation
public import Processing
import Storage

/// What the session report shows of a recording's stored heart rate (``HeartRateSeries``): the
/// heart rate over time, the block's mean heart rate and RMSSD, the channel the beats come from,
/// and the channels that were flat or saturated in at least half of the windows.
package struct HeartRateDigest: Sendable {
    /// Heart rate (bpm) at each accepted beat, seconds of signal from the EEG's first sample.
    package var points: [(x: Double, y: Double)]
    package var beats: Int
    package var accepted: Int
    package var meanBPM: Double?
    package var rmssd: Double?
    package var usableShare: Double
    /// The stream analysed and the channel label the beats come from.
    package var stream: String
    package var channel: String?
    /// Channels flat or saturated in at least half of the windows.
    package var badChannels: [(label: String, condition: PulseCondition)]

    /// The digest of `reader`'s stored heart rate, nil when it has none.
    init?(_ reader: RecordingReader) throws {
        let group = RecordingFormat.Quality.group
        guard let summary = try reader.series(group: group, name: HeartRateSeries.summary), !summary.times.isEmpty else { return nil }
        let row = Array(summary.values.prefix(summary.columns))
        let start = try reader.readBlock(from: 0, count: 1).times.first ?? 0
        stream = reader.descriptor.streams.first { $0.kind == .ppg }?.name ?? "ppg"
        let labels = reader.descriptor.streams.first { $0.kind == .ppg }?.channelLabels ?? []
        func value(_ name: String) -> Double {
            HeartRateSeries.summaryColumns.firstIndex(of: name).map { $0 < row.count ? row[$0] : .nan } ?? .nan
        }
        beats = Int(value("Beats"))
        accepted = Int(value("Accepted"))
        meanBPM = value("MeanBPM").isFinite ? value("MeanBPM") : nil
        rmssd = value("RMSSD").isFinite ? value("RMSSD") : nil
        usableShare = value("UsableShare")
        let c = value("Channel")
        channel = c.isFinite && Int(c) < labels.count ? labels[Int(c)] : nil
        // Seconds of signal, as the other charts count them (EEG rows over the rate): the recording
        // clock scaled by the EEG's rows per clock second (one factor; differs from 1 only for a
        // recording made faster than real time, whose times are the host's).
        let end = reader.sampleCount > 1 ? try reader.readBlock(from: reader.sampleCount - 1, count: 1).times.first ?? start : start
        let scale = end > start ? Double(reader.sampleCount - 1) / (end - start) / reader.samplingRate : 1
        let rate = try reader.series(group: group, name: HeartRateSeries.rate)
        points = rate.map { r in r.times.indices.map { (x: (r.times[$0] - start) * scale, y: r.values[$0 * r.columns]) } } ?? []
        badChannels = []
        if let q = try reader.series(group: group, name: HeartRateSeries.quality), q.columns == 2 * labels.count, !q.times.isEmpty {
            for (k, label) in labels.enumerated() {
                for condition in [PulseCondition.flat, .saturated] {
                    let n = q.times.indices.filter { q.values[$0 * q.columns + labels.count + k] == Double(condition.rawValue) }.count
                    if n * 2 >= q.times.count { badChannels.append((label, condition)) }
                }
            }
        }
    }
}
