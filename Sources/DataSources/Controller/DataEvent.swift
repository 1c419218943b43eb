/// What observers of a ``DataController`` receive, in the order it happened.
public enum DataEvent: Sendable {
    /// The controller started its source; carries the source's description.
    case started(SourceInfo)
    /// Consecutive frames, oldest first; a pending ``Marker`` is already attached to its frame.
    case frames([Frame])
    /// A device condition flipped (only real flips are reported, not repeats).
    case state(DeviceStateChange)
    /// The battery level in percent.
    case battery(Double)
    /// The source ended: `nil` when it was stopped or ran out, the error when it failed. Observers
    /// that record should finish their file on this event.
    case ended((any Error)?)
}
