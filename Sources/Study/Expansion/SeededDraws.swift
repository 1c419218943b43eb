import DataSources

/// The random draws of the protocol, on a seedable generator so `--seed` reproduces a session.
package struct SeededDraws: Sendable {
    private var generator: SplitMix64

    /// Creates draws from `seed`.
    package init(seed: UInt64) { generator = SplitMix64(seed: seed) }

    /// A uniform value in `range` (lower bound inclusive).
    package mutating func uniform(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + generator.uniform() * (range.upperBound - range.lowerBound)
    }

    /// A jitter in `-amount...amount` (the reference meant this but drew `0...amount`).
    package mutating func jitter(_ amount: Double) -> Double {
        amount == 0 ? 0 : uniform(in: -amount...amount)
    }

    /// A uniform index in `0..<count` (0 when `count` is less than 1).
    package mutating func index(below count: Int) -> Int {
        guard count > 1 else { return 0 }
        return Int(generator.next() % UInt64(count))
    }

    /// An integer from a Gaussian centred on the middle of `range` with a standard deviation of a
    /// sixth of its width (GameKit's `GKGaussianDistribution`), redrawn until it falls in `range`.
    package mutating func gaussianInteger(in range: ClosedRange<Int>) -> Int {
        let mean = Double(range.lowerBound + range.upperBound) / 2
        let deviation = Double(range.upperBound - range.lowerBound) / 6
        while true {
            let value = Int((mean + deviation * generator.gaussian()).rounded())
            if range.contains(value) { return value }
        }
    }

    /// Shuffles `elements` (Fisher–Yates).
    package mutating func shuffled<T>(_ elements: [T]) -> [T] {
        var result = elements
        guard result.count > 1 else { return result }
        for i in stride(from: result.count - 1, to: 0, by: -1) {
            result.swapAt(i, index(below: i + 1))
        }
        return result
    }

    /// Mental-subtraction numbers: a start on 500…900 not divisible by 5, and a step on 3…9 other than 5.
    package mutating func mentalSubtraction() -> (from: Int, step: Int) {
        var from = gaussianInteger(in: 500...900)
        while from % 5 == 0 { from = gaussianInteger(in: 500...900) }
        var step = gaussianInteger(in: 3...9)
        while step == 5 { step = gaussianInteger(in: 3...9) }
        return (from, step)
    }
}
