import Foundation

/// How the streaming results become the time series stored in a recording's `/Quality` group (see
/// docs/formats.md): one row per update, one dataset per measure, columns named after the channels
/// (and bands). A writer of any format can store these rows; the Storage module's recording writer
/// does so while recording.
package enum QualitySeries {
    /// One row of one series.
    package struct Row: Sendable, Equatable {
        /// The dataset name, e.g. `MyndQuality`.
        package var name: String
        /// Seconds since the Unix epoch of the newest sample the row covers.
        package var time: Double
        /// The values, one per column (NaN where not computable).
        package var values: [Double]
        /// The column names.
        package var columns: [String]
    }

    /// The dataset of the per-channel issues of each quality window (``issueMask(_:)``).
    package static let issuesName = "Issues"
    /// The dataset of each quality window's last row and findings (``findingsFlags(_:)``).
    package static let windowName = "Window"
    /// The columns of ``windowName``.
    package static let windowColumns = ["Row", "Findings"]

    /// The rows one update contributes:
    /// - quality (2 Hz): `MyndQuality` and `MyndBlockQuality` (percent, per channel), `Grade` (1/2/4,
    ///   NaN until the first full window), `BandAmplitude` (1–40 Hz SD, µV), `LineNoiseRatio`,
    ///   `Issues` (per channel the window's issues as a bit mask, ``issueMask(_:)``) and `Window`
    ///   (the recording row of the window's last sample, `sampleIndex - firstSampleIndex`, and the
    ///   window's findings as flags, ``findingsFlags(_:)``; NaN while warming up): what an
    ///   after-the-fact judgement needs to read the windows back instead of recomputing them;
    /// - line noise (1 Hz): `LineNoiseQuality` (percent per channel), `MainsFrequency` (Hz);
    /// - band power: `BandPowerAbsolute` (µV²) and `BandPowerRelative`, columns `channel/band`.
    ///
    /// `firstSampleIndex` is the source index of the recording's first row.
    package static func rows(for update: ProcessingUpdate, channelNames: [String], firstSampleIndex: Int64 = 0) -> [Row] {
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
            rows.append(
                Row(
                    name: issuesName, time: q.time, values: channelNames.indices.map { c in a.map { issueMask($0[c].issues) } ?? .nan },
                    columns: channelNames))
            rows.append(
                Row(
                    name: windowName, time: q.time, values: [Double(q.sampleIndex - firstSampleIndex), q.findings.map(findingsFlags) ?? .nan],
                    columns: windowColumns))
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

    /// Issues as a bit mask stored in a float64 column: bit `k` is `QualityIssue.allCases[k]`
    /// (1 missingData, 2 flatLine, 4 railed, 8 lineNoise, 16 highFrequencyNoise, 32 highAmplitude,
    /// 64 warmingUp).
    package static func issueMask(_ issues: [QualityIssue]) -> Double {
        var mask = 0
        for issue in issues { if let k = QualityIssue.allCases.firstIndex(of: issue) { mask |= 1 << k } }
        return Double(mask)
    }

    /// The issues of a mask ``issueMask(_:)`` made, in `QualityIssue.allCases` order; none for NaN
    /// or a value that is not a mask.
    package static func issues(mask: Double) -> [QualityIssue] {
        guard mask.isFinite, mask >= 0, mask < Double(1 << QualityIssue.allCases.count) else { return [] }
        let bits = Int(mask)
        return QualityIssue.allCases.enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element)
    }

    /// A window's findings as flags: 1 missing data, 2 off the head, 4 reported off the head by the
    /// device, 8 artefacts, 16 motion (its bad channels are the channels its grades call bad).
    package static func findingsFlags(_ f: WindowFindings) -> Double {
        Double((f.missingData ? 1 : 0) | (f.offHead ? 2 : 0) | (f.deviceOffHead ? 4 : 0) | (f.artefacts ? 8 : 0) | (f.motion ? 16 : 0))
    }

    /// The findings of ``findingsFlags(_:)`` with the window's grades, or `nil` for NaN (a window
    /// warming up, or an update without assessments) or a value that is not such flags.
    package static func findings(flags: Double, grades: [QualityGrade]) -> WindowFindings? {
        guard flags.isFinite, flags >= 0, flags < 32 else { return nil }
        let f = Int(flags)
        return WindowFindings(
            missingData: f & 1 != 0, offHead: f & 2 != 0, deviceOffHead: f & 4 != 0, artefacts: f & 8 != 0, motion: f & 16 != 0,
            badChannels: grades.indices.filter { grades[$0] == .bad })
    }

    /// The attributes that decide a stored window's grades, issues and findings (and so the session
    /// verdict): a judgement read back from a recording is the one recomputing would give only when
    /// each of these is stored with the same value (``attributes(for:)``).
    package static let qualityAttributeNames = [
        "AlgorithmVersion", "QualityWindowSeconds", "QualityThresholds", "MainsFrequencySetting", "VerdictCriteria", "SeriesVersion",
    ]

    /// The attributes that decide the stored band-power series, besides ``qualityAttributeNames``.
    package static let bandPowerAttributeNames = ["BandPowerMethod", "BandPowerWindowSeconds", "BandPowerIntervalSeconds"]

    /// The version of the stored series: 2 added `Issues`, `Window` and the attributes
    /// `VerdictCriteria` and `SeriesVersion` (recordings without it are recomputed, never read
    /// back); 3 fills every gap with NaN rows, however long, so each window over a gap row is a
    /// stored window with missing data (version 2 restarted its windows after a gap longer than
    /// 10 s and stored none over it: such recordings are recomputed).
    package static let seriesVersion = "3"

    /// The attributes stored on the group once: the algorithm version and every method parameter as
    /// JSON text (band-power method, quality thresholds, window lengths, mains setting).
    package static func attributes(for processor: SignalProcessor) -> [String: String] {
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
            "VerdictCriteria": json(c.criteria),
            "SeriesVersion": seriesVersion,
            "MainsFrequencySetting": mains,
            "MyndQuality": "MYND mode: EMA over 5 blocks of 0.5 s of 150 µV² / variance of the adaptively smoothed signal · 100 (110 below 150 µV²)",
            "LineNoiseQuality": "line-noise mode: clamp(−50·mean ln amplitude(mains ± 1 Hz, 4 s Hann) + 50, 0, 100)",
        ]
    }
}
