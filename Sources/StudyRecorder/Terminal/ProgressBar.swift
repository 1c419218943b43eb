import Foundation

/// A one-line progress bar redrawn in place on standard error, shown only when standard error is a
/// terminal, so piped and scheduled runs stay quiet.
struct ProgressBar {
    let label: String
    let enabled: Bool
    private var lastDraw = ContinuousClock.now - .seconds(1)

    init(label: String, enabled: Bool = Terminal.stderrIsTTY) {
        self.label = label
        self.enabled = enabled
    }

    /// Redraws with `fraction` (0…1, or `nil` for open-ended work) and a short status text; at most
    /// 10 times a second unless `force`.
    mutating func update(fraction: Double?, status: String, force: Bool = false) {
        guard enabled else { return }
        let now = ContinuousClock.now
        guard force || now - lastDraw >= .milliseconds(100) else { return }
        lastDraw = now
        let width = 30
        var bar = ""
        if let fraction {
            let filled = Int((max(0, min(1, fraction)) * Double(width)).rounded(.down))
            bar =
                "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "] "
                + String(format: "%3d%% ", Int((fraction * 100).rounded(.down)))
        }
        Terminal.writeError("\r\u{1B}[2K\(label) \(bar)\(status)")
    }

    /// Ends the bar's line.
    func finish() {
        guard enabled else { return }
        Terminal.writeError("\n")
    }
}
