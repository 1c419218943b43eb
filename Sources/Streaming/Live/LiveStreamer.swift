public import DataSources
import Foundation
public import Processing
import Synchronization

/// Streams what a ``DataController`` delivers to other programs while it is recorded: LSL outlets
/// and OSC datagrams (see ``StreamTarget``), with band power and quality grades from a signal
/// processor of its own.
///
/// It observes the controller with a dropping subscription (``DeliveryPolicy/latest(capacity:)``)
/// and every sink drops rather than waits, so a slow or absent consumer costs the recording nothing:
/// stream packets are dropped, never recorded samples (``droppedEvents`` counts what this observer
/// lost). Start it before the controller, finish it after:
///
/// ```swift
/// let streamer = try await LiveStreamer.start(controller: controller, configuration: .init(targets: [.lsl, .osc(host: "127.0.0.1", port: 5000)]))
/// try await controller.start()
/// …
/// await controller.stop()
/// await streamer.finish()
/// ```
package final class LiveStreamer: Sendable {
    /// Seconds between the band-power updates streamed (10 a second, as Mind Monitor sends them;
    /// each covers the last 4 s).
    package static let bandPowerInterval = 0.1

    /// What to stream and how.
    package struct Configuration: Sendable {
        /// The targets; each at most once.
        package var targets: [StreamTarget]
        /// liblsl to load (default: searched, see ``LSLLibrary/candidates(explicit:environment:)``).
        package var lslLibraryPath: String?
        /// Settings of the processor computing band power and quality (mains, band-power interval:
        /// ``LiveStreamer/bandPowerInterval`` by default).
        package var processing: ProcessorConfiguration
        /// Events this observer may fall behind by before the oldest are dropped (default 2048,
        /// about 8 s of Muse data).
        package var capacity: Int
        /// The mapping of the recording clock to LSL's clock that the recording stores (`--clock
        /// lsl`): LSL timestamps then follow it, so they equal the stored ones. Without it the offset
        /// is measured once when the source starts.
        package var lslClock: LSLClockMapping?
        /// How the LSL outlets are named and laid out (default: descriptive).
        package var lslStyle: LSLStyle

        /// Creates a configuration.
        package init(
            targets: [StreamTarget], lslLibraryPath: String? = nil,
            processing: ProcessorConfiguration = .init(bandPowerInterval: LiveStreamer.bandPowerInterval), capacity: Int = 2048,
            lslClock: LSLClockMapping? = nil, lslStyle: LSLStyle = .descriptive
        ) {
            self.lslClock = lslClock
            self.lslStyle = lslStyle
            self.targets = targets
            self.lslLibraryPath = lslLibraryPath
            self.processing = processing
            self.capacity = capacity
        }
    }

    /// The settings.
    package let configuration: Configuration
    /// The liblsl in use, when streaming to LSL.
    package let lslLibrary: LSLLibrary?
    private let subscription: EventSubscription
    private let task: Task<Void, Never>
    private let state: SharedState

    struct State {
        var failure: String?
        var lslClockOffset: Double?
    }

    /// What the streaming task reports back.
    final class SharedState: Sendable {
        let lock = Mutex(State())
        func withLock<T>(_ body: (inout State) -> T) -> T { lock.withLock { body(&$0) } }
    }

    private init(configuration: Configuration, lslLibrary: LSLLibrary?, subscription: EventSubscription, task: Task<Void, Never>, state: SharedState)
    {
        self.configuration = configuration
        self.lslLibrary = lslLibrary
        self.subscription = subscription
        self.task = task
        self.state = state
    }

    /// Subscribes to `controller` (call before starting it) and sets up the targets: liblsl is loaded
    /// and OSC hosts resolved now, so a missing library or a bad host fails before anything records.
    package static func start(controller: DataController, configuration: Configuration) async throws -> LiveStreamer {
        let library: LSLLibrary? = configuration.targets.contains(.lsl) ? try LSLLibrary.load(path: configuration.lslLibraryPath) : nil
        var senders: [OSCSender] = []
        for case .osc(let host, let port) in configuration.targets {
            senders.append(try OSCSender(host: host, port: port))
        }
        let subscription = await controller.events(.latest(capacity: configuration.capacity))
        let shared = SharedState()
        let processing = configuration.processing
        let mapping = configuration.lslClock
        let box = SendableBox(library: library, senders: senders, style: configuration.lslStyle)
        let task = Task {
            var sinks: [any LiveSink] = []
            if let library = box.library { sinks.append(LSLSink(library: library, style: box.style)) }
            sinks += box.senders.map { OSCSink(sender: $0) }
            var processor: SignalProcessor?
            var battery: Double?
            var grades: [Float]?
            for await event in subscription {
                switch event {
                case .started(let descriptor, let anchor):
                    // LSL's clock is steady_clock (CLOCK_MONOTONIC on Linux); the offset is measured
                    // rather than assumed, and is ~0 there.
                    let lslTime: @Sendable (Double) -> Double
                    if let mapping {
                        // The recording's own mapping: what is sent equals what is stored.
                        let first = mapping.points.first
                        shared.withLock { $0.lslClockOffset = first.map { $0.lsl - $0.monotonic } }
                        lslTime = { mapping.lslTime(recordingTime: $0, anchor: anchor) }
                    } else {
                        let offset = box.library.map { library in LSLClockMapping.offset { library.localClock() } } ?? 0
                        shared.withLock { $0.lslClockOffset = box.library == nil ? nil : offset }
                        lslTime = { anchor.monotonic(fromUTC: $0) + offset }
                    }
                    processor = SignalProcessor(descriptor: descriptor, configuration: processing)
                    grades = nil
                    for sink in sinks {
                        do {
                            try sink.start(descriptor, lslTime: lslTime)
                        } catch {
                            shared.withLock { $0.failure = "\(error)" }
                        }
                    }
                case .samples(let block):
                    for sink in sinks { sink.send(block) }
                    if var p = processor {
                        let updates = p.process(block)
                        processor = p
                        for update in updates {
                            switch update {
                            case .bandPower(let b):
                                for sink in sinks { sink.send(b) }
                            case .quality(let q):
                                // Quality is streamed only when a channel's grade changed.
                                guard let assessments = q.assessments else { continue }
                                let now = assessments.map { Float($0.grade.rawValue) }
                                guard now != grades else { continue }
                                grades = now
                                for sink in sinks { sink.send(grades: now, time: q.time) }
                            case .lineNoise:
                                continue
                            }
                        }
                    }
                case .state(let change):
                    for sink in sinks { sink.send(change) }
                case .battery(let level):
                    if battery.map({ abs($0 - level) >= 1 }) ?? true {
                        battery = level
                        for sink in sinks { sink.send(battery: level, time: 0) }
                    }
                case .marker(let placed):
                    for sink in sinks { sink.send(marker: placed.marker, time: placed.sampleTime) }
                case .properties, .discarded, .notifications:
                    continue
                case .ended:
                    return
                }
                // A subscription that always has events never suspends the loop; yield so a fast
                // source and this observer cannot occupy every thread of the pool between them.
                await Task.yield()
            }
        }
        return LiveStreamer(configuration: configuration, lslLibrary: library, subscription: subscription, task: task, state: shared)
    }

    /// Waits until the controller's run has ended and everything was sent.
    package func finish() async {
        await task.value
    }

    /// Stops streaming now.
    package func cancel() {
        subscription.cancel()
        task.cancel()
    }

    /// Events this observer dropped because it fell behind (never samples of the recording).
    package var droppedEvents: Int { subscription.droppedCount }

    /// Why a stream could not be created when the source started, if one could not.
    package var failure: String? { state.withLock { $0.failure } }

    /// LSL clock minus CLOCK_MONOTONIC, measured when the source started (nil without LSL).
    package var lslClockOffset: Double? { state.withLock { $0.lslClockOffset } }

    /// The string an LSL marker sample carries: the marker's label, or its code when it has none.
    static func markerText(_ marker: Marker) -> String {
        marker.label.isEmpty ? "\(marker.code)" : marker.label
    }
}

/// The sink ingredients handed to the streaming task (both types are safe to share).
private struct SendableBox: Sendable {
    let library: LSLLibrary?
    let senders: [OSCSender]
    let style: LSLStyle
}
