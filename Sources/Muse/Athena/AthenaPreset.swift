import Foundation

/// The presets a Muse S Athena accepts (the public decoder's table; more may exist).
///
/// The table says which streams a preset should carry, but the headband's packets are the authority:
/// the captures show p1034 sending 4 EEG channels where the table says 8, so the recorder learns the
/// streams from the block tags (``AthenaTag``) and keeps these only as documentation and defaults.
public enum AthenaPreset: String, CaseIterable, Sendable {
    case p20, p21, p50, p51, p60, p61
    case p1034, p1035, p1041, p1042, p1043, p1044, p1045, p1046, p4129

    /// The preset used when none is asked for: 8 EEG channels and 16 optics channels.
    public static let standard: AthenaPreset = .p1041

    /// Parses `"p1041"`, `"P1041"` or `"1041"`; throws ``MuseProtocolError/unknownPreset(_:)`` otherwise.
    package init(parsing text: String) throws(MuseProtocolError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        let name = trimmed.hasPrefix("p") ? trimmed : "p" + trimmed
        guard let preset = AthenaPreset(rawValue: name) else { throw .unknownPreset(text) }
        self = preset
    }

    /// The supported names, comma-separated, for messages that refuse a preset.
    public static var supportedList: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// EEG channels the public table expects (4 or 8); the tags decide what is stored.
    public var expectedEEGChannels: Int {
        switch self {
        case .p20, .p21, .p50, .p51, .p60, .p61, .p1035: 4
        default: 8
        }
    }

    /// Optics channels the public table expects (0, 4, 8 or 16); the tags decide what is stored.
    public var expectedOpticsChannels: Int {
        switch self {
        case .p20, .p21, .p50, .p51, .p60, .p61: 0
        case .p1034, .p1043, .p1044: 8
        case .p1035, .p1045, .p1046, .p4129: 4
        case .p1041, .p1042: 16
        }
    }
}
