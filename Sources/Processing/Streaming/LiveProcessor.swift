public import DataSources

/// Runs a ``SignalProcessor`` on everything a ``DataController`` delivers and hands the results out
/// as an async sequence: the processing observer a recorder, a terminal view or a study protocol
/// waits on.
///
/// It subscribes losslessly, so every sample is processed (the processor is far faster than any
/// source; see docs/performance.md) and stored quality series have no holes. A display that may
/// fall behind should read the returned stream promptly or drop results itself.
///
/// ```swift
/// let events = await LiveProcessor.events(controller: controller)
/// try await controller.start()
/// for await event in events { if case .update(.quality(let q)) = event { … } }
/// ```
package enum LiveProcessor {
    /// Subscribes to `controller` (before it is started) and returns the processing events of its
    /// next run. The stream finishes after ``ProcessingEvent/ended(summary:error:)``; cancelling the
    /// iterating task unsubscribes.
    package static func events(controller: DataController, configuration: ProcessorConfiguration = .init()) async -> AsyncStream<ProcessingEvent> {
        let subscription = await controller.events(.lossless(capacity: 1024))
        let (stream, continuation) = AsyncStream<ProcessingEvent>.makeStream(bufferingPolicy: .unbounded)
        let task = Task {
            // Sized when the source announces its device (a headband's channels are known only then).
            var processor: SignalProcessor?
            var continuity: StreamContinuity?
            var reported: StreamContinuity?
            var reportedAt = 0.0
            func summary() -> SessionQualitySummary {
                processor?.summary ?? SessionQualitySummary(channelCount: 0, criteria: configuration.criteria)
            }
            for await event in subscription {
                switch event {
                case .started(let descriptor, _):
                    processor = SignalProcessor(descriptor: descriptor, configuration: configuration)
                    continuity = StreamContinuity(stream: descriptor.eeg.name)
                    continuation.yield(.started(descriptor))
                case .samples(let block):
                    guard var p = processor else { continue }
                    for update in p.process(block) { continuation.yield(.update(update)) }
                    processor = p
                    if block.stream == continuity?.stream, var c = continuity, let time = block.times.last {
                        c.take(block)
                        continuity = c
                        let lossChanged = c.missingRows != reported?.missingRows || c.missingValues != reported?.missingValues
                        if reported == nil || (lossChanged && time - reportedAt >= 0.25) || time - reportedAt >= 1 {
                            continuation.yield(.continuity(c))
                            reported = c
                            reportedAt = time
                        }
                    }
                case .state(let change):
                    processor?.take(change)
                    continuation.yield(.state(change))
                case .battery(let percent):
                    continuation.yield(.battery(percent))
                case .ended(let error):
                    continuation.yield(.ended(summary: summary(), error: error))
                    continuation.finish()
                    return
                case .properties, .marker, .discarded, .notifications:
                    continue
                }
            }
            continuation.yield(.ended(summary: summary(), error: nil))
            continuation.finish()
        }
        continuation.onTermination = { _ in
            task.cancel()
            subscription.cancel()
        }
        return stream
    }
}
