public import DataSources

/// Collects a recording's PPG or optics stream as its blocks arrive and analyses it when the
/// recording ends (``HeartRateAnalyzer``): beats need the wave on both sides, and one pass over the
/// whole stream finds the channel with the best pulse. It holds the stream's rows (16 optics
/// channels at 64 Hz: 30 MB an hour).
package struct PulseTracker: Sendable {
    /// The stream analysed.
    package let stream: StreamDescriptor
    private var times: [Double] = []
    private var values: [Double] = []

    /// A tracker for the first PPG stream of `descriptor`, or nil when it has none.
    package init?(_ descriptor: DeviceDescriptor) {
        guard let stream = descriptor.streams.first(where: { $0.kind == .ppg && $0.channelCount > 0 }) else { return nil }
        self.stream = stream
    }

    /// The converter bits of the stream's raw values: the Athena's optics 20, the classic PPG 24.
    package var bits: Int { stream.channelLabels.contains { OpticalChannel(label: $0).provisional } ? 20 : 24 }

    /// Takes a block of any stream (keeps the tracked stream's).
    package mutating func take(_ block: SampleBlock) {
        guard block.stream == stream.name, block.channelCount == stream.channelCount else { return }
        times += block.times
        values += block.values
    }

    /// The analysis of everything taken.
    package func finish() -> HeartRateAnalysis {
        HeartRateAnalyzer(bits: bits).analyze(times: times, values: values, labels: stream.channelLabels, rate: stream.samplingRate)
    }
}
