public import Processing
public import Storage

/// A recording's quality windows read back from its `/Quality` group instead of recomputed: what
/// the recording's own processor stored (``QualitySeriesProducer``) is what `report` and `analyze`
/// would compute again from the samples, when it was made with the same settings. Reading it skips
/// the streaming measures over every sample (about half of a report's time) and, for a verdict
/// alone, reading the samples at all.
///
/// ``open(_:configuration:needs:)`` reads the stored series only when every attribute that decides
/// them (``QualitySeries/qualityAttributeNames``, and for band power
/// ``QualitySeries/bandPowerAttributeNames``) is stored with the value `configuration` gives, and the
/// series the caller needs are all there with one row per quality window; otherwise it says why and
/// the caller recomputes. Rows are read a few thousand at a time. The recording's processor filled
/// every gap with NaN rows as the file stores them, so the stored windows over a gap count as missing
/// data exactly as recomputed ones do (``QualitySeries/seriesVersion`` 3).
package struct StoredQuality {
    /// The stored series a caller needs besides the windows (`Grade`, `Issues`, `Window`).
    package struct Needs: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// `MyndQuality` with each window.
        package static let mynd = Needs(rawValue: 1)
        /// `LineNoiseQuality` and `MainsFrequency` (``nextLineNoise()``).
        package static let lineNoise = Needs(rawValue: 2)
        /// `BandPowerRelative` (``nextBandPower()``), made with the same band-power settings.
        package static let bandPower = Needs(rawValue: 4)
    }

    /// One quality window as stored.
    package struct Window: Sendable, Equatable {
        /// The row of `/Recording/Data` of the window's last sample.
        package var lastRow: Int64
        /// The time of that sample (seconds since the epoch).
        package var time: Double
        /// Per channel the grade, or `nil` before the first full window.
        package var grades: [QualityGrade]?
        /// Per channel the issues (empty before the first full window).
        package var issues: [[QualityIssue]]
        /// What the window says about the headband; `nil` while there are no assessments or they are
        /// warming up (the window is then not counted).
        package var findings: WindowFindings?
        /// The MYND quality per channel (empty unless asked for).
        package var mynd: [Double]
    }

    private typealias Q = RecordingFormat.Quality
    private var grade: SeriesCursor
    private var issues: SeriesCursor
    private var window: SeriesCursor
    private var mynd: SeriesCursor?
    private var lineNoise: SeriesCursor?
    private var mains: SeriesCursor?
    private var bandPower: SeriesCursor?
    /// Quality windows stored.
    package let windowCount: Int

    /// The stored windows of `reader` when they were made with `configuration`'s settings (and the
    /// series in `needs` are there), with ``QualityOrigin/stored``; else `nil` and the reason to
    /// recompute.
    package static func open(
        _ reader: RecordingReader, configuration: ProcessorConfiguration, needs: Needs = []
    ) throws -> (quality: StoredQuality?, origin: QualityOrigin) {
        let group = Q.group
        guard !reader.seriesNames(group: group).isEmpty else {
            return (nil, .recomputed("the recording stores no quality (/Quality)"))
        }
        let expected = QualitySeries.attributes(for: SignalProcessor(descriptor: reader.descriptor, configuration: configuration))
        var names = QualitySeries.qualityAttributeNames
        if needs.contains(.bandPower) { names += QualitySeries.bandPowerAttributeNames }
        for name in names {
            let stored = reader.groupAttribute(group: group, name: name)
            guard stored == expected[name] else {
                let reason =
                    stored == nil
                    ? "the stored quality has no \(name) (written by an older version)"
                    : "the stored quality was made with another \(name) (\(stored ?? "")) than asked for (\(expected[name] ?? ""))"
                return (nil, .recomputed(reason))
            }
        }
        func cursor(_ name: String) throws -> SeriesCursor? { try SeriesCursor(reader: reader, group: group, name: name) }
        guard let grade = try cursor(Q.grade), let issues = try cursor(QualitySeries.issuesName), let window = try cursor(QualitySeries.windowName),
            grade.rows == issues.rows, grade.rows == window.rows
        else {
            return (nil, .recomputed("the stored quality lacks the windows' grades, issues or rows"))
        }
        var quality = StoredQuality(grade: grade, issues: issues, window: window, windowCount: grade.rows)
        if needs.contains(.mynd) {
            guard let mynd = try cursor(Q.myndQuality), mynd.rows == grade.rows else {
                return (nil, .recomputed("the stored quality lacks MyndQuality"))
            }
            quality.mynd = mynd
        }
        if needs.contains(.lineNoise) {
            guard let noise = try cursor(Q.lineNoiseQuality), let mains = try cursor(Q.mainsFrequency), noise.rows == mains.rows else {
                return (nil, .recomputed("the stored quality lacks LineNoiseQuality or MainsFrequency"))
            }
            quality.lineNoise = noise
            quality.mains = mains
        }
        if needs.contains(.bandPower) {
            guard let bandPower = try cursor(Q.bandPowerRelative) else {
                return (nil, .recomputed("the stored quality lacks BandPowerRelative"))
            }
            quality.bandPower = bandPower
        }
        return (quality, .stored)
    }

    private init(grade: SeriesCursor, issues: SeriesCursor, window: SeriesCursor, windowCount: Int) {
        self.grade = grade
        self.issues = issues
        self.window = window
        self.windowCount = windowCount
    }

    /// The next stored quality window, or `nil` after the last.
    package mutating func nextWindow() throws -> Window? {
        guard let g = try grade.advance(), let i = try issues.advance(), let w = try window.advance(), w.values.count >= 2 else { return nil }
        let m = try mynd?.advance()
        let row = w.values[w.values.startIndex], flags = w.values[w.values.startIndex + 1]
        guard row.isFinite, row >= 0, row < 9.0e15 else { return nil }
        let grades: [QualityGrade]? = g.values.contains { !$0.isFinite } ? nil : g.values.map { QualityGrade(rawValue: Int($0)) ?? .bad }
        let issueLists = i.values.map { QualitySeries.issues(mask: $0) }
        let findings = grades.flatMap { QualitySeries.findings(flags: flags, grades: $0) }
        return Window(lastRow: Int64(row), time: g.time, grades: grades, issues: grades == nil ? [] : issueLists, findings: findings, mynd: m.map { Array($0.values) } ?? [])
    }

    /// The next stored line-noise reading (time, quality per channel, the mains frequency used), or
    /// `nil` after the last (or when not asked for).
    package mutating func nextLineNoise() throws -> (time: Double, quality: [Double], mainsFrequency: Double)? {
        guard let q = try lineNoise?.advance(), let f = try mains?.advance() else { return nil }
        return (q.time, Array(q.values), f.values.first ?? .nan)
    }

    /// The next stored band-power row (time, relative power row-major by channel and band), or
    /// `nil` after the last (or when not asked for).
    package mutating func nextBandPower() throws -> (time: Double, relative: [Double])? {
        guard let b = try bandPower?.advance() else { return nil }
        return (b.time, Array(b.values))
    }
}
