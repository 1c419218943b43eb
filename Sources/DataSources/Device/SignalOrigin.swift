/// Where a source's signal comes from, as the source itself knows it: a real headband, a simulated
/// one, a capture or a recording played back, or synthesised. Stored with every recording
/// (`/Provenance` `Source`), so nothing made without a participant's head passes as their data.
///
/// A source says it in its ``DeviceDescriptor/origin``. A Muse source cannot see the headband, only
/// the ATT server it talks to: it calls the link a simulated headband when its address is a Unix
/// socket (`unix:PATH`, which only ``SimulatedHeadband`` serves; a real headband is reached over
/// Bluetooth) or when the headband's status reply carries the simulator's own `sim` field, and a
/// replayed capture when that field says `replay` (`simulate-headband --replay CAPTURE`).
public enum SignalOrigin: String, Sendable, Hashable, Codable, CaseIterable {
    /// A real headband over Bluetooth LE.
    case headband
    /// The project's simulated headband (`simulate-headband`), generating its signal.
    case simulatedHeadband = "simulated-headband"
    /// The simulated headband playing a captured headband's notifications (`simulate-headband --replay`).
    case replayedCapture = "replayed-capture"
    /// A stored recording played back (`--source replay`).
    case replay
    /// The synthetic oscillator (`--source oscillator`, the default).
    case oscillator
    /// A source that does not say (a program's own ``DataSource`` through the kit).
    case other

    /// Whether the signal is made or played back rather than read from a head now: every origin but
    /// ``headband`` and ``other``.
    public var isSimulated: Bool {
        switch self {
        case .headband, .other: false
        case .simulatedHeadband, .replayedCapture, .replay, .oscillator: true
        }
    }
}
