import DataSources
import Foundation
import Study

/// Shows device trouble while `record` or `run` goes on (``DeviceTroubleLog``): on standard error,
/// one line per change — above a progress bar on a terminal, plain lines when piped — or one JSON
/// line per change with `--json` (standard output stays the command's result).
///
/// It follows the controller on its own lossless subscription (taken before the controller starts),
/// so every gap is seen; it only counts rows, far faster than any source.
final class DeviceTroubleWatch: Sendable {
    private let task: Task<Void, Never>
    private let subscription: EventSubscription

    /// Follows `controller` (subscribe before it starts) until ``stop()``; `json` writes JSON lines
    /// instead of text; `locale` is the participant's language.
    init(controller: DataController, json: Bool, locale: String = "en") async {
        let subscription = await controller.events(.lossless(capacity: 1024))
        self.subscription = subscription
        let clearLine = !json && Terminal.stderrIsTTY
        task = Task {
            var log = DeviceTroubleLog()
            log.strings = RuntimeStrings(locale: locale)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for await event in subscription {
                let notice: DeviceTroubleNotice?
                switch event {
                case .started(let descriptor, _):
                    log.started(descriptor)
                    notice = nil
                case .state(let change):
                    let ending = change.state == .disconnected && change.value ? await controller.closingFlip == change : false
                    notice = log.take(change, ending: ending)
                case .battery(let level):
                    notice = log.take(battery: level)
                case .samples(let block):
                    notice = log.take(block)
                case .discarded(let report):
                    notice = log.take(report)
                case .ended, .marker, .properties, .notifications:
                    notice = nil
                }
                guard let notice else { continue }
                if json {
                    guard let data = try? encoder.encode(notice) else { continue }
                    Terminal.writeError(String(decoding: data, as: UTF8.self) + "\n")
                } else {
                    Terminal.writeError((clearLine ? "\r\u{1B}[2K" : "") + notice.line(prefix: log.strings(.devicePrefix)) + "\n")
                }
            }
        }
    }

    /// Stops following (the run is over).
    func stop() {
        subscription.cancel()
        task.cancel()
    }
}
