/// What a running ``DataSource`` hands to its consumer.
public enum SourceEvent: Sendable {
    /// The device is connected and identified; sent once per run, before any samples.
    case started(DeviceDescriptor)
    /// Consecutive samples of one stream, oldest first. Sources deliver small blocks rather than
    /// single samples, so high rates and faster-than-real-time playback cost little per sample.
    case samples(SampleBlock)
    /// A device condition became true or false.
    case state(DeviceState, Bool)
    /// The battery level in percent (0–100).
    case battery(Double)
    /// Device facts that are new or changed during the run (a status reply, the refined sample-clock
    /// fit); recordings store the latest value of each.
    case properties([String: String])
    /// Packets were received and thrown away as corrupt (never samples, never a gap).
    case discarded(DiscardedPackets)
    /// What the device sent, as it arrived (``DeviceNotifications``), delivered before the samples
    /// decoded from it; a batch marked ``DeviceNotifications/isPrologue`` is kept by the controller
    /// for observers that join later.
    case notifications(DeviceNotifications)
}
