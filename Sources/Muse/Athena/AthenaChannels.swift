/// The channel names the recorder stores for the Muse S Athena. **Provisional**: the public sources
/// agree on the first four EEG channels only; the names of the four extra EEG channels and the optics
/// layout are not settled publicly (docs/muse.md, "Athena").
package enum AthenaChannels {
    /// EEG names: TP9, AF7, AF8, TP10, then (8-channel layout) AUX_1 … AUX_4 (provisional).
    package static func eeg(count: Int) -> [String] {
        Array(["TP9", "AF7", "AF8", "TP10", "AUX_1", "AUX_2", "AUX_3", "AUX_4"].prefix(count))
    }

    /// Optics names and wavelengths (nm; 0 = ambient, 660 = red). 16 channels: 4 positions (left
    /// outer, left inner, right inner, right outer) × (730 nm, 850 nm, red, ambient); 8 channels: the
    /// first two of each position; 4 channels: the inner sensors' 730 and 850 nm. Provisional.
    package static func optics(count: Int) -> [(label: String, wavelength: Double)] {
        let positions = ["LO", "LI", "RI", "RO"]
        let kinds: [(String, Double)] = [("730", 730), ("850", 850), ("RED", 660), ("AMB", 0)]
        switch count {
        case 16: return positions.flatMap { p in kinds.map { ("\(p)_\($0.0)", $0.1) } }
        case 8: return positions.flatMap { p in kinds.prefix(2).map { ("\(p)_\($0.0)", $0.1) } }
        case 4: return ["LI", "RI"].flatMap { p in kinds.prefix(2).map { ("\(p)_\($0.0)", $0.1) } }
        default: return (0..<count).map { ("OPT\($0 + 1)", 0) }
        }
    }
}
