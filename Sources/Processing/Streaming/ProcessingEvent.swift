import DataSources

/// What ``LiveProcessor`` delivers while it observes a ``DataController``.
public enum ProcessingEvent: Sendable {
    /// The source started; carries its device descriptor.
    case started(DeviceDescriptor)
    /// A quality, line-noise or band-power result.
    case update(ProcessingUpdate)
    /// The source ended (`error` describes a failure); carries the session's quality summary.
    case ended(summary: SessionQualitySummary, error: String?)
}
