import DataSources
import Foundation

/// Plays one block of a recording session: every trial's phases in order, each phase's marker written
/// at its onset (attached by the ``DataController`` to the next sample), its text shown and cued, its
/// duration waited (scaled by the run's speed), and reaction-time tasks measured.
struct BlockPlayer {
    let context: SessionContext
    let automatic: Bool

    /// Plays `block`; returns the reaction-time trials (empty for other paradigms). Throws
    /// ``RunnerError/interrupted(_:)`` when the device is lost or the battery runs low, and
    /// `CancellationError` on Ctrl-C.
    func play(_ block: ExpandedBlock, blockCount: Int) async throws -> [ReactionTimeResult] {
        var results: [ReactionTimeResult] = []
        for (n, trial) in block.trials.enumerated() {
            await context.interface.status(context.strings(.trialProgress, block.index + 1, blockCount, n + 1, block.trials.count))
            let texts = context.values.merging(trial.values) { $1 }
            for phase in trial.phases {
                try checkInterruption()
                let label = "\(trial.type)/\(phase.kind.rawValue)"
                if let task = phase.task {
                    results.append(try await reaction(task, phase: phase, trial: trial, values: texts))
                    continue
                }
                await context.controller.mark(Marker(code: phase.marker, label: label))
                let text = phase.text.map { context.render($0, values: texts) }
                if let text {
                    await context.interface.show(text, title: nil)
                    await context.cue(text)
                }
                switch phase.duration {
                case .seconds(let s):
                    try await sleepWatching(s)
                case .untilAcknowledged:
                    if automatic { try await sleepWatching(1) } else { try await context.interface.acknowledge(context.strings(.pressEnter)) }
                case .untilSpoken:
                    // Spoken prompts advance 1 s after the speech ends (the reference's rule); the
                    // speech time is estimated from the text at about 2.5 words per second.
                    let words = Double(text?.split(whereSeparator: \.isWhitespace).count ?? 0)
                    try await sleepWatching(words / 2.5 + 1)
                }
            }
        }
        return results
    }

    private func reaction(_ task: ExpandedTask, phase: ExpandedPhase, trial: ExpandedTrial, values: [String: String]) async throws -> ReactionTimeResult {
        let spec = task.reactionTime
        let onset = ContinuousClock.now
        let startedAt = Date()
        await context.controller.mark(Marker(code: phase.marker, label: "\(trial.type)/foreperiod"))
        await context.interface.show("+", title: nil)
        let stimulusText = context.render(spec.stimulus, values: values)
        let early = await context.interface.key(until: context.pacer.deadline(in: task.foreperiod), beforeStimulus: true)
        try checkInterruption()
        if let early {
            await context.controller.mark(Marker(code: spec.anticipationMarker, label: "\(trial.type)/anticipation"))
            await context.interface.status(context.strings(.tooEarly))
            try await sleepWatching(max(0, task.foreperiod - context.pacer.studySeconds(from: onset, to: early)))
            return ReactionTimeResult(
                trial: trial.index, stimulus: stimulusText, response: spec.responseKey, foreperiod: task.foreperiod,
                keyAfterOnset: context.pacer.studySeconds(from: onset, to: early), responseWindow: spec.responseWindow, timestamp: startedAt)
        }
        await context.controller.mark(Marker(code: spec.stimulusMarker, label: "\(trial.type)/stimulus"))
        let shown = ContinuousClock.now
        await context.interface.show(stimulusText, title: nil)
        let press = await context.interface.key(until: context.pacer.deadline(in: spec.responseWindow), beforeStimulus: false)
        try checkInterruption()
        if press != nil {
            await context.controller.mark(Marker(code: spec.responseMarker, label: "\(trial.type)/response"))
        } else {
            await context.controller.mark(Marker(code: spec.missMarker, label: "\(trial.type)/miss"))
        }
        let keyAfterOnset = press.map { task.foreperiod + context.pacer.studySeconds(from: shown, to: $0) }
        return ReactionTimeResult(
            trial: trial.index, stimulus: stimulusText, response: press == nil ? nil : spec.responseKey, foreperiod: task.foreperiod,
            keyAfterOnset: keyAfterOnset, responseWindow: spec.responseWindow, timestamp: startedAt)
    }

    private func checkInterruption() throws {
        try Task.checkCancellation()
        if let why = context.monitor.interruption { throw RunnerError.interrupted(why) }
    }

    /// Waits `seconds` of signal: until the source has delivered that many more samples. Phase timing
    /// is locked to the EEG clock, so a 60 s fixation is exactly 60 s of recording between its marker
    /// and the next, whatever the run's speed or the machine's load. A lost device ends the block
    /// promptly; a source that stops delivering for 5 s ends it too.
    private func sleepWatching(_ seconds: Double) async throws {
        let fs = await context.controller.descriptor?.samplingRate ?? 256
        var delivered = await context.controller.samplesDelivered
        let target = delivered + Int64((seconds * fs).rounded())
        var lastProgress = ContinuousClock.now
        while delivered < target {
            try checkInterruption()
            let remaining = Double(target - delivered) / fs
            try await Task.sleep(for: .seconds(min(0.1, max(0.002, context.pacer.real(remaining)))))
            let now = await context.controller.samplesDelivered
            if now > delivered {
                lastProgress = .now
            } else if ContinuousClock.now - lastProgress > .seconds(5) {
                throw RunnerError.interrupted("the device stopped sending data")
            }
            delivered = now
        }
    }
}
