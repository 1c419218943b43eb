public import DataSources

/// What ``LiveProcessor`` delivers while it observes a ``DataController``.
package enum ProcessingEvent: Sendable {
    /// The source started; carries its device descriptor.
    case started(DeviceDescriptor)
    /// A quality, line-noise or band-power result.
    case update(ProcessingUpdate)
    /// A device condition flipped (connected, on head, battery low, disconnected, reconnected).
    case state(DeviceStateChange)
    /// The device's battery level in percent.
    case battery(Double)
    /// How complete the EEG stream is so far; sent when it changed, at most about once a second.
    case continuity(StreamContinuity)
    /// The source ended (`error` describes a failure); carries the session's quality summary.
    case ended(summary: SessionQualitySummary, error: (any Error)?)
}
