/// When stored data are moved to the study's server.
package struct TransferPolicy: Sendable, Hashable, Codable {
    /// The upload moment.
    package var mode: TransferMode

    /// Creates a policy.
    package init(mode: TransferMode) { self.mode = mode }
}
