/// Why a Muse payload, command or preset name was refused.
///
/// Every decoder in this module reports malformed input with one of these cases instead of trapping,
/// so no sequence of bytes from a headband (or from a fuzzer) can stop the process.
package enum MuseProtocolError: Error, Sendable, Equatable {
    /// A notification had the wrong size: every legacy Muse packet is exactly 20 bytes (the default
    /// ATT MTU of 23 minus the 3-byte notification header).
    case wrongPayloadLength(packet: String, expected: Int, actual: Int)
    /// A preset name that is not one of ``MusePreset``'s cases (for example `p22` or `p99`).
    case unknownPreset(String)
    /// A raw command that cannot be sent: empty, not printable ASCII, containing a newline, or too
    /// long to fit one 20-byte write.
    case invalidCommand(String)
}
