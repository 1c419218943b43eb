/// Owns the active ``DataSource`` and fans its samples and device-state changes out to any number of
/// observers: a recorder, a signal-quality processor, a terminal view, a network stream.
///
/// Each observer has its own queue and ``DeliveryPolicy``: lossless observers (recorders) hold the
/// source back when they fall behind, while `latest` observers (displays) drop their oldest events, so
/// a slow display can never cost a recording a sample.
///
/// The controller defines the recording clock of each run: when it starts the source it takes a
/// ``ClockAnchor`` from its ``HostClock``; samples are stamped on that clock and ``now()`` reads it,
/// so a moment taken by a study protocol compares exactly with sample times. Markers set with
/// ``mark(_:)`` are attached to the next EEG rows the source delivers.
///
/// ```swift
/// let controller = DataController(source: OscillatorSource())
/// let recorder = await controller.events(.lossless())
/// let display = await controller.events(.latest())
/// try await controller.start()
/// await controller.mark(Marker(code: 310, label: "rest"))
/// ```
public actor DataController {
    /// The source this controller drives.
    public private(set) var source: any DataSource

    /// The clock the controller and its sources read.
    public nonisolated let clock: any HostClock

    /// The descriptor the current or last run's source announced; `nil` until it started.
    public private(set) var descriptor: DeviceDescriptor?

    /// The anchor of the current or last run's recording clock.
    public private(set) var anchor: ClockAnchor?

    /// The latest value of every device condition (all `false` until the source reports).
    public private(set) var deviceState: [DeviceState: Bool]

    /// The most recent battery level reported by the source, in percent.
    public private(set) var batteryLevel: Double?

    /// Device facts the source reported during the current or last run (latest value of each).
    public private(set) var properties: [String: String] = [:]

    /// How many EEG samples the current or last run delivered.
    public private(set) var samplesDelivered: Int64 = 0

    /// Whether the source is running.
    public var isRunning: Bool { task != nil }

    private var subscriptions: [EventSubscription] = []
    private var pendingMarkers: [Marker] = []
    private var task: Task<Void, Never>?
    private var runCompletion: [CheckedContinuation<(any Error)?, Never>] = []
    private var lastOutcome: (any Error)?? = nil

    /// Creates a controller for `source`; nothing runs until ``start()``.
    public init(source: any DataSource, clock: any HostClock = SystemHostClock()) {
        self.source = source
        self.clock = clock
        self.deviceState = Dictionary(uniqueKeysWithValues: DeviceState.allCases.map { ($0, false) })
    }

    /// The current time on the recording clock (seconds since the Unix epoch); before the first run,
    /// on a clock anchored now.
    public func now() -> Double {
        (anchor ?? clock.anchor()).utc(fromMonotonic: clock.monotonicNow())
    }

    /// Subscribes an observer; it receives the events of the next ``start()`` on, or, when the source
    /// runs already and has started, ``DataEvent/started(_:_:)`` first and then what follows.
    public func events(_ policy: DeliveryPolicy = .lossless()) async -> EventSubscription {
        let subscription = EventSubscription(policy: policy)
        subscriptions.append(subscription)
        if task != nil, let descriptor, let anchor {
            await subscription.send(.started(descriptor, anchor))
        }
        return subscription
    }

    /// Starts the source. Throws ``DataSourceError/alreadyRunning`` if it runs already.
    public func start() throws {
        guard task == nil else { throw DataSourceError.alreadyRunning }
        samplesDelivered = 0
        lastOutcome = nil
        descriptor = nil
        properties = [:]
        let anchor = clock.anchor()
        self.anchor = anchor
        let source = self.source
        let context = SourceContext(clock: clock, anchor: anchor)
        task = Task { [weak self] in
            guard let self else { return }
            var failure: (any Error)?
            do {
                try await source.run(context: context) { [weak self] event in
                    await self?.dispatch(event)
                }
            } catch is CancellationError {
            } catch {
                failure = error
            }
            await self.finishRun(failure)
        }
    }

    /// Stops the source and waits until observers have been told (``DataEvent/ended(_:)``).
    public func stop() async {
        guard let task else { return }
        task.cancel()
        await task.value
    }

    /// Waits until the current run ends by itself (a replay reaching its end) or is stopped; returns
    /// the error it ended with, if any. Returns at once when nothing runs.
    public func waitUntilEnded() async -> (any Error)? {
        if task == nil { return lastOutcome ?? nil }
        return await withCheckedContinuation { runCompletion.append($0) }
    }

    /// Waits until the source has started (announced its descriptor) and returns the descriptor, or
    /// returns `nil` when the run ended before that.
    public func waitUntilStarted() async -> DeviceDescriptor? {
        if let descriptor, task != nil { return descriptor }
        guard task != nil else { return nil }
        let subscription = await events(.latest(capacity: 64))
        defer { subscription.cancel() }
        // The subscription keeps only the latest events: a fast source can push `started` out before
        // it is read, so any later event answers with the descriptor the start stored.
        for await event in subscription {
            switch event {
            case .started(let d, _): return d
            case .ended: return descriptor
            default: if let descriptor { return descriptor }
            }
        }
        return descriptor
    }

    /// Replaces the source; a running one is stopped first and every device condition reset.
    public func setSource(_ newSource: any DataSource) async {
        await stop()
        source = newSource
        for state in DeviceState.allCases { deviceState[state] = false }
        batteryLevel = nil
        descriptor = nil
    }

    /// Attaches `marker` to the next EEG row the source delivers. Markers set in quick succession go
    /// onto consecutive rows, none is lost.
    public func mark(_ marker: Marker) {
        pendingMarkers.append(marker)
    }

    private func dispatch(_ event: SourceEvent) async {
        switch event {
        case .started(let descriptor):
            self.descriptor = descriptor
            await broadcast(.started(descriptor, anchor ?? clock.anchor()))
        case .samples(var block):
            guard !block.isEmpty, descriptor != nil else { return }
            if block.stream == descriptor?.eeg.name {
                if !pendingMarkers.isEmpty {
                    let taken = Set(block.markers.map(\.row))
                    var row = 0
                    while !pendingMarkers.isEmpty && row < block.count {
                        if !taken.contains(row) { block.markers.append(BlockMarker(row: row, marker: pendingMarkers.removeFirst())) }
                        row += 1
                    }
                }
                samplesDelivered += Int64(block.count)
            }
            await broadcast(.samples(block))
        case .state(let state, let value):
            guard deviceState[state] != value else { return }
            deviceState[state] = value
            await broadcast(.state(DeviceStateChange(state: state, value: value, time: now())))
        case .battery(let level):
            batteryLevel = level
            await broadcast(.battery(level))
        case .properties(let facts):
            guard !facts.isEmpty else { return }
            properties.merge(facts) { _, new in new }
            await broadcast(.properties(facts))
        }
    }

    private func broadcast(_ event: DataEvent) async {
        subscriptions.removeAll { $0.isClosed }
        for subscription in subscriptions {
            await subscription.send(event)
        }
    }

    private func finishRun(_ failure: (any Error)?) async {
        if deviceState[.connected] == true {
            deviceState[.connected] = false
            deviceState[.onHead] = false
            deviceState[.disconnected] = true
            await broadcast(.state(DeviceStateChange(state: .disconnected, value: true, time: now())))
        }
        await broadcast(.ended(failure))
        task = nil
        lastOutcome = .some(failure)
        let waiting = runCompletion
        runCompletion = []
        waiting.forEach { $0.resume(returning: failure) }
    }
}
