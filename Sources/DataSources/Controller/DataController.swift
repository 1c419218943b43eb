/// Owns the active ``DataSource`` and fans its samples and device-state changes out to any number of
/// observers: a recorder, a signal-quality processor, a terminal view, a network stream.
///
/// Each observer has its own queue and ``DeliveryPolicy``: lossless observers (recorders) hold the
/// source back when they fall behind, while `latest` observers (displays) drop their oldest events, so
/// a slow display can never cost a recording a sample.
///
/// The controller defines the recording clock of each run: when it starts the source it takes a
/// ``ClockAnchor`` from its ``HostClock``; samples are stamped on that clock and ``now()`` reads it,
/// so a moment taken by a study protocol compares exactly with sample times. A marker set with
/// ``mark(_:at:)`` is a moment on that clock: it is placed on the EEG sample whose time is nearest
/// the moment (see ``PlacedMarker``), waiting for that sample when it has not arrived yet. A moment
/// in a gap (samples the source lost) waits until the gap is known and lands on the lost sample
/// nearest it, also when the run ends inside the gap: a marker is never moved because data is
/// missing.
///
/// ```swift
/// let controller = DataController(source: OscillatorSource())
/// let recorder = await controller.events(.lossless())
/// let display = await controller.events(.latest())
/// try await controller.start()
/// await controller.mark(Marker(code: 310, label: "rest"))
/// ```
package actor DataController {
    /// The source this controller drives.
    package private(set) var source: any DataSource

    /// The clock the controller and its sources read.
    package nonisolated let clock: any HostClock

    /// The descriptor the current or last run's source announced; `nil` until it started.
    package private(set) var descriptor: DeviceDescriptor?

    /// The anchor of the current or last run's recording clock.
    package private(set) var anchor: ClockAnchor?

    /// The latest value of every device condition (all `false` until the source reports).
    package private(set) var deviceState: [DeviceState: Bool]

    /// Since when (monotonic seconds on ``clock``) the source reports its link down, while it does:
    /// taken when the report reaches the controller, so a check of how long the link has been down
    /// holds however late an observer reads the `disconnected` event (`nil` while the link is up,
    /// and again once it is back: `disconnected` false or `reconnected` true).
    package private(set) var linkDownSince: Double?

    /// The most recent battery level reported by the source, in percent.
    package private(set) var batteryLevel: Double?

    /// Device facts the source reported during the current or last run (latest value of each).
    package private(set) var properties: [String: String] = [:]

    /// How many EEG samples the current or last run delivered.
    package private(set) var samplesDelivered: Int64 = 0

    /// How many packets the source discarded as corrupt in the current or last run.
    package private(set) var discardedPackets = 0

    /// Whether the source is running.
    package var isRunning: Bool { task != nil }

    /// How many lossless observers are subscribed now (recorders, signal processors: each one sees
    /// every sample and holds the source back when it falls behind). A diagnostic: it tells how many
    /// parts process the signal, e.g. that a study block runs one processor, not two.
    package var losslessObserverCount: Int {
        subscriptions.filter { subscription in
            guard case .lossless = subscription.policy else { return false }
            return !subscription.isClosed
        }.count
    }

    /// The `disconnected` flip the controller itself sends when a run ends while the device is
    /// connected (the source returned, failed or was stopped), exactly as broadcast; `nil` until
    /// then, and again when a run starts. An observer that reads its events behind the source
    /// compares a `disconnected` change with it: equal means the end of the run, however late the
    /// observer reads it; anything else is a link loss the source recovers from. (Asking at reading
    /// time whether the run is ending cannot tell them apart once the run has ended.)
    package private(set) var closingFlip: DeviceStateChange?

    private var subscriptions: [EventSubscription] = []
    /// The run's connection prologue (``DeviceNotifications/isPrologue``), for observers that join later.
    private var prologue: DeviceNotifications?
    /// Notifications not handed on yet: they go with the next event, in the same hand-over, so an
    /// observer that keeps them is not woken twice. The source puts them there without a switch to
    /// this actor (see ``NotificationInbox``).
    private let pendingNotifications = NotificationInbox()
    private var pendingMarkers: [(ticket: MarkerTicket, moment: Double, marker: Marker)] = []
    private var placements: [MarkerTicket: PlacedMarker?] = [:]
    private var placementWaiters: [MarkerTicket: [CheckedContinuation<PlacedMarker?, Never>]] = [:]
    private var settleWaiters: [CheckedContinuation<Void, Never>] = []
    private var nextTicket = 0
    /// Times of the EEG samples delivered in the last ``historySeconds``, newest last: where a marker
    /// for a moment already passed finds its sample.
    private var history: [(first: Int64, times: [Double])] = []
    private var historyRows = 0
    /// How far back a marker can still be placed exactly (older moments land on the oldest kept sample):
    /// markers are set for moments just passed, so seconds suffice.
    private static let historySeconds = 10.0
    private var task: Task<Void, Never>?
    private var runCompletion: [CheckedContinuation<(any Error)?, Never>] = []
    private var lastOutcome: (any Error)?? = nil

    /// Why the last run failed: the source's error once it ended with one, `nil` while it runs, when
    /// it was stopped or ran out (does not wait, unlike ``waitUntilEnded()``).
    package var lastFailure: (any Error)? { task == nil ? (lastOutcome ?? nil) : nil }

    /// Creates a controller for `source`; nothing runs until ``start()``.
    package init(source: any DataSource, clock: any HostClock = SystemHostClock()) {
        self.source = source
        self.clock = clock
        self.deviceState = Dictionary(uniqueKeysWithValues: DeviceState.allCases.map { ($0, false) })
    }

    /// The current time on the recording clock (seconds since the Unix epoch); before the first run,
    /// on a clock anchored now.
    package func now() -> Double {
        (anchor ?? clock.anchor()).utc(fromMonotonic: clock.monotonicNow())
    }

    /// Subscribes an observer; it receives the events of the next ``start()`` on, or, when the source
    /// runs already and has started, ``DataEvent/started(_:_:)`` first and then what follows. Only an
    /// observer that asks for them (`notifications: true`, a recorder keeping the device's bytes)
    /// receives ``DataEvent/notifications(_:)``: after a late `started`, the connection's prologue.
    package func events(_ policy: DeliveryPolicy = .lossless(), notifications: Bool = false) async -> EventSubscription {
        let subscription = EventSubscription(policy: policy, receivesNotifications: notifications)
        subscriptions.append(subscription)
        if task != nil, let descriptor, let anchor {
            await subscription.send(.started(descriptor, anchor))
            if subscription.receivesNotifications, var prologue {
                prologue.isLateCopy = true
                await subscription.send(.notifications(prologue))
            }
        }
        return subscription
    }

    /// Starts the source. Throws ``DataSourceError/alreadyRunning`` if it runs already.
    package func start() throws {
        guard task == nil else { throw DataSourceError.alreadyRunning }
        samplesDelivered = 0
        discardedPackets = 0
        closingFlip = nil
        linkDownSince = nil
        history = []
        historyRows = 0
        placements = [:]
        lastOutcome = nil
        descriptor = nil
        properties = [:]
        prologue = nil
        _ = pendingNotifications.take()
        let anchor = clock.anchor()
        self.anchor = anchor
        let source = self.source
        let context = SourceContext(clock: clock, anchor: anchor)
        task = Task { [weak self] in
            guard let self else { return }
            var failure: (any Error)?
            let inbox = self.pendingNotifications
            do {
                try await source.run(context: context) { [weak self] event in
                    // A source's bytes wait for the next event without a switch to this actor.
                    if case .notifications(let batch) = event, !batch.isPrologue {
                        inbox.put(batch)
                        return
                    }
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
    package func stop() async {
        guard let task else { return }
        task.cancel()
        await task.value
    }

    /// Waits until the current run ends by itself (a replay reaching its end) or is stopped; returns
    /// the error it ended with, if any. Returns at once when nothing runs.
    package func waitUntilEnded() async -> (any Error)? {
        if task == nil { return lastOutcome ?? nil }
        return await withCheckedContinuation { runCompletion.append($0) }
    }

    /// Waits until the source has started (announced its descriptor) and returns the descriptor, or
    /// returns `nil` when the run ended before that.
    package func waitUntilStarted() async -> DeviceDescriptor? {
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
    package func setSource(_ newSource: any DataSource) async {
        await stop()
        source = newSource
        for state in DeviceState.allCases { deviceState[state] = false }
        batteryLevel = nil
        descriptor = nil
    }

    /// Sets `marker` for `moment` on the recording clock (``now()`` when `nil`) and returns a ticket for
    /// ``placement(of:)``. The marker is placed on the EEG sample whose time is nearest `moment`: at
    /// once when that sample was delivered already (announced as ``DataEvent/marker(_:)``), else in
    /// the block that brings it. A sample lost in a gap is announced once the block after the gap
    /// was (a recorder then holds the gap's rows); when the run ends first, the marker lands on the
    /// sample its moment gives counted on from the last one at the nominal rate. Markers set before
    /// the first sample wait for it. Several markers may share a sample; none is lost.
    @discardableResult
    package func mark(_ marker: Marker, at moment: Double? = nil) async -> MarkerTicket {
        let ticket = MarkerTicket(id: nextTicket)
        nextTicket += 1
        let moment = moment ?? now()
        if let last = lastDelivered, last.time >= moment, let placed = nearestDelivered(to: moment, marker: marker) {
            await broadcast(.marker(placed))
            resolve(ticket, placed)
        } else {
            pendingMarkers.append((ticket, moment, marker))
        }
        return ticket
    }

    /// Where the marker of `ticket` was placed; waits until it is. `nil` when the run ended before
    /// any EEG sample arrived (or the ticket belongs to an earlier run).
    package func placement(of ticket: MarkerTicket) async -> PlacedMarker? {
        if let placed = placements[ticket] { return placed }
        guard pendingMarkers.contains(where: { $0.ticket == ticket }) else { return nil }
        return await withCheckedContinuation { placementWaiters[ticket, default: []].append($0) }
    }

    /// Waits until every marker set so far is placed and announced to observers: its sample has
    /// arrived, or the run ended, or `seconds` passed on the controller's clock (a source that stopped
    /// delivering), after which the waiting markers land on the samples their moments give after the
    /// newest one, as at the end of a run. Call it before ending a recording that must hold them.
    package func markersPlaced(within seconds: Double = 2) async {
        guard !pendingMarkers.isEmpty else { return }
        let clock = self.clock
        let deadline = clock.monotonicNow() + seconds
        let overdue = Task { [weak self] in
            try? await clock.sleep(untilMonotonic: deadline)
            await self?.placeWaitingOnNewest()
        }
        await withCheckedContinuation { settleWaiters.append($0) }
        overdue.cancel()
    }

    /// Places every waiting marker once no sample after its moment will come (the run ends, or the
    /// source stalled): on the sample nearest its moment counted on from the newest delivered one at
    /// the nominal rate. A moment past the newest sample lies in data that never came (a gap the
    /// recording ends in); the marker keeps its moment and lands on the lost sample there, which a
    /// recorder stores as a NaN row (see ``PlacedMarker``).
    private func placeWaitingOnNewest() async {
        let unplaced = pendingMarkers
        pendingMarkers = []
        for pending in unplaced {
            let placed = lastDelivered.map { last -> PlacedMarker in
                let period = 1 / (descriptor?.samplingRate ?? 256)
                let k = max(0, Int64(((pending.moment - last.time) / period - 0.5).rounded(.up)))
                return PlacedMarker(
                    marker: pending.marker, moment: pending.moment, sample: last.index + k, sampleTime: last.time + Double(k) * period)
            }
            if let placed { await broadcast(.marker(placed)) }
            resolve(pending.ticket, placed)
        }
        resumeSettled()
    }

    /// The newest EEG sample delivered so far.
    private var lastDelivered: (index: Int64, time: Double)? {
        guard let block = history.last, let time = block.times.last else { return nil }
        return (block.first + Int64(block.times.count - 1), time)
    }

    /// The sample nearest `moment` between `earlier` and `later`, two samples delivered one after
    /// the other (ties go to the earlier): one of them, or a sample lost between them when the
    /// source's index jumps, timed by ``GapTiming`` as a recorder times its gap rows.
    private func nearest(to moment: Double, between earlier: (index: Int64, time: Double), and later: (index: Int64, time: Double))
        -> (index: Int64, time: Double)
    {
        let missing = max(0, later.index - earlier.index - 1)
        let spacing = GapTiming.spacing(after: earlier.time, before: later.time, missing: missing, nominal: 1 / (descriptor?.samplingRate ?? 256))
        guard spacing > 0, moment > earlier.time else { return earlier }
        let k = min(missing + 1, max(0, Int64(((moment - earlier.time) / spacing - 0.5).rounded(.up))))
        if k == 0 { return earlier }
        if k == missing + 1 { return later }
        return (earlier.index + k, earlier.time + Double(k) * spacing)
    }

    /// The sample nearest `moment` among those delivered (kept for ``historySeconds``) and those
    /// lost between them (ties go to the earlier sample); the oldest kept one for an older moment.
    private func nearestDelivered(to moment: Double, marker: Marker) -> PlacedMarker? {
        var next: (index: Int64, time: Double)?
        var found: (index: Int64, time: Double)?
        for block in history.reversed() where !block.times.isEmpty {
            let times = block.times
            let last = (index: block.first + Int64(times.count - 1), time: times[times.count - 1])
            if moment >= last.time {
                found = next.map { nearest(to: moment, between: last, and: $0) } ?? last
                break
            }
            if moment >= times[0] {
                let row = times.firstIndex { $0 >= moment } ?? times.count - 1
                let r = row > 0 && moment - times[row - 1] <= times[row] - moment ? row - 1 : row
                found = (block.first + Int64(r), times[r])
                break
            }
            next = (block.first, times[0])
        }
        guard let best = found ?? next else { return nil }
        return PlacedMarker(marker: marker, moment: moment, sample: best.index, sampleTime: best.time)
    }

    /// Places the pending markers whose nearest sample is now known: the block reaches their
    /// moment. Those on a row of `block` join its markers; those on an earlier sample are returned
    /// as `earlier` (announced before the block), those on a sample lost just before the block (a
    /// moment in the gap the block ends) as `lost` (announced after it, once a recorder holds the
    /// gap's rows).
    private func placePending(in block: inout SampleBlock) -> (earlier: [PlacedMarker], lost: [PlacedMarker]) {
        guard let newest = block.times.last else { return ([], []) }
        var earlier: [PlacedMarker] = []
        var lost: [PlacedMarker] = []
        let previous = lastDelivered
        let first = (index: block.firstIndex, time: block.times[0])
        pendingMarkers.removeAll { pending in
            guard newest >= pending.moment else { return false }
            let t = pending.moment
            // A moment inside a block delivered earlier (set while that block was still being handed
            // to the observers) lands on its nearest delivered sample.
            if let previous, t <= previous.time, let placed = nearestDelivered(to: t, marker: pending.marker) {
                earlier.append(placed)
                resolve(pending.ticket, placed)
                return true
            }
            if let previous, t < first.time {
                let sample = nearest(to: t, between: previous, and: first)
                let placed = PlacedMarker(marker: pending.marker, moment: t, sample: sample.index, sampleTime: sample.time)
                if sample.index == previous.index {
                    earlier.append(placed)
                } else if sample.index == first.index {
                    block.markers.append(BlockMarker(row: 0, marker: placed.marker))
                } else {
                    lost.append(placed)
                }
                resolve(pending.ticket, placed)
                return true
            }
            let row = block.times.firstIndex { $0 >= t } ?? block.count - 1
            var placed = PlacedMarker(marker: pending.marker, moment: t, sample: block.firstIndex + Int64(row), sampleTime: block.times[row])
            if row > 0, t - block.times[row - 1] <= block.times[row] - t {
                placed.sample -= 1
                placed.sampleTime = block.times[row - 1]
            }
            block.markers.append(BlockMarker(row: Int(placed.sample - block.firstIndex), marker: placed.marker))
            resolve(pending.ticket, placed)
            return true
        }
        return (earlier, lost)
    }

    private func resolve(_ ticket: MarkerTicket, _ placed: PlacedMarker?) {
        placements[ticket] = .some(placed)
        for waiter in placementWaiters.removeValue(forKey: ticket) ?? [] { waiter.resume(returning: placed) }
    }

    private func resumeSettled() {
        guard pendingMarkers.isEmpty else { return }
        let waiting = settleWaiters
        settleWaiters = []
        waiting.forEach { $0.resume() }
    }

    /// Keeps the block's times; trims the oldest in one go once twice ``historySeconds`` are held, so
    /// the cost per block stays constant however fast the source runs.
    private func remember(_ block: SampleBlock) {
        history.append((block.firstIndex, block.times))
        historyRows += block.count
        let limit = Int(Self.historySeconds * (descriptor?.samplingRate ?? 256))
        guard historyRows >= 2 * limit, history.count > 1 else { return }
        var drop = 0
        var rows = historyRows
        while rows - history[drop].times.count >= limit, drop < history.count - 1 {
            rows -= history[drop].times.count
            drop += 1
        }
        history.removeFirst(drop)
        historyRows = rows
    }

    private func dispatch(_ event: SourceEvent) async {
        switch event {
        case .started(let descriptor):
            self.descriptor = descriptor
            await broadcast(.started(descriptor, anchor ?? clock.anchor()))
        case .samples(var block):
            guard !block.isEmpty, descriptor != nil else { return }
            guard block.stream == descriptor?.eeg.name else {
                await broadcast(.samples(block))
                return
            }
            let (earlier, lost) = pendingMarkers.isEmpty ? ([], []) : placePending(in: &block)
            for placed in earlier { await broadcast(.marker(placed)) }
            await broadcast(.samples(block))
            for placed in lost { await broadcast(.marker(placed)) }
            // Remembered only once every observer has the block: a marker set meanwhile (this actor
            // runs other calls while an observer that is behind holds the hand-over) waits for the
            // next block instead of being announced before the block of its sample.
            remember(block)
            samplesDelivered += Int64(block.count)
            resumeSettled()
        case .state(let state, let value):
            guard deviceState[state] != value else { return }
            deviceState[state] = value
            if state == .disconnected { linkDownSince = value ? clock.monotonicNow() : nil }
            if state == .reconnected, value { linkDownSince = nil }
            await broadcast(.state(DeviceStateChange(state: state, value: value, time: now())))
        case .battery(let level):
            batteryLevel = level
            await broadcast(.battery(level))
        case .properties(let facts):
            guard !facts.isEmpty else { return }
            properties.merge(facts) { _, new in new }
            await broadcast(.properties(facts))
        case .discarded(let report):
            discardedPackets = report.total
            await broadcast(.discarded(report))
        case .notifications(let batch):
            // Only a prologue comes here: the run's emit closure puts every other batch in the inbox.
            guard !batch.isEmpty else { return }
            if prologue == nil { prologue = batch } else { prologue?.append(contentsOf: batch) }
            await broadcast(.notifications(batch))
        }
    }

    private func broadcast(_ event: DataEvent) async {
        subscriptions.removeAll { $0.isClosed }
        if case .notifications = event {
            for subscription in subscriptions where subscription.receivesNotifications { await subscription.send(event) }
            return
        }
        let bytes = pendingNotifications.take().map(DataEvent.notifications)
        for subscription in subscriptions {
            if let bytes, subscription.receivesNotifications {
                await subscription.send(bytes, then: event)
            } else {
                await subscription.send(event)
            }
        }
    }

    private func finishRun(_ failure: (any Error)?) async {
        // Markers still waiting for their sample land on the last one delivered.
        await placeWaitingOnNewest()
        if deviceState[.connected] == true {
            deviceState[.connected] = false
            deviceState[.onHead] = false
            deviceState[.disconnected] = true
            linkDownSince = clock.monotonicNow()
            let flip = DeviceStateChange(state: .disconnected, value: true, time: now())
            closingFlip = flip
            await broadcast(.state(flip))
        }
        await broadcast(.ended(failure))
        task = nil
        lastOutcome = .some(failure)
        let waiting = runCompletion
        runCompletion = []
        waiting.forEach { $0.resume(returning: failure) }
    }
}
