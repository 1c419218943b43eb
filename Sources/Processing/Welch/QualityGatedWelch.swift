/// A whole-recording Welch estimate (``WelchAccumulator``) that leaves out what the quality windows
/// condemn: per channel, every row of a window that channel was graded bad in, and for all channels
/// every row of a window the headband was off the head in (``WindowFindings/offHead``), besides the
/// segments touching a gap the accumulator leaves out anyway. A spectrum averaged over such
/// stretches is the spectrum of the artefact (flat at ~1000 µV²/Hz for railed codes), not of the EEG.
///
/// Rows are held back until no later quality window can cover them (one window length), then
/// passed on with the condemned channels' values as NaN, so the accumulator skips and counts their
/// segments. With `includesBadWindows` only gaps are left out (the plain accumulator).
///
/// Feed rows in order (``append(_:)``), the quality updates their rows completed (``mark(_:)``),
/// and ``finish()`` at the end.
package struct QualityGatedWelch: Sendable {
    /// Whether windows graded bad or off the head are kept (only gaps are left out).
    package let includesBadWindows: Bool
    private var accumulator: WelchAccumulator
    private let width: Int
    /// Rows not yet passed on, row-major, the first at ``pendingStart``.
    private var pending: [Double] = []
    private var pendingStart: Int64 = 0
    private var appended: Int64 = 0
    /// Per channel, the rows up to (excluding) which the channel is condemned, as ranges.
    private var condemned: [[Range<Int64>]]

    /// Prepares an estimate with `parameters` for `channelCount` channels at `samplingRate` Hz.
    package init(parameters: WelchParameters, channelCount: Int, samplingRate: Double, includesBadWindows: Bool = false) {
        accumulator = WelchAccumulator(parameters: parameters, channelCount: channelCount, samplingRate: samplingRate)
        width = max(1, channelCount)
        self.includesBadWindows = includesBadWindows
        condemned = [[Range<Int64>]](repeating: [], count: width)
    }

    /// Welch segments averaged so far, per channel.
    package var segmentsUsed: [Int] { accumulator.segmentsUsed }
    /// Segments left out (touching a gap, a window graded bad or off the head), per channel.
    package var segmentsSkipped: [Int] { accumulator.segmentsSkipped }

    /// Appends one row (one value per channel, NaN where missing); it is passed on once no later
    /// quality window can cover it.
    package mutating func append(_ row: UnsafeBufferPointer<Double>) {
        if includesBadWindows {
            accumulator.append(row)
            return
        }
        for c in 0..<width { pending.append(c < row.count ? row[c] : .nan) }
        appended += 1
    }

    /// Takes the quality update the appended rows completed: its window (the `windowSeconds ×
    /// rate` rows up to ``QualityUpdate/sampleIndex``, counted in appended rows) is condemned per
    /// channel graded bad, or for all channels when the headband was off the head.
    package mutating func mark(_ update: QualityUpdate, windowRows: Int) {
        var condemned: [Bool]?
        if let assessments = update.assessments, let findings = update.findings {
            condemned = assessments.map { findings.offHead || $0.grade == .bad }
        }
        mark(lastRow: update.sampleIndex, windowRows: windowRows, condemned: condemned)
    }

    /// Takes one quality window by its last row (counted in appended rows) and, per channel, whether
    /// it is condemned (graded bad, or every channel when the headband was off the head); `nil` for
    /// an update without a judged window (warming up). What ``mark(_:windowRows:)`` does with a
    /// live update, for a window read back from a recording's `/Quality` group.
    package mutating func mark(lastRow: Int64, windowRows: Int, condemned channels: [Bool]?) {
        guard !includesBadWindows else { return }
        if let channels {
            let window = (lastRow + 1 - Int64(windowRows))..<(lastRow + 1)
            for c in 0..<min(width, channels.count) where channels[c] {
                if let last = condemned[c].last, last.upperBound >= window.lowerBound {
                    condemned[c][condemned[c].count - 1] = last.lowerBound..<max(last.upperBound, window.upperBound)
                } else {
                    condemned[c].append(window)
                }
            }
        }
        // Later windows start after this one's first row: rows before it are final.
        release(upTo: lastRow + 2 - Int64(windowRows))
    }

    /// Passes on every row still held (call once, after the last row and update).
    package mutating func finish() {
        release(upTo: appended)
    }

    /// The averaged spectrum of `channel` over the segments kept (see ``WelchAccumulator/spectrum(channel:)``).
    package func spectrum(channel: Int) -> PowerSpectrum {
        accumulator.spectrum(channel: channel)
    }

    private mutating func release(upTo end: Int64) {
        let end = min(end, appended)
        guard end > pendingStart else { return }
        let count = Int(end - pendingStart)
        var row = [Double](repeating: 0, count: width)
        for r in 0..<count {
            let index = pendingStart + Int64(r)
            for c in 0..<width {
                while let first = condemned[c].first, first.upperBound <= index { condemned[c].removeFirst() }
                let bad = condemned[c].first?.contains(index) ?? false
                row[c] = bad ? .nan : pending[r * width + c]
            }
            row.withUnsafeBufferPointer { accumulator.append($0) }
        }
        pending.removeFirst(count * width)
        pendingStart = end
    }
}
