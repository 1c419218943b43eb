import Foundation

/// The legacy Muse presets this recorder supports, each selecting which streams the headband sends.
///
/// All four stream EEG at 256 Hz and the IMU at about 52 Hz; they differ in whether the right AUX
/// electrode and the PPG are on (BrainFlow's supported-boards table, muselsl PR #128). BrainFlow
/// reports that PPG stays all zeros unless a PPG preset (`p50`/`p51`) is sent.
public enum MusePreset: String, CaseIterable, Sendable {
    /// 5 EEG channels (with right AUX) and IMU.
    case p20
    /// 4 EEG channels and IMU; the default of BrainFlow and muse-js, and ours.
    case p21
    /// 5 EEG channels (with right AUX), IMU and PPG.
    case p50
    /// 4 EEG channels, IMU and PPG.
    case p51

    /// The preset used when none is asked for.
    public static let standard: MusePreset = .p21

    /// Parses `"p21"`, `"P21"` or `"21"`; throws ``MuseProtocolError/unknownPreset(_:)`` for anything
    /// else, naming the supported presets in the message the caller shows.
    package init(parsing text: String) throws(MuseProtocolError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let name = trimmed.hasPrefix("p") ? trimmed : "p" + trimmed
        guard let preset = MusePreset(rawValue: name) else { throw .unknownPreset(text) }
        self = preset
    }

    /// Whether the right AUX electrode streams as a fifth EEG channel.
    public var includesAux: Bool { self == .p20 || self == .p50 }

    /// Whether the three PPG characteristics stream.
    public var includesPPG: Bool { self == .p50 || self == .p51 }

    /// Whether the accelerometer and gyroscope stream (all supported presets do).
    public var includesIMU: Bool { true }

    /// The EEG characteristics streamed, in channel-slot order.
    package var eegCharacteristics: [MuseCharacteristic] {
        Array(MuseCharacteristic.eegChannels.prefix(eegChannelCount))
    }

    /// The number of EEG channels streamed: 5 with AUX, else 4.
    public var eegChannelCount: Int { includesAux ? 5 : 4 }

    /// The EEG channel labels in slot order: `TP9, AF7, AF8, TP10` and, with AUX, `AUX_R`.
    public var eegChannelLabels: [String] {
        Array(["TP9", "AF7", "AF8", "TP10", "AUX_R"].prefix(eegChannelCount))
    }

    /// The command selecting this preset.
    package var command: MuseCommand { .preset(self) }
}
