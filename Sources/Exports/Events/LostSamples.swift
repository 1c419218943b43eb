import Storage

/// The EEG rows a recording lost, read from its gap events (code −1, label `gap N samples`: rows
/// `sample..<sample + N` are NaN); another stream's gap (`<stream> gap N samples`) is not EEG lost.
/// Exports ask it whether an event's sample is a lost one: a marker set while the data was missing
/// keeps its true onset and says so (docs/formats.md).
struct LostSamples {
    /// The lost spans, in row order.
    let spans: [Range<Int64>]

    /// The EEG gaps of `events`.
    init(_ events: [RecordingEvent]) {
        spans = events.compactMap { e in
            guard let lost = e.lostSamples, lost.stream == nil else { return nil }
            return e.sample..<(e.sample + Int64(lost.count))
        }.sorted { $0.lowerBound < $1.lowerBound }
    }

    /// Whether row `sample` is a lost EEG sample (NaN in the recording).
    func contains(_ sample: Int64) -> Bool {
        var low = 0, high = spans.count
        while low < high {
            let mid = (low + high) / 2
            if spans[mid].upperBound <= sample { low = mid + 1 } else { high = mid }
        }
        return low < spans.count && spans[low].contains(sample)
    }

    /// The suffix of an EDF+ annotation of a marker on a lost sample.
    static let annotationSuffix = " [EEG missing]"
}
