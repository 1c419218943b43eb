import Foundation
import Processing

/// The live terminal view of `study-recorder check`: per-channel quality bars, grade and issues,
/// band powers and line noise, redrawn in place (ANSI cursor-up and clear-line) on a TTY.
struct CheckView {
    let channelNames: [String]
    let mode: CheckCommand.Mode
    let header: String
    private var drawnLines = 0
    private var quality: QualityUpdate?
    private var lineNoise: LineNoiseUpdate?
    private var bandPower: BandPowerUpdate?
    /// Battery, device conditions and data loss, shown below the bars.
    var device = DeviceStatus()

    init(channelNames: [String], mode: CheckCommand.Mode, header: String) {
        self.channelNames = channelNames
        self.mode = mode
        self.header = header
    }

    mutating func take(_ update: ProcessingUpdate) {
        switch update {
        case .quality(let q): quality = q
        case .lineNoise(let l): lineNoise = l
        case .bandPower(let b): bandPower = b
        }
    }

    /// The percent the bars show for `channel` in the chosen mode, and why it is missing.
    func percent(_ channel: Int) -> (Double, String?) {
        switch mode {
        case .quality:
            guard let q = quality else { return (.nan, "starting") }
            return (q.mynd.quality[channel], q.mynd.invalidReasons[channel])
        case .noise:
            guard let l = lineNoise else { return (.nan, "starting") }
            return (l.reading.quality[channel], l.reading.invalidReasons[channel])
        }
    }

    func lines(elapsed: Double) -> [String] {
        var out = [header + String(format: "   %.1f s", elapsed)]
        // The bars shrink on a narrow terminal (80 columns: the whole view fits).
        let width = max(10, min(24, Terminal.columns - 56))
        let nameWidth = max(5, channelNames.map(\.count).max() ?? 5)
        for (c, name) in channelNames.enumerated() {
            let (p, reason) = percent(c)
            var line = name.padding(toLength: nameWidth, withPad: " ", startingAt: 0) + " "
            if p.isFinite {
                let filled = Int((min(100, max(0, p)) / 100 * Double(width)).rounded())
                line += "[" + String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled) + "]"
                line += String(format: " %3.0f%%", min(100, p))
            } else {
                line += "[" + String(repeating: " ", count: width) + "]  --  "
            }
            if let a = quality?.assessments?[c] {
                line += "  grade \(a.grade.rawValue)"
                if !a.issues.isEmpty { line += "  " + a.issues.map(\.rawValue).joined(separator: ",") }
            } else if let reason {
                line += "  " + reason
            } else {
                line += "  grade -"
            }
            out.append(line)
        }
        if let b = bandPower {
            out.append("band power, µV² over the last \(String(format: "%g", b.windowSeconds)) s (\(b.method.integration.wording)):")
            out.append(
                String(repeating: " ", count: nameWidth + 1)
                    + b.method.bands.map { $0.name.padding(toLength: 9, withPad: " ", startingAt: 0) }.joined())
            for (c, name) in channelNames.enumerated() {
                let values = b.channels[c].absolute.map { $0.isFinite ? String(format: "%-9.1f", $0) : "NaN      " }.joined()
                out.append(
                    name.padding(toLength: nameWidth + 1, withPad: " ", startingAt: 0) + values
                        + (b.channels[c].invalidReason.map { " (\($0))" } ?? ""))
            }
        } else {
            out.append("band power: waiting for the first window")
        }
        if let l = lineNoise {
            let parts = channelNames.indices.map { c -> String in
                let q = l.reading.quality[c]
                return "\(channelNames[c]) " + (q.isFinite ? String(format: "%.0f%%", q) : "--")
            }
            let mains = l.reading.mainsFrequency.isFinite ? String(format: "%.0f Hz", l.reading.mainsFrequency) : "mains ?"
            out.append(
                "line noise (\(mains)): " + parts.joined(separator: "  ")
                    + (l.reading.invalidReasons.first { $0 != nil }.flatMap { $0 }.map { "  (\($0))" } ?? ""))
        }
        if let line = device.line { out.append(line) }
        // The window's verdict by the rule the summary counts, and what the participant should do.
        if let findings = quality?.findings {
            out.append("now: \(findings.verdict.rawValue)" + (findings.advice.map { " — \($0)" } ?? ""))
        }
        return out
    }

    /// Draws the view over the previous drawing, every line cut to the terminal's width (a wrapped
    /// line would break the redraw in place).
    mutating func draw(elapsed: Double) {
        var text = ""
        if drawnLines > 0 { text += "\u{1B}[\(drawnLines)A" }
        let width = max(20, Terminal.columns - 1)
        let lines = lines(elapsed: elapsed).map { $0.count > width ? String($0.prefix(width - 1)) + "…" : $0 }
        for line in lines { text += "\u{1B}[2K" + line + "\n" }
        drawnLines = lines.count
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
