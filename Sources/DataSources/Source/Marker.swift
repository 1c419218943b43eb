/// An event code attached to the sample at which something happened (a phase onset, a stimulus, a
/// key press), with a human-readable label for the events table.
public struct Marker: Sendable, Hashable, Codable {
    /// The numeric code, as in the reference's marker scheme (e.g. 310, 320, 900). Codes below zero
    /// are reserved for events the software itself writes (see ``Marker/gap``).
    public var code: Int32

    /// A short label such as `"eyesClosed/fixation"`; may be empty.
    public var label: String

    /// Creates a marker.
    public init(code: Int32, label: String = "") {
        self.code = code
        self.label = label
    }

    /// Written where samples were lost and filled with `NaN`.
    public static let gapCode: Int32 = -1
    /// Written when the device reported a state change during a recording (e.g. taken off the head).
    public static let deviceStateCode: Int32 = -2
    /// Written when a recording ended before its planned duration (interrupted, device lost).
    public static let interruptedCode: Int32 = -3
    /// Written when the source discarded corrupt packets (never samples, never a gap; see
    /// ``DiscardedPackets``).
    public static let discardedCode: Int32 = -4
}
