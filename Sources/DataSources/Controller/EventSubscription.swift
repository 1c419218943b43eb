import Synchronization

/// One observer's queue of ``DataEvent``s from a ``DataController``; iterate it with `for await`.
///
/// Ending the loop (leaving it with `break`, or the iterating task being cancelled) unsubscribes, so
/// an observer that goes away can never hold up the source.
package final class EventSubscription: AsyncSequence, Sendable {
    package typealias Element = DataEvent

    /// The policy this subscription was created with.
    package let policy: DeliveryPolicy

    private struct State {
        var buffer: [DataEvent] = []
        var head = 0
        var consumer: CheckedContinuation<DataEvent?, Never>?
        var producers: [CheckedContinuation<Void, Never>] = []
        var closed = false
        var dropped = 0

        var count: Int { buffer.count - head }

        mutating func popFirst() -> DataEvent? {
            guard head < buffer.count else { return nil }
            let event = buffer[head]
            head += 1
            if head > 64 && head * 2 > buffer.count {
                buffer.removeFirst(head)
                head = 0
            }
            return event
        }
    }

    /// Whether the observer asked for ``DataEvent/notifications(_:)`` (a recorder that keeps the
    /// device's bytes); the others never see them.
    package let receivesNotifications: Bool

    private let state = Mutex(State())

    init(policy: DeliveryPolicy, receivesNotifications: Bool = false) {
        self.policy = policy
        self.receivesNotifications = receivesNotifications
    }

    /// How many events were dropped because this (``DeliveryPolicy/latest(capacity:)``) observer fell
    /// behind. Always 0 for lossless subscriptions.
    package var droppedCount: Int { state.withLock { $0.dropped } }

    /// Whether the subscription has ended (the observer left, or ``cancel()`` was called).
    package var isClosed: Bool { state.withLock { $0.closed } }

    /// Ends the subscription: the observer's loop finishes after the events already queued.
    package func cancel() {
        let (consumer, producers) = state.withLock { s -> (CheckedContinuation<DataEvent?, Never>?, [CheckedContinuation<Void, Never>]) in
            s.closed = true
            let c = s.consumer
            s.consumer = nil
            let p = s.producers
            s.producers = []
            return (s.count == 0 ? c : nil, p)
        }
        consumer?.resume(returning: nil)
        producers.forEach { $0.resume() }
    }

    /// Delivers `event`, waiting for room if this subscription is lossless and full. Returns `false`
    /// once the subscription is closed.
    @discardableResult
    func send(_ event: DataEvent) async -> Bool {
        while true {
            enum Outcome {
                case handed(CheckedContinuation<DataEvent?, Never>)
                case queued, closed, full
            }
            let outcome: Outcome = state.withLock { s in
                if s.closed { return .closed }
                if let c = s.consumer {
                    s.consumer = nil
                    return .handed(c)
                }
                if s.count < policy.capacity {
                    s.buffer.append(event)
                    return .queued
                }
                if case .latest = policy {
                    _ = s.popFirst()
                    s.dropped += 1
                    s.buffer.append(event)
                    return .queued
                }
                return .full
            }
            switch outcome {
            case .handed(let c):
                c.resume(returning: event)
                return true
            case .queued:
                return true
            case .closed:
                return false
            case .full:
                await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in
                    let resumeNow = state.withLock { s -> Bool in
                        if s.closed || s.count < policy.capacity { return true }
                        s.producers.append(c)
                        return false
                    }
                    if resumeNow { c.resume() }
                }
            }
        }
    }

    /// Delivers `first` and then `second` in one hand-over when there is room (a waiting observer
    /// is woken once for the two, as for one event), else one after the other like ``send(_:)``.
    @discardableResult
    func send(_ first: DataEvent, then second: DataEvent) async -> Bool {
        enum Outcome {
            case handed(CheckedContinuation<DataEvent?, Never>)
            case queued, closed, oneByOne
        }
        let outcome: Outcome = state.withLock { s in
            if s.closed { return .closed }
            if let c = s.consumer {
                s.consumer = nil
                s.buffer.append(second)
                return .handed(c)
            }
            guard case .lossless = policy, s.count + 2 <= policy.capacity else { return .oneByOne }
            s.buffer.append(first)
            s.buffer.append(second)
            return .queued
        }
        switch outcome {
        case .handed(let c):
            c.resume(returning: first)
            return true
        case .queued:
            return true
        case .closed:
            return false
        case .oneByOne:
            guard await send(first) else { return false }
            return await send(second)
        }
    }

    /// Ends the subscription from the producer's side after the queued events (source gone for good).
    func finish() { cancel() }

    fileprivate func next() async -> DataEvent? {
        if let immediate = takeQueued() { return immediate }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (c: CheckedContinuation<DataEvent?, Never>) in
                enum Outcome {
                    case event(DataEvent, CheckedContinuation<Void, Never>?)
                    case end, wait
                }
                let outcome: Outcome = state.withLock { s in
                    if let e = s.popFirst() {
                        return .event(e, s.producers.isEmpty ? nil : s.producers.removeFirst())
                    }
                    if s.closed { return .end }
                    s.consumer = c
                    return .wait
                }
                switch outcome {
                case .event(let e, let producer):
                    producer?.resume()
                    c.resume(returning: e)
                case .end:
                    c.resume(returning: nil)
                case .wait:
                    break
                }
            }
        } onCancel: {
            self.cancel()
        }
    }

    private func takeQueued() -> DataEvent? {
        let (event, producer) = state.withLock { s -> (DataEvent?, CheckedContinuation<Void, Never>?) in
            guard let e = s.popFirst() else { return (nil, nil) }
            return (e, s.producers.isEmpty ? nil : s.producers.removeFirst())
        }
        producer?.resume()
        return event
    }

    /// Iterates the subscription's events; dropping the iterator unsubscribes.
    package struct AsyncIterator: AsyncIteratorProtocol {
        private let lease: Lease

        fileprivate init(_ subscription: EventSubscription) {
            lease = Lease(subscription)
        }

        /// The next event, or `nil` when the subscription has ended.
        package mutating func next() async -> DataEvent? {
            await lease.subscription.next()
        }
    }

    /// Makes the iterator; a subscription is meant to be iterated once.
    package func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(self)
    }

    /// Closes the subscription when the observer's iterator goes away.
    private final class Lease: Sendable {
        let subscription: EventSubscription
        init(_ subscription: EventSubscription) { self.subscription = subscription }
        deinit { subscription.cancel() }
    }
}
