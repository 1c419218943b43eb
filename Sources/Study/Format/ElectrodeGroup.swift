/// A group of Muse electrodes.
package enum ElectrodeGroup: String, Sendable, Hashable, Codable, CaseIterable {
    /// AF7 and AF8.
    case front
    /// TP9 and TP10.
    case back
    /// All four.
    case all
}
