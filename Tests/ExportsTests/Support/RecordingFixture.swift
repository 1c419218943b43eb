import DataSources
import Foundation
import Storage
import TestSupport

/// Real recordings for the export tests, written by the real ``RecordingWriter`` from the oscillator:
/// with a paradigm, markers (one with a non-ASCII label), optional dropouts (gaps) and /Quality series.
enum RecordingFixture {
    static let participant = "3F2504E0-4F89-11D3-9A0C-0305E82C3301"
    static let paradigm = Paradigm(
        title: "rest", conditionLabels: ["EyesOpen", "EyesClosed"], conditionMarkers: [320, 420], baseMarkers: [310, 410], baseTime: -3, trialTime: 10
    )

    /// Writes `seconds` of 256 Hz oscillator signal to `dir/name` and returns its URL; `dropouts` per
    /// minute make gaps. Markers: 310 at 2 s, 320 at 5 s ("EyesOpen"), 420 at 12.5 s, 900 at the end.
    /// With `lslClock`, every time is stored on that LSL clock too (`--clock lsl`); `deviceKind`
    /// stores the oscillator's signal as another kind of device (`muse`); `provenance` is written as
    /// `/Provenance` (none without it).
    static func make(
        in dir: TemporaryDirectory, name: String = "r_rest_1_1_1_\(participant).h5", seconds: Int = 30, dropouts: Double = 0,
        startTime: Double = 1_700_000_000.25, quality: Bool = false, participant: String = participant, markers: [Int64: Marker]? = nil,
        lslClock: LSLClockMapping? = nil, paradigm: Paradigm = paradigm, deviceKind: String? = nil, provenance: Provenance? = nil
    ) throws -> URL {
        let url = dir.path(name)
        let configuration = OscillatorConfiguration(seed: 11, dropoutsPerMinute: dropouts, startTime: startTime)
        var source = configuration.descriptor
        if let deviceKind { source.kind = deviceKind }
        let metadata = RecordingMetadata(
            participant: participant, study: "export-test", day: 1, session: 1, run: 1, paradigm: paradigm, source: source,
            clockAnchor: lslClock == nil ? nil : ClockAnchor(monotonic: SystemHostClock().monotonicNow(), utc: startTime), powerLineFrequency: 50,
            locale: "de", provenance: provenance)
        let writer = try RecordingWriter(url: url, metadata: metadata, lslClock: lslClock)
        var generator = OscillatorGenerator(configuration: configuration)
        let markers =
            markers ?? [
                512: Marker(code: 310, label: "EyesOpen/baseline"), 1280: Marker(code: 320, label: "EyesOpen/task Ünïcode ✓"),
                3200: Marker(code: 420, label: "EyesClosed/task"),
            ]
        var written: Int64 = 0
        while written < Int64(seconds * 256) {
            for var block in generator.next(128) {
                for (index, marker) in markers where index >= block.firstIndex && index < block.endIndex {
                    block.markers.append(BlockMarker(row: Int(index - block.firstIndex), marker: marker))
                }
                try writer.append(block)
                if quality, let time = block.times.last, block.endIndex % 128 == 0 {
                    let grade: [Double] = block.endIndex < 512 ? [.nan, .nan, .nan, .nan] : [1, 2, 4, 1]
                    try writer.appendSeries(group: "Quality", name: "Grade", time: time, values: grade, columns: ["TP9", "AF7", "AF8", "TP10"])
                    if block.endIndex % 256 == 0 {
                        let power = (0..<20).map { Double($0) + Double(block.endIndex) / 256 }
                        let columns = ["TP9", "AF7", "AF8", "TP10"].flatMap { c in ["delta", "theta", "alpha", "beta", "gamma"].map { "\(c)/\($0)" } }
                        try writer.appendSeries(
                            group: "Quality", name: "BandPowerAbsolute", time: time, values: block.endIndex < 1024 ? power.map { _ in .nan } : power,
                            columns: columns)
                    }
                }
            }
            written = generator.nextIndex
        }
        try writer.addEvent(code: 900, label: "goodbye")
        try writer.finish(.complete)
        writer.removeJournal()
        return url
    }
}
