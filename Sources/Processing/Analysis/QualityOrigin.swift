/// Where an after-the-fact judgement (`report`, `analyze`) took its quality windows from: read back
/// from the recording's `/Quality` group, which the recording's own processor wrote with the same
/// settings, or recomputed from the samples (and why), so a reader of the result can tell.
public struct QualityOrigin: Sendable, Codable, Equatable {
    /// Read or recomputed.
    public enum Kind: String, Sendable, Codable {
        /// The windows the recording stored were read (their settings are the ones asked for).
        case stored
        /// The windows were computed again from the samples.
        case recomputed
    }

    /// Read or recomputed.
    public var kind: Kind
    /// Why, in a few words (for `recomputed`: what the stored series lacked or which setting differed).
    public var reason: String

    /// Creates an origin.
    public init(kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    /// The windows were read from `/Quality`.
    public static let stored = QualityOrigin(kind: .stored, reason: "read from the recording's /Quality (made with the same settings)")

    /// The windows were recomputed because of `reason`.
    public static func recomputed(_ reason: String) -> QualityOrigin { QualityOrigin(kind: .recomputed, reason: reason) }
}
