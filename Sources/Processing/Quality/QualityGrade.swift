/// A per-channel signal grade in the convention Muse users know from the SDK's "horseshoe"
/// indicator: 1 good, 2 medium, 4 bad.
public enum QualityGrade: Int, Sendable, Codable, Comparable, CaseIterable {
    /// Usable EEG.
    case good = 1
    /// Usable with care: one measure is outside its good range.
    case medium = 2
    /// Not usable: flat, railed, missing, or far outside the EEG range.
    case bad = 4

    /// Orders grades from good to bad.
    public static func < (a: QualityGrade, b: QualityGrade) -> Bool { a.rawValue < b.rawValue }
}
