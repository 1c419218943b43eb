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

    /// Delivers `block` next.
    func deliver(_ block: SampleBlock) { input.yield(block) }

    /// Ends the source after the blocks handed so far.
    func finish() { input.finish() }

    func run(context: SourceContext, emit: @escaping @Sendable (SourceEvent) async -> Void) async throws {
        await emit(.started(descriptor))
        for await block in blocks { await emit(.samples(block)) }
    }
}
