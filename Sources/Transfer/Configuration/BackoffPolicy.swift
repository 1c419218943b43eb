public import Foundation

/// When to try an item again after a failure: exponential backoff with jitter, so devices that failed
/// together do not all retry at the same moment.
///
/// The n-th consecutive failure waits a random time between half and all of
/// `min(maximum, initial × 2^(n−1))` seconds.
package struct BackoffPolicy: Sendable, Codable, Equatable {
    /// The wait after the first failure, in seconds.
    package var initial: Double
    /// The longest wait, in seconds.
    package var maximum: Double

    /// A policy; by default 1 minute, doubling up to 6 hours.
    package init(initial: Double = 60, maximum: Double = 6 * 3600) {
        self.initial = initial
        self.maximum = maximum
    }

    private enum CodingKeys: String, CodingKey { case initial, maximum }

    /// Decodes a policy; missing fields take the defaults.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        initial = try c.decodeIfPresent(Double.self, forKey: .initial) ?? 60
        maximum = try c.decodeIfPresent(Double.self, forKey: .maximum) ?? 6 * 3600
    }

    /// Refuses negative or infinite waits and a maximum below the initial wait.
    func validate() throws {
        for (key, value) in [("initial", initial), ("maximum", maximum)] where !(value.isFinite && value >= 0) {
            throw TransferError.configuration("backoff.\(key) must be zero or more seconds, not \(value)")
        }
        guard maximum >= initial else { throw TransferError.configuration("backoff.maximum (\(maximum)) is below backoff.initial (\(initial))") }
    }

    /// The wait after the `failures`-th consecutive failure (1-based), with `jitter` in 0...1.
    package func delay(afterFailures failures: Int, jitter: Double) -> TimeInterval {
        let exponent = Double(max(0, min(failures - 1, 40)))
        let ceiling = min(maximum, initial * pow(2, exponent))
        return ceiling * (0.5 + 0.5 * min(1, max(0, jitter)))
    }
}
