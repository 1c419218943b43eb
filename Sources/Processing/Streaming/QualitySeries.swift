import Foundation

/// How the streaming results become the time series stored in a recording's `/Quality` group (see
/// docs/formats.md): one row per update, one dataset per measure, columns named after the channels
/// (and bands). A writer of any format can store these rows; the Storage module's recording writer
/// does so while recording.
public enum QualitySeries {
    /// One row of one series.
    public struct Row: Sendable, Equatable {
        /// The dataset name, e.g. `MyndQuality`.
        public var name: String
        /// Seconds since the Unix epoch of the newest sample the row covers.
        public var time: Double
        /// The values, one per column (NaN where not computable).
        public var values: [Double]
        /// The column names.
        public var columns: [String]
    }

    /// The rows one update contributes:
    /// - quality (2 Hz): `MyndQuality` and `MyndBlockQuality` (percent, per channel), `Grade` (1/2/4,
    ///   NaN until the first full window), `BandAmplitude` (1–40 Hz SD, µV), `LineNoiseRatio`;
    /// - line noise (1 Hz): `LineNoiseQuality` (percent per channel), `MainsFrequency` (Hz);
    /// - band power: `BandPowerAbsolute` (µV²) and `BandPowerRelative`, columns `channel/band`.
    public static func rows(for update: ProcessingUpdate, channelNames: [String]) -> [Row] {
        switch update {
        case .quality(let q):
            var rows = [
                Row(name: "MyndQuality", time: q.time, values: q.mynd.quality, columns: channelNames),
                Row(name: "MyndBlockQuality", time: q.time, values: q.mynd.blockQuality, columns: channelNames),
            ]
            let a = q.assessments
            rows.append(
                Row(
                    name: "Grade", time: q.time, values: channelNames.indices.map { c in a.map { Double($0[c].grade.rawValue) } ?? .nan },
                    columns: channelNames))
            rows.append(
                Row(name: "BandAmplitude", time: q.time, values: channelNames.indices.map { a?[$0].bandAmplitude ?? .nan }, columns: channelNames))
            rows.append(
                Row(name: "LineNoiseRatio", time: q.time, values: channelNames.indices.map { a?[$0].lineNoiseRatio ?? .nan }, columns: channelNames))
            return rows
        case .lineNoise(let l):
            return [
                Row(name: "LineNoiseQuality", time: l.time, values: l.reading.quality, columns: channelNames),
                Row(name: "MainsFrequency", time: l.time, values: [l.reading.mainsFrequency], columns: ["Hz"]),
            ]
        case .bandPower(let b):
            let columns = channelNames.flatMap { c in b.method.bands.map { "\(c)/\($0.name)" } }
            return [
                Row(name: "BandPowerAbsolute", time: b.time, values: b.channels.flatMap(\.absolute), columns: columns),
                Row(name: "BandPowerRelative", time: b.time, values: b.channels.flatMap(\.relative), columns: columns),
            ]
        }
    }

    /// The attributes stored on the group once: the algorithm version and every method parameter as
    /// JSON text (band-power method, quality thresholds, window lengths, mains setting).
    public static func attributes(for processor: SignalProcessor) -> [String: String] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        func json<T: Encodable>(_ value: T) -> String { (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "" }
        let c = processor.configuration
        let mains: String =
            switch c.mains {
            case .fixed(let f): String(format: "%g", f)
            case .detect: "detect"
            }
        return [
            "AlgorithmVersion": ProcessingModule.algorithmVersion,
            "BandPowerMethod": json(processor.bandPowerMethod),
            "BandPowerWindowSeconds": String(format: "%g", c.bandPowerWindow),
            "BandPowerIntervalSeconds": String(format: "%g", c.bandPowerInterval),
            "QualityWindowSeconds": String(format: "%g", c.qualityWindow),
            "QualityThresholds": json(c.thresholds),
            "MainsFrequencySetting": mains,
            "MyndQuality": "MYND mode: EMA over 5 blocks of 0.5 s of 150 µV² / variance of the adaptively smoothed signal · 100 (110 below 150 µV²)",
            "LineNoiseQuality": "line-noise mode: clamp(−50·mean ln amplitude(mains ± 1 Hz, 4 s Hann) + 50, 0, 100)",
        ]
    }
}
