import ArgumentParser

/// The headband model `simulate-headband --model` serves.
enum SimulatedModel: String, ExpressibleByArgument, CaseIterable {
    /// The classic protocol (Muse 2016, Muse 2, Muse S gen 1–2).
    case classic
    /// The Muse S Athena (MS-03): multiplexed packets on 273e0013.
    case athena
}
