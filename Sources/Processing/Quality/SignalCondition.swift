/// A condition derived from the signal's quality rather than reported by the device: the fitting
/// steps' "good signal" latches. A device knows whether it is connected; only processing knows
/// whether its electrodes have good contact.
package enum SignalCondition: String, Sendable, Codable, CaseIterable {
    /// Both frontal electrodes (the device's `front` group, AF7 and AF8 on the Muse) have good signal.
    case goodSignalFront
    /// Both rear electrodes (the `back` group, TP9 and TP10 on the Muse) have good signal.
    case goodSignalBack
    /// Every active electrode has good signal.
    case goodSignal
}
