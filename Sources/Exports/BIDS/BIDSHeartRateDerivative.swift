import DataSources
import Foundation
import Processing
import Storage

/// The heart rate a recording stores (``HeartRateSeries``) as a BIDS derivative beside the raw
/// dataset: `derivatives/heartrate/` with its own `dataset_description.json` (DatasetType
/// `derivative`) and per recording `sub-…/ses-…/eeg/<stem>_desc-heartrate_beats.tsv` (one row
/// per beat: `onset` in s from the EEG's first sample, `interval` s since the beat before or n/a,
/// `accepted` 1/0, `heart_rate` bpm for accepted intervals else n/a) with its `.json` (the method,
/// the stream and channel the beats come from, the block's mean heart rate and RMSSD, and the
/// channels found flat or saturated).
struct BIDSHeartRateDerivative {
    /// The derivative's folder in the dataset.
    static let root = "derivatives/heartrate"

    let beats: (times: [Double], values: [Double], columns: Int)
    let summary: [Double]
    let method: String
    let stream: StreamDescriptorSummary
    let badChannels: [String]
    let axis: BIDSTimeAxis

    /// The stream analysed: its name and channel labels.
    struct StreamDescriptorSummary { var name: String; var labels: [String] }

    /// The derivative of `reader`, nil when it stores no heart rate.
    init?(_ reader: RecordingReader, axis: BIDSTimeAxis) throws {
        let group = RecordingFormat.Quality.group
        guard let beats = try reader.series(group: group, name: HeartRateSeries.beat),
            let summary = try reader.series(group: group, name: HeartRateSeries.summary), !summary.times.isEmpty
        else { return nil }
        self.beats = beats
        self.summary = Array(summary.values.prefix(summary.columns))
        let ppg = reader.descriptor.streams.first { $0.kind == .ppg }
        let labels = ppg?.channelLabels ?? []
        stream = StreamDescriptorSummary(name: ppg?.name ?? "ppg", labels: labels)
        method = reader.groupAttribute(group: group, name: HeartRateSeries.methodAttribute) ?? HeartRateAnalyzer.method
        var bad: [String] = []
        if let q = try reader.series(group: group, name: HeartRateSeries.quality), q.columns == 2 * labels.count, !q.times.isEmpty {
            for (k, label) in labels.enumerated() {
                for condition in [PulseCondition.flat, .saturated] {
                    let n = q.times.indices.filter { q.values[$0 * q.columns + labels.count + k] == Double(condition.rawValue) }.count
                    if n * 2 >= q.times.count { bad.append("\(label) \(condition.word)") }
                }
            }
        }
        badChannels = bad
        self.axis = axis
    }

    private func value(_ name: String) -> Double {
        HeartRateSeries.summaryColumns.firstIndex(of: name).map { $0 < summary.count ? summary[$0] : .nan } ?? .nan
    }

    func table() -> String {
        var lines = ["onset\tinterval\taccepted\theart_rate"]
        for i in beats.times.indices {
            let interval = beats.values[i * beats.columns], accepted = beats.values[i * beats.columns + 1] == 1
            lines.append(
                [
                    String(format: "%.6f", axis.seconds(beats.times[i])), interval.isFinite ? String(format: "%.6f", interval) : "n/a", accepted ? "1" : "0",
                    accepted && interval > 0 ? String(format: "%.3f", 60 / interval) : "n/a",
                ].joined(separator: "\t"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func sidecar() -> [String: Any] {
        let channel = value("Channel"), ambient = value("AmbientChannel")
        func label(_ v: Double) -> Any { v.isFinite && Int(v) < stream.labels.count ? stream.labels[Int(v)] : "n/a" }
        func number(_ v: Double) -> Any { v.isFinite ? v : "n/a" }
        return [
            "Description": "Beats and heart rate found by study-recorder in the \(stream.name) stream (docs/processing.md, \"Heart rate\").",
            "Method": method, "Stream": stream.name, "Channel": label(channel), "AmbientChannel": label(ambient),
            "MeanHeartRate": number(value("MeanBPM")), "RMSSD": number(value("RMSSD")), "UsableShare": number(value("UsableShare")),
            "FlatOrSaturatedChannels": badChannels,
            "onset": ["Description": "Time of the beat (the cleaned pulse wave's maximum) from the EEG's first sample.", "Units": "s"],
            "interval": ["Description": "Time since the beat before; n/a for the first beat after lost samples.", "Units": "s"],
            "accepted": ["Description": "1 when the interval counts for heart rate and RMSSD (docs/processing.md)."],
            "heart_rate": ["Description": "60 / interval for accepted intervals.", "Units": "beats/min"],
        ]
    }

    /// The derivative's `dataset_description.json`.
    static var description: [String: Any] {
        [
            "Name": "study-recorder heart rate", "BIDSVersion": "1.9.0", "DatasetType": "derivative",
            "GeneratedBy": [["Name": "study-recorder", "Version": ProductVersion.current, "Description": "heart rate from PPG or optics"]],
        ]
    }
}
