/// A producer of samples: a headband, the synthetic oscillator, or a stored recording played back.
///
/// A source does one thing: when run, it delivers ``SourceEvent``s to `emit` until it is cancelled
/// (the task running it is cancelled) or it has nothing more to deliver (a replay reached its end).
/// Its first event is ``SourceEvent/started(_:)`` with the device's descriptor — known only once a
/// headband answered — and nothing but device states precede it. `emit` may suspend; a source must
/// then wait rather than drop data, which is how playback as fast as possible is paced by the
/// slowest lossless consumer. A short dropout is the source's business: a headband reconnects by
/// itself and continues, and downstream sees a gap (missing indices), not an ended source.
///
/// Sources stamp samples on the recording clock of the `context` they run in (see ``ClockAnchor``)
/// and read time only from its clock, so tests can drive them without waiting in real time.
///
/// ```swift
/// let controller = DataController(source: OscillatorSource(configuration: .init(seed: 7)))
/// let events = await controller.events(.lossless())
/// try await controller.start()
/// for await event in events { … }
/// ```
public protocol DataSource: Sendable {
    /// A short machine name of the kind of source (`"oscillator"`, `"replay"`, `"muse"`), known before
    /// it runs; the full identity arrives with ``SourceEvent/started(_:)``.
    var kind: String { get }

    /// Runs the source, delivering events to `emit` in order.
    ///
    /// Returns when the source is exhausted or the calling task is cancelled; throws when the device
    /// fails for good (for example ``DataSourceError/noBluetoothAdapter(_:)``).
    func run(context: SourceContext, emit: @escaping @Sendable (SourceEvent) async -> Void) async throws
}

/// What a running source is given: the clock to read and the anchor that defines the recording clock.
public struct SourceContext: Sendable {
    /// The host clock the source reads (and sleeps on).
    public var clock: any HostClock
    /// The anchor of the recording clock: a sample taken at monotonic time `m` is stamped
    /// `anchor.utc(fromMonotonic: m)`.
    public var anchor: ClockAnchor

    /// Creates a context.
    public init(clock: any HostClock, anchor: ClockAnchor) {
        self.clock = clock
        self.anchor = anchor
    }

    /// A context on the system clock, anchored now.
    public static func system() -> SourceContext {
        let clock = SystemHostClock()
        return SourceContext(clock: clock, anchor: clock.anchor())
    }

    /// The current time on the recording clock.
    public func now() -> Double { anchor.utc(fromMonotonic: clock.monotonicNow()) }
}
