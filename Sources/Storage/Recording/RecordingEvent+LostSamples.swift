import DataSources

extension RecordingEvent {
    /// What a gap event (code −1) lost: the stream (`nil` for the EEG, whose rows `sample..<sample +
    /// count` are NaN; a stream under `/Streams` for `<stream> gap N samples`) and how many of its
    /// samples. `nil` for any other event.
    package var lostSamples: (stream: String?, count: Int)? {
        guard code == Marker.gapCode else { return nil }
        let parts = label.split(separator: " ")
        guard parts.count >= 3, parts[parts.count - 1] == "samples", parts[parts.count - 3] == "gap", let n = Int(parts[parts.count - 2]), n > 0
        else { return nil }
        let stream = parts.dropLast(3).joined(separator: " ")
        return (stream.isEmpty ? nil : stream, n)
    }
}
