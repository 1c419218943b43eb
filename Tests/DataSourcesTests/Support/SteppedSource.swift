import DataSources

/// A source that delivers exactly the blocks the test hands it, when it hands them: the real
/// ``DataController`` runs, only the device is replaced. Ends when ``finish()`` is called.
final class SteppedSource: DataSource, Sendable {
    let kind = "stepped"
    let descriptor: DeviceDescriptor
    private let blocks: AsyncStream<SampleBlock>
    private let input: AsyncStream<SampleBlock>.Continuation

    init(descriptor: DeviceDescriptor) {
        self.descriptor = descriptor
        (blocks, input) = AsyncStream.makeStream()
    }

    /// 16 zero samples from `first`, sample *n* at 1000 + n/`samplingRate` on the recording clock:
    /// the block the marker tests deliver, whose every time is exact.
    func block(_ first: Int64, samplingRate fs: Double = 256) -> SampleBlock {
        let c = descriptor.channelCount
        return SampleBlock(
            firstIndex: first, channelCount: c, values: Array(repeating: 0, count: 16 * c),
            times: (0..<16).map { 1000 + Double(first + Int64($0)) / fs })
    }

    /// Delivers `block` next.
    func deliver(_ block: SampleBlock) { input.yield(block) }

    /// Ends the source after the blocks handed so far.
    func finish() { input.finish() }

    func run(context: SourceContext, emit: @escaping @Sendable (SourceEvent) async -> Void) async throws {
        await emit(.started(descriptor))
        for await block in blocks { await emit(.samples(block)) }
    }
}
