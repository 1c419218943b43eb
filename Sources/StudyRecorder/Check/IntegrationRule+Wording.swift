import Processing

extension IntegrationRule {
    /// How `check` and `analyze` name the rule to a person: which bins a band takes, in interval
    /// notation ("Σ PSD·Δf over [low, high) Hz"). `--json` and `--integration` keep the rule's
    /// key (`rectangleHalfOpen`), which is a name for programs, not for reading.
    var wording: String {
        switch self {
        case .rectangleHalfOpen: "Σ PSD·Δf over [low, high) Hz"
        case .trapezoidClosed: "trapezoid over [low, high] Hz"
        }
    }
}
