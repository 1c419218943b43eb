/// The processing behind a quality view.
package enum QualityMode: String, Sendable, Hashable, Codable, CaseIterable {
    /// Variance-based signal quality (fitting, check-up).
    case signalQuality
    /// Mains-interference check at the study's mains frequency.
    case noise
}
