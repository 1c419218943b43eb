/// How a reaction-time session is summarised in one number.
package enum ReactionTimeScore: String, Sendable, Hashable, Codable, CaseIterable {
    /// The median latency of the correct trials, in milliseconds.
    case medianCorrectLatency
}
