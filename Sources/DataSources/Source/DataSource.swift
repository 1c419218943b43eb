/// A producer of EEG frames: a headband, the synthetic oscillator, or a stored recording played back.
///
/// A source does one thing: when run, it delivers ``SourceEvent``s to `emit` until it is cancelled
/// (the task running it is cancelled) or it has nothing more to deliver (a replay reached its end).
/// `emit` may suspend; a source must then wait rather than drop data, which is how playback as fast as
/// possible is paced by the slowest lossless consumer. Sources are normally driven by a
/// ``DataController``, which fans their events out to any number of observers.
///
/// ```swift
/// let source = OscillatorSource(configuration: .init(mode: .realistic, seed: 7))
/// let controller = DataController(source: source)
/// let events = await controller.events(.lossless())
/// try await controller.start()
/// for await event in events { … }
/// ```
public protocol DataSource: Sendable {
    /// The channel layout, rate and device identity of what this source delivers.
    var info: SourceInfo { get }

    /// Runs the source, delivering events to `emit` in order.
    ///
    /// Returns when the source is exhausted or the calling task is cancelled; throws when the device
    /// fails (for example ``DataSourceError/noBluetoothAdapter``).
    func run(emit: @escaping @Sendable (SourceEvent) async -> Void) async throws
}
