public import Foundation
public import Storage

/// How the study runner makes a trial's row: the stored type is Storage's (one type for the trial
/// table's format), the rule that classifies a key is the task's, here.
extension ReactionTimeResult {
    /// Classifies a trial from the key time measured from the task phase's onset (`nil`: no key).
    /// `key` is the key pressed (the response key when `nil`); a key before the stimulus or sooner
    /// after it than `anticipationBound` seconds is an anticipation, a key other than `responseKey`
    /// within the window a wrong key, and a key after the window or none a miss.
    package init(
        trial: Int, stimulus: String, response: String?, foreperiod: Double, keyAfterOnset: Double?,
        responseWindow: Double, timestamp: Date, responseKey: String = "any", anticipationBound: Double = 0.1
    ) {
        self.init(
            trial: trial, stimulus: stimulus, response: response, foreperiod: foreperiod, latencyMs: nil, outcome: .miss, timestamp: timestamp)
        guard let keyAfterOnset else { return }
        let latency = (keyAfterOnset - foreperiod) * 1000
        latencyMs = latency
        if latency < 0 {
            outcome = .anticipation
        } else if latency > responseWindow * 1000 {
            outcome = .miss
        } else if let response, !KeyPress.key(response, answers: responseKey) {
            outcome = .wrongKey
        } else if latency < anticipationBound * 1000 {
            outcome = .anticipation
        } else {
            outcome = .correct
        }
    }

    /// A moment on the recording clock (seconds since the epoch) as the table writes it.
    static func iso(_ seconds: Double) -> String {
        UTCTimestamp.iso8601(Date(timeIntervalSince1970: (seconds * 1000).rounded() / 1000 + 1e-7), fractionDigits: 3)
    }
}
