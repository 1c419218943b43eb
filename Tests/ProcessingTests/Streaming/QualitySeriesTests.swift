import DataSources
import Foundation
import Testing

@testable import Processing

/// The `Issues` and `Window` series a recording stores with each quality window give the window
/// back: its issues, findings and last row, from which the session summary and the gated Welch
/// estimate come out as from the live updates.
struct QualitySeriesTests {
    @Test func issueMasksAndFindingsFlagsReadBackAsWritten() {
        // Every subset of the issues.
        for bits in 0..<(1 << QualityIssue.allCases.count) {
            let issues = QualityIssue.allCases.enumerated().filter { bits & (1 << $0.offset) != 0 }.map(\.element)
            #expect(QualitySeries.issues(mask: QualitySeries.issueMask(issues)) == issues)
        }
        #expect(QualitySeries.issues(mask: .nan).isEmpty && QualitySeries.issues(mask: 1e9).isEmpty)
        let grades: [QualityGrade] = [.good, .bad, .medium, .bad]
        for bits in 0..<32 {
            let f = WindowFindings(
                missingData: bits & 1 != 0, offHead: bits & 2 != 0, deviceOffHead: bits & 4 != 0, artefacts: bits & 8 != 0, motion: bits & 16 != 0,
                badChannels: [1, 3])
            #expect(QualitySeries.findings(flags: QualitySeries.findingsFlags(f), grades: grades) == f)
        }
        #expect(QualitySeries.findings(flags: .nan, grades: grades) == nil)
    }

    /// A processor run over a signal with dropouts and an off-head stretch: the summary built from
    /// the stored rows (findings and grades) equals the processor's, and the gated Welch estimate
    /// marked from them equals the one marked with the live updates.
    @Test func storedRowsRebuildTheSummaryAndTheGatedWelch() {
        let configuration = OscillatorConfiguration(mode: .realistic, seed: 5, dropoutsPerMinute: 8, startTime: 1000)
        var generator = OscillatorGenerator(configuration: configuration)
        let info = configuration.descriptor
        var processor = SignalProcessor(descriptor: info, configuration: ProcessorConfiguration(mains: .fixed(50)))
        let method = processor.bandPowerMethod
        let windowRows = 512
        var live = QualityGatedWelch(parameters: method.welch, channelCount: info.channelCount, samplingRate: 256)
        var stored = live
        var summary = SessionQualitySummary(channelCount: info.channelCount)
        let first: Int64 = 0
        var rows: [QualitySeries.Row] = []
        var blocks = 0
        var next: Int64 = 0
        // The rows as a recording stores them: lost samples are NaN rows.
        func append(_ row: [Double]) {
            row.withUnsafeBufferPointer { r in
                live.append(r)
                stored.append(r)
            }
        }
        while generator.nextIndex < 256 * 60 {
            for block in generator.next(256) {
                while next < block.firstIndex {
                    append([Double](repeating: .nan, count: info.channelCount))
                    next += 1
                }
                for r in 0..<block.count { append(Array(block.values[(r * block.channelCount)..<((r + 1) * block.channelCount)])) }
                next = block.firstIndex + Int64(block.count)
                blocks += 1
                if blocks == 20 { processor.take(DeviceStateChange(state: .onHead, value: false, time: 0)) }
                if blocks == 26 { processor.take(DeviceStateChange(state: .onHead, value: true, time: 0)) }
                for update in processor.process(block) {
                    guard case .quality(let q) = update else { continue }
                    live.mark(q, windowRows: windowRows)
                    rows += QualitySeries.rows(for: update, channelNames: info.channelNames, firstSampleIndex: first)
                }
            }
        }
        let grades = rows.filter { $0.name == "Grade" }, issues = rows.filter { $0.name == "Issues" }
        let windows = rows.filter { $0.name == "Window" }
        #expect(grades.count == 120 && issues.count == 120 && windows.count == 120)
        for (k, window) in windows.enumerated() {
            #expect(window.values[0] == Double(128 * (k + 1) - 1), "the window's last row")
            let g = grades[k].values.contains { $0.isNaN } ? nil : grades[k].values.map { QualityGrade(rawValue: Int($0)) ?? .bad }
            let findings = g.flatMap { QualitySeries.findings(flags: window.values[1], grades: $0) }
            if let findings, let g { summary.add(findings, grades: g) }
            stored.mark(lastRow: Int64(window.values[0]), windowRows: windowRows, condemned: findings.flatMap { f in g?.map { f.offHead || $0 == .bad } })
        }
        #expect(summary == processor.summary)
        #expect(summary.offHeadWindows > 0 && summary.missingWindows > 0, "\(summary)")
        #expect(issues.contains { $0.values.contains { QualitySeries.issues(mask: $0).contains(.missingData) } }, "the dropouts' issues are stored")
        live.finish()
        stored.finish()
        #expect(live.segmentsUsed == stored.segmentsUsed && live.segmentsSkipped == stored.segmentsSkipped)
        #expect((0..<info.channelCount).allSatisfy { live.spectrum(channel: $0).density == stored.spectrum(channel: $0).density })
    }
}
