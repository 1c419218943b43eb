import Foundation
import Synchronization

/// Passes on an item's progress (sent, total) when the count changed, at most every `interval`
/// seconds, and always the last byte: libcurl calls back far more often than anyone can show.
final class ProgressThrottle: Sendable {
    private let interval: Double
    private let last = Mutex<(sent: Int64, at: Double)>((-1, 0))

    init(interval: Double = 0.05) { self.interval = interval }

    /// Whether (`sent`, `total`) should be reported now.
    func admit(sent: Int64, total: Int64) -> Bool {
        last.withLock { last in
            guard sent != last.sent, total > 0 || sent > 0 else { return false }
            // The clock is read only when the count changed: libcurl calls back many times per request.
            let now = ProcessInfo.processInfo.systemUptime
            guard sent >= total || now - last.at >= interval else { return false }
            last = (sent, now)
            return true
        }
    }
}
