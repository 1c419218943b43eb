public import DataSources
import Synchronization

/// A ``SignalProcessor`` kept by reference, for a processor that several parts feed in turn: the
/// recording pipeline's quality monitor feeds it while nothing records and hands it to a block's
/// recording, whose writer feeds it (through the pipeline's `QualitySeriesProducer`) while the block
/// records, so the session's signal is processed once and the monitor carries on with the block's
/// windows and averages afterwards.
///
/// It only keeps the processor safe to reach from several tasks; who feeds it when is the owner's
/// rule (one part at a time, blocks in order). Until ``restart(_:)`` or ``size(for:)`` it has no
/// processor: results are empty and the attributes are none.
package final class SharedSignalProcessor: Sendable {
    /// The settings every processor it sizes is made with.
    package let configuration: ProcessorConfiguration
    private let processor = Mutex(SignalProcessor?.none)

    /// A shared processor with `configuration`; it is sized when a source announces its device.
    package init(configuration: ProcessorConfiguration = .init()) {
        self.configuration = configuration
    }

    /// Starts a fresh processor for `descriptor`'s device: windows, averages and summary start over
    /// (a recording's series start with the recording). The device's on-head state carries over: a
    /// headband that said it is off the head before the recording is off the head in it until it
    /// says otherwise.
    package func restart(_ descriptor: DeviceDescriptor) {
        processor.withLock {
            let offHead = $0?.deviceOffHead ?? false
            $0 = SignalProcessor(descriptor: descriptor, configuration: configuration)
            if offHead { $0?.take(DeviceStateChange(state: .onHead, value: false, time: 0)) }
        }
    }

    /// Takes a device condition flip in order with the blocks (``SignalProcessor/take(_:)``); nothing
    /// before the processor was sized.
    package func take(_ change: DeviceStateChange) {
        processor.withLock { $0?.take(change) }
    }

    /// Sizes the processor for `descriptor`'s device, keeping it as it is when it was sized for that
    /// device already (a feed that takes over carries on with the windows and averages so far).
    package func size(for descriptor: DeviceDescriptor) {
        processor.withLock { if $0?.descriptor != descriptor { $0 = SignalProcessor(descriptor: descriptor, configuration: configuration) } }
    }

    /// The device the processor is sized for (`nil` before it was sized).
    package var descriptor: DeviceDescriptor? { processor.withLock { $0?.descriptor } }

    /// The quality summary so far (`nil` before the processor was sized).
    package var summary: SessionQualitySummary? { processor.withLock { $0?.summary } }

    /// The processor's method parameters as stored on a `/Quality` group (``QualitySeries/attributes(for:)``;
    /// empty before the processor was sized).
    package var attributes: [String: String] { processor.withLock { $0.map { QualitySeries.attributes(for: $0) } ?? [:] } }

    /// Feeds `block` to the processor: its results, and when the block completed a one-second
    /// accelerometer window, the newest motion judgement (`moving`, else `nil`). Nothing before the
    /// processor was sized.
    package func process(_ block: SampleBlock) -> (updates: [ProcessingUpdate], moving: Bool?) {
        // Processed in place: a copy taken out of the lock would copy the processor's buffers on
        // every block (copy on write).
        processor.withLock { processor -> (updates: [ProcessingUpdate], moving: Bool?) in
            let before = processor?.summary.accelerometerWindows
            guard let updates = processor?.process(block) else { return ([], nil) }
            let moving = processor?.summary.accelerometerWindows != before ? processor?.moving : nil
            return (updates, moving)
        }
    }
}
