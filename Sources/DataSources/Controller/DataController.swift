/// Owns the active ``DataSource`` and fans its frames and device-state changes out to any number of
/// observers: a recorder, a signal-quality processor, a terminal view, a network stream.
///
/// Each observer has its own queue and ``DeliveryPolicy``: lossless observers (recorders) hold the
/// source back when they fall behind, while `latest` observers (displays) drop their oldest events, so
/// a slow display can never cost a recording a sample. Markers set with ``mark(_:)`` are attached
/// to the next frame the source delivers, so marker and sample can never drift apart.
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

    /// The latest value of every device condition (all `false` until the source reports).
    public private(set) var deviceState: [DeviceState: Bool]

    /// The most recent battery level reported by the source, in percent.
    public private(set) var batteryLevel: Double?

    /// How many frames the current or last run delivered.
    public private(set) var framesDelivered: Int64 = 0

    /// Whether the source is running.
    public var isRunning: Bool { task != nil }

    private var subscriptions: [EventSubscription] = []
    private var pendingMarkers: [Marker] = []
    private var task: Task<Void, Never>?
    private var runCompletion: [CheckedContinuation<(any Error)?, Never>] = []
    private var lastOutcome: (any Error)?? = nil

    /// Creates a controller for `source`; nothing runs until ``start()``.
    public init(source: any DataSource) {
        self.source = source
        self.deviceState = Dictionary(uniqueKeysWithValues: DeviceState.allCases.map { ($0, false) })
    }

    /// The description of the current source.
    public var info: SourceInfo { source.info }

    /// Subscribes an observer; events from the next ``start()`` on are delivered to it.
    public func events(_ policy: DeliveryPolicy = .lossless()) -> EventSubscription {
        let subscription = EventSubscription(policy: policy)
        subscriptions.append(subscription)
        return subscription
    }

    /// Starts the source. Throws ``DataSourceError/alreadyRunning`` if it runs already.
    public func start() throws {
        guard task == nil else { throw DataSourceError.alreadyRunning }
        framesDelivered = 0
        lastOutcome = nil
        let source = self.source
        task = Task { [weak self] in
            guard let self else { return }
            await self.broadcast(.started(source.info))
            var failure: (any Error)?
            do {
                try await source.run { [weak self] event in
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

    /// Replaces the source; a running one is stopped first and every device condition reset.
    public func setSource(_ newSource: any DataSource) async {
        await stop()
        source = newSource
        for state in DeviceState.allCases { deviceState[state] = false }
        batteryLevel = nil
    }

    /// Attaches `marker` to the next frame the source delivers. Markers set in quick succession go
    /// onto consecutive frames, none is lost.
    public func mark(_ marker: Marker) {
        pendingMarkers.append(marker)
    }

    /// Sets a condition that processing derives rather than the device reports (good signal front,
    /// back, all); observers are told when it flips.
    public func setDerivedState(_ state: DeviceState, _ value: Bool) async {
        await dispatch(.state(state, value))
    }

    private func dispatch(_ event: SourceEvent) async {
        switch event {
        case .frames(var frames):
            guard !frames.isEmpty else { return }
            if !pendingMarkers.isEmpty {
                var i = 0
                while !pendingMarkers.isEmpty && i < frames.count {
                    if frames[i].marker == nil { frames[i].marker = pendingMarkers.removeFirst() }
                    i += 1
                }
            }
            framesDelivered += Int64(frames.count)
            await broadcast(.frames(frames))
        case .state(let state, let value):
            guard deviceState[state] != value else { return }
            deviceState[state] = value
            await broadcast(.state(DeviceStateChange(state: state, value: value, time: wallClockNow())))
        case .battery(let level):
            batteryLevel = level
            await broadcast(.battery(level))
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
            await broadcast(.state(DeviceStateChange(state: .disconnected, value: true, time: wallClockNow())))
        }
        await broadcast(.ended(failure))
        task = nil
        lastOutcome = .some(failure)
        let waiting = runCompletion
        runCompletion = []
        waiting.forEach { $0.resume(returning: failure) }
    }
}
