import DataSources
public import Processing
public import Storage

/// What a stored recording lost and what its verdict is, in one line: the line `record` and `run`
/// end a recording with and `analyze` gives too, so all three say the same. Lost samples are counted
/// per stream, the EEG first (its lost rows are NaN in `/Recording/Data`); the quality windows and
/// the verdict are ``RecordingAnalyzer``'s (the stored windows when made with its settings, else
/// recomputed): the one rule by which a gap row makes a window one with missing data.
///
/// In JSON (`record --json`, `run --json`) it is an object holding the ``line`` and its figures:
/// `seconds`, `lostSeconds`, `lostShare` (0–1), `losses` (per stream: `stream`, `samples`, `gaps`, the
/// EEG first), `windows`, `missingWindows`, `offHeadWindows`, `motionWindows` and `verdict` (`null`:
/// too short to judge).
package struct RecordingAccount: Sendable, Equatable, Encodable {
    /// Samples one stream lost.
    package struct Loss: Sendable, Equatable, Encodable {
        /// The stream's name (the EEG's first).
        package var stream: String
        /// Samples lost.
        package var samples: Int64
        /// Gaps they were lost in.
        package var gaps: Int
    }

    /// Seconds of EEG rows, lost ones included.
    package var seconds: Double
    /// The EEG's sampling rate in Hz.
    package var samplingRate: Double
    /// Per stream what was lost, the EEG first (also when it lost nothing), then the other streams
    /// that lost samples, in the device's order.
    package var losses: [Loss]
    /// The quality windows behind the verdict.
    package var summary: SessionQualitySummary

    /// The account of the recording `reader` reads, judged with the recording's mains frequency
    /// (detected when it has none), as `analyze` judges it by default.
    package init(_ reader: RecordingReader) throws {
        let mains: MainsFrequency = reader.powerLineFrequency.map { .fixed($0) } ?? .detect
        var analyzer = RecordingAnalyzer(descriptor: reader.descriptor, configuration: ProcessorConfiguration(mains: mains))
        try analyzer.analyze(reader)
        self.init(reader, summary: analyzer.result().summary, events: try reader.events())
    }

    /// The account of `reader`'s recording with a verdict judged already (`summary`) and its `events`.
    package init(_ reader: RecordingReader, summary: SessionQualitySummary, events: [RecordingEvent]) {
        samplingRate = reader.samplingRate
        seconds = Double(reader.sampleCount) / reader.samplingRate
        self.summary = summary
        let eeg = reader.descriptor.eeg.name
        var byStream: [String: Loss] = [eeg: Loss(stream: eeg, samples: 0, gaps: 0)]
        for event in events {
            guard let lost = event.lostSamples else { continue }
            let name = lost.stream ?? eeg
            byStream[name, default: Loss(stream: name, samples: 0, gaps: 0)].samples += Int64(lost.count)
            byStream[name, default: Loss(stream: name, samples: 0, gaps: 0)].gaps += 1
        }
        let order = reader.descriptor.streams.map(\.name)
        losses = [byStream[eeg]!] + byStream.values.filter { $0.stream != eeg }.sorted {
            (order.firstIndex(of: $0.stream) ?? order.count, $0.stream) < (order.firstIndex(of: $1.stream) ?? order.count, $1.stream)
        }
    }

    /// Seconds of EEG lost (its NaN rows).
    package var lostSeconds: Double { Double(losses.first?.samples ?? 0) / samplingRate }

    /// The share of the EEG rows that were lost (0 for an empty recording).
    package var lostShare: Double { seconds > 0 ? lostSeconds / seconds : 0 }

    /// The session verdict (`nil`: too short to judge).
    package var verdict: SessionVerdict? { summary.verdict }

    /// One line: EEG time lost and its share, other streams' lost samples, the windows with missing
    /// data, off the head and with motion, and the verdict, e.g. `lost 20.4 s of 120.0 s EEG (17.0 %)
    /// in 1 gap (accelerometer 1058 samples in 1 gap); quality windows 237: missing data 45 (19 %),
    /// off the head 0 (0 %), motion 0 (0 %); verdict: eeg_failure`.
    package var line: String {
        let eeg = losses.first ?? Loss(stream: "eeg", samples: 0, gaps: 0)
        var text = "lost \(Self.seconds(lostSeconds)) of \(Self.seconds(seconds)) EEG (\(Self.percent(lostShare, digits: 1)))"
        if eeg.gaps > 0 { text += " in \(eeg.gaps) gap\(eeg.gaps == 1 ? "" : "s")" }
        let others = losses.dropFirst().map { "\($0.stream) \($0.samples) samples in \($0.gaps) gap\($0.gaps == 1 ? "" : "s")" }
        if !others.isEmpty { text += " (" + others.joined(separator: ", ") + ")" }
        let s = summary
        if s.windowCount > 0 {
            let n = Double(s.windowCount)
            func part(_ name: String, _ count: Int) -> String { "\(name) \(count) (\(Self.percent(Double(count) / n, digits: 0)))" }
            text += "; quality windows \(s.windowCount): " + [
                part("missing data", s.missingWindows), part("off the head", s.offHeadWindows), part("motion", s.motionWindows),
            ].joined(separator: ", ")
        }
        return text + "; verdict: " + (verdict?.rawValue ?? "too short to judge")
    }

    private enum CodingKeys: String, CodingKey {
        case line, seconds, lostSeconds, lostShare, losses, windows, missingWindows, offHeadWindows, motionWindows, verdict
    }

    /// The line and its figures (see the type's description).
    package func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(line, forKey: .line)
        try c.encode(seconds, forKey: .seconds)
        try c.encode(lostSeconds, forKey: .lostSeconds)
        try c.encode(lostShare, forKey: .lostShare)
        try c.encode(losses, forKey: .losses)
        try c.encode(summary.windowCount, forKey: .windows)
        try c.encode(summary.missingWindows, forKey: .missingWindows)
        try c.encode(summary.offHeadWindows, forKey: .offHeadWindows)
        try c.encode(summary.motionWindows, forKey: .motionWindows)
        try c.encode(verdict?.rawValue, forKey: .verdict)
    }

    private static func seconds(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) s"
    }

    private static func percent(_ share: Double, digits: Int) -> String {
        let scale = digits == 0 ? 1.0 : 10.0
        let v = Int((share * 100 * scale).rounded())
        return digits == 0 ? "\(v) %" : "\(v / 10).\(v % 10) %"
    }
}
