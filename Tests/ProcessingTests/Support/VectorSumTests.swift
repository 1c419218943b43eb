import Testing

@testable import Processing

@Suite("VectorSum")
struct VectorSumTests {
    @Test("equals the sequential sum for every length around the unrolled width")
    func matchesSequentialSum() {
        for count in 0...40 {
            var values: [Double] = []
            for i in 0..<count {
                let x = Double(i) * 0.37 - 3.1
                values.append(x + Double(i % 7) * 1e-3)
            }
            let expected: Double = values.reduce(0, +)
            let sum: Double = [0.0].withUnsafeBufferPointer { empty in
                values.withUnsafeBufferPointer { VectorSum.of($0.baseAddress ?? empty.baseAddress!, count: count) }
            }
            let tolerance: Double = 1e-12 * Swift.max(1.0, Swift.abs(expected))
            #expect(Swift.abs(sum - expected) <= tolerance, "count \(count)")
        }
    }

    @Test("a missing sample or an infinity anywhere makes the sum non-finite")
    func nonFiniteValuesShow() {
        for position in 0..<19 {
            for bad in [Double.nan, .infinity, -.infinity] {
                var values = [Double](repeating: 12.5, count: 19)
                values[position] = bad
                let sum = values.withUnsafeBufferPointer { VectorSum.of($0.baseAddress!, count: $0.count) }
                #expect(!sum.isFinite, "\(bad) at \(position)")
            }
        }
    }
}
