/// Per-trial random values that fill placeholders.
package enum TrialGenerator: String, Sendable, Hashable, Codable, CaseIterable {
    /// Mental subtraction: a start number (Gaussian on 500…900, not divisible by 5) and a step
    /// (Gaussian on 3…9, not 5); fills `#mentalSubtraction#`, `#subtractFrom#`, `#subtractStep#`.
    case mentalSubtraction

    /// The placeholders this generator fills.
    package var placeholders: Set<String> {
        switch self {
        case .mentalSubtraction: ["mentalSubtraction", "subtractFrom", "subtractStep"]
        }
    }
}
