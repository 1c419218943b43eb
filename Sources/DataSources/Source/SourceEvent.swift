/// What a running ``DataSource`` hands to its consumer.
public enum SourceEvent: Sendable {
    /// Consecutive samples, oldest first. Sources deliver small blocks rather than single frames so
    /// high rates and faster-than-real-time playback cost little per sample.
    case frames([Frame])
    /// A device condition became true or false.
    case state(DeviceState, Bool)
    /// The battery level in percent (0–100).
    case battery(Double)
}
