/// The times given to samples that were lost: spread evenly between the last sample before the gap
/// and the first after it, as the source timed those two (a device's clock fit may have slewed, a
/// paced replay's samples are not exactly 1/rate apart), and never past the sample after the gap, so
/// times never go back. Recorders (EEG rows and auxiliary streams) and the signal processor
/// (derived series) all time a gap by this one rule.
package enum GapTiming {
    /// The spacing of `missing` lost samples between a sample at `last` and the next one at `next`
    /// (seconds, or any unit both share); `nominal` when nothing came before the gap.
    @inlinable
    package static func spacing(after last: Double?, before next: Double, missing: Int64, nominal: Double) -> Double {
        guard let last else { return nominal }
        return max(0, next - last) / Double(missing + 1)
    }
}
