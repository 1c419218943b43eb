/// Where an after-the-fact judgement (`report`, `analyze`) took its quality windows from: read back
/// from the recording's `/Quality` group, which the recording's own processor wrote with the same
/// settings, or recomputed from the samples (and why), so a reader of the result can tell.
package struct QualityOrigin: Sendable, Codable, Equatable {
    /// Read or recomputed.
    package enum Kind: String, Sendable, Codable {
        /// The windows the recording stored were read (their settings are the ones asked for).
        case stored
        /// The windows were computed again from the samples.
        case recomputed
    }

    /// Read or recomputed.
    package var kind: Kind
    /// Why, in a few words (for `recomputed`: what the stored series lacked or which setting differed).
    package var reason: String

    /// Creates an origin.
    package init(kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    /// The windows were read from `/Quality`.
    package static let stored = QualityOrigin(kind: .stored, reason: "read from the recording's /Quality (made with the same settings)")

    /// The windows were recomputed because of `reason`.
    package static func recomputed(_ reason: String) -> QualityOrigin { QualityOrigin(kind: .recomputed, reason: reason) }
}
