/// A command written to the control characteristic.
///
/// On the wire a command is `[len(text) + 1]`, the ASCII text, then a newline `0x0A`; the length byte
/// counts the newline. So `v1` is `03 76 31 0A` (the muse-js unit test) and `d` is `02 64 0A`. All
/// three open clients agree on this framing.
package enum MuseCommand: Sendable, Equatable {
    /// `v1`: ask for the device information (firmware, hardware, …), answered by a JSON object that
    /// ``MuseDeviceInfo`` reads.
    case versionInfo
    /// `s`: ask for the status (serial, MAC, battery, preset), answered by JSON that ``MuseStatus`` reads.
    case status
    /// `h`: halt (pause) streaming.
    case halt
    /// `d`: start or resume streaming.
    case start
    /// `k`: keep-alive; muselsl sends it every 10 s while recording.
    case keepAlive
    /// `pNN`: select a preset.
    case preset(MusePreset)
    /// Any other command text, for example `*1` (reset) or `L0`/`L1` (LEDs). It must be 1…18 printable
    /// ASCII characters so the framed command fits one 20-byte write; ``encoded()`` checks this.
    case raw(String)

    /// The longest command text that still fits a 20-byte ATT write with its length byte and newline.
    package static let maximumTextLength = 18

    /// The command text without framing, e.g. `"v1"` or `"p21"`.
    package var text: String {
        switch self {
        case .versionInfo: "v1"
        case .status: "s"
        case .halt: "h"
        case .start: "d"
        case .keepAlive: "k"
        case .preset(let preset): preset.rawValue
        case .raw(let text): text
        }
    }

    /// The framed bytes to write: length byte, ASCII text, newline.
    ///
    /// Throws ``MuseProtocolError/invalidCommand(_:)`` only for a ``raw(_:)`` text that is empty,
    /// longer than ``maximumTextLength``, or not printable ASCII (0x20…0x7E); the named commands
    /// always encode.
    package func encoded() throws(MuseProtocolError) -> [UInt8] {
        let ascii = Array(text.utf8)
        guard !ascii.isEmpty, ascii.count <= Self.maximumTextLength,
            ascii.allSatisfy({ (0x20...0x7E).contains($0) })
        else { throw .invalidCommand(text) }
        return [UInt8(ascii.count + 1)] + ascii + [0x0A]
    }
}
