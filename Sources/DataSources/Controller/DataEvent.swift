/// What observers of a ``DataController`` receive, in the order it happened.
package enum DataEvent: Sendable {
    /// The source is connected and identified: its descriptor and the anchor of the recording clock.
    /// An observer that subscribes to a running controller gets this first.
    case started(DeviceDescriptor, ClockAnchor)
    /// Consecutive samples of one stream, oldest first; markers placed on its EEG rows travel with it.
    case samples(SampleBlock)
    /// A marker placed on an EEG sample delivered earlier (its moment lay before the newest sample,
    /// or the run ended before its sample came): recorders write it at ``PlacedMarker/sample``.
    case marker(PlacedMarker)
    /// A device condition flipped (only real flips are reported, not repeats).
    case state(DeviceStateChange)
    /// The battery level in percent.
    case battery(Double)
    /// Device facts that are new or changed (see ``SourceEvent/properties(_:)``).
    case properties([String: String])
    /// The source threw packets away as corrupt (see ``SourceEvent/discarded(_:)``).
    case discarded(DiscardedPackets)
    /// What the device sent, as it arrived (see ``SourceEvent/notifications(_:)``): before the
    /// samples decoded from it. An observer that subscribes to a running source gets the connection's
    /// prologue right after ``started(_:_:)``, marked ``DeviceNotifications/isLateCopy``.
    case notifications(DeviceNotifications)
    /// The source ended: `nil` when it was stopped or ran out, the error when it failed. Observers
    /// that record should finish their file on this event.
    case ended((any Error)?)
}
