/// A small, fast, seedable random generator (SplitMix64), so the oscillator is reproducible across
/// runs and platforms, unlike the system generator.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by `seed`.
    package init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [0, 1).
    package mutating func uniform() -> Double {
        Double(next() >> 11) * 0x1.0p-53
    }

    /// A standard normal value (Box–Muller).
    package mutating func gaussian() -> Double {
        let u1 = max(uniform(), 0x1.0p-60)
        let u2 = uniform()
        return (-2 * _log(u1)).squareRoot() * _cos(2 * Double.pi * u2)
    }
}
