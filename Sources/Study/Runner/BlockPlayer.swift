import DataSources
import Foundation
import RecordingPipeline
import Storage

/// Plays one block of a recording session: every trial's phases in order, each phase's marker set for
/// its onset (a moment on the recording clock, placed by the ``DataController`` on the sample nearest
/// it), its text shown and cued, its duration waited (scaled by the run's speed), and reaction-time
/// tasks measured. Everything runs on the pacer's host clock (the run's ``RunnerOptions/hostClock``):
/// phase waits, and in reaction-time trials the onset, the stimulus, the deadlines the participant
/// interface waits for a key until and the instants it times keys at, so latencies and marker
/// moments are exact on a test's manual clock.
struct BlockPlayer {
    let context: SessionContext
    let automatic: Bool

    /// Plays `block`, appending each reaction-time trial to `trials` as soon as it ends (so an
    /// interrupted block keeps the trials done so far). Throws ``RunnerError/interrupted(_:)`` when
    /// the device is lost or the battery runs low, and `CancellationError` on Ctrl-C.
    func play(_ block: ExpandedBlock, blockCount: Int, trials: inout [ReactionTrial]) async throws {
        // The sample count the current timed phase counts from: the previous timed phase's end, so
        // consecutive phases add up to the sample however late a poll notices an end.
        var timeline: Int64?
        // The progress counts what the participant calls trials: in a block with a task, the trials
        // that run it (its instruction and thank-you screens are not counted); otherwise every trial.
        let counted = Self.countedTrials(block)
        for (n, trial) in block.trials.enumerated() {
            if let number = counted.numbers[n] {
                await context.interface.status(context.strings(.trialProgress, block.index + 1, blockCount, number, counted.total))
            }
            let texts = context.values.merging(trial.values) { $1 }
            for phase in trial.phases {
                try await checkInterruption()
                let label = "\(trial.type)/\(phase.kind.rawValue)"
                if let task = phase.task {
                    trials.append(try await reaction(task, phase: phase, trial: trial, values: texts))
                    timeline = nil
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
                    try await sleepWatching(s, from: &timeline)
                case .untilAcknowledged:
                    if automatic {
                        try await sleepWatching(1, from: &timeline)
                    } else {
                        try await context.interface.anyKey(context.strings(.pressAnyKey))
                        timeline = nil
                    }
                case .untilSpoken:
                    // Spoken prompts advance 1 s after the speech ends (the reference's rule); the
                    // speech time is estimated from the text at about 2.5 words per second.
                    let words = Double(text?.split(whereSeparator: \.isWhitespace).count ?? 0)
                    try await sleepWatching(words / 2.5 + 1, from: &timeline)
                }
            }
        }
    }

    /// One reaction-time trial. Every moment (phase onset, stimulus shown, key read, window over) is
    /// read on the run's host clock where it happens, its latency measured between such readings and
    /// its marker set for its moment on the recording clock, so markers and the trial table agree to
    /// the sample whatever the delivery latency of the source.
    private func reaction(_ task: ExpandedTask, phase: ExpandedPhase, trial: ExpandedTrial, values: [String: String]) async throws -> ReactionTrial {
        let spec = task.reactionTime
        let host = context.pacer.clock
        let clock = RecordingClockReader(controller: context.controller, anchor: await context.controller.anchor)
        let onset = host.monotonicNow()
        let startedAt = Date(timeIntervalSince1970: clock.moment(of: onset))
        await context.controller.mark(Marker(code: phase.marker, label: "\(trial.type)/foreperiod"), at: clock.moment(of: onset))
        await context.interface.show("+", title: nil)
        let stimulusText = context.render(spec.stimulus, values: values)
        let foreperiodEnd = onset + context.pacer.real(task.foreperiod)
        let early = await context.interface.key(until: foreperiodEnd, on: host, beforeStimulus: true)
        try await checkInterruption()
        if let early {
            let at = clock.moment(of: early.at)
            let ticket = await context.controller.mark(Marker(code: spec.anticipationMarker, label: "\(trial.type)/anticipation"), at: at)
            await context.interface.status(context.strings(.tooEarly))
            var fromNow: Int64?
            try await sleepWatching(max(0, task.foreperiod - context.pacer.studySeconds(from: onset, to: early.at)), from: &fromNow)
            var result = ReactionTimeResult(
                trial: trial.index, stimulus: stimulusText, response: early.key, foreperiod: task.foreperiod,
                keyAfterOnset: context.pacer.studySeconds(from: onset, to: early.at), responseWindow: spec.responseWindow, timestamp: startedAt,
                responseKey: spec.responseKey, anticipationBound: spec.anticipationBound)
            result.responseTime = ReactionTimeResult.iso(at)
            return ReactionTrial(result: result, stimulus: nil, response: ticket)
        }
        await context.interface.show(stimulusText, title: nil)
        let shown = host.monotonicNow()
        let shownAt = clock.moment(of: shown)
        let stimulus = await context.controller.mark(Marker(code: spec.stimulusMarker, label: "\(trial.type)/stimulus"), at: shownAt)
        let windowEnd = shown + context.pacer.real(spec.responseWindow)
        let press = await context.interface.key(until: windowEnd, on: host, beforeStimulus: false)
        try await checkInterruption()
        var result = ReactionTimeResult(
            trial: trial.index, stimulus: stimulusText, response: press?.key, foreperiod: task.foreperiod,
            keyAfterOnset: press.map { task.foreperiod + context.pacer.studySeconds(from: shown, to: $0.at) }, responseWindow: spec.responseWindow,
            timestamp: startedAt, responseKey: spec.responseKey, anticipationBound: spec.anticipationBound)
        result.stimulusTime = ReactionTimeResult.iso(shownAt)
        var response: MarkerTicket?
        if let press {
            let at = clock.moment(of: press.at)
            result.responseTime = ReactionTimeResult.iso(at)
            let marker: Marker =
                switch result.outcome {
                case .anticipation: Marker(code: spec.anticipationMarker, label: "\(trial.type)/anticipation")
                case .wrongKey: Marker(code: spec.responseMarker, label: "\(trial.type)/wrongKey")
                default: Marker(code: spec.responseMarker, label: "\(trial.type)/response")
                }
            response = await context.controller.mark(marker, at: at)
        } else {
            await context.controller.mark(Marker(code: spec.missMarker, label: "\(trial.type)/miss"), at: clock.moment(of: windowEnd))
        }
        return ReactionTrial(result: result, stimulus: stimulus, response: response)
    }

    private func checkInterruption() async throws {
        try Task.checkCancellation()
        if let why = await context.monitor.interruption() { throw RunnerError.interrupted(why) }
    }

    /// Waits `seconds` of signal: until the source has delivered that many more samples. Phase timing
    /// is locked to the EEG clock, so a 60 s fixation is exactly 60 s of recording between its marker
    /// and the next, whatever the run's speed or the machine's load. A lost device ends the block
    /// promptly; a source that stops delivering for 5 s (on the run's host clock) while its link is
    /// reported up ends it too. While the link is reported down the quality monitor's grace decides.
    /// The wait counts from `start` (the samples delivered now when `nil`) and leaves `start` at its
    /// end, so the next phase counts from there.
    private func sleepWatching(_ seconds: Double, from start: inout Int64?) async throws {
        let fs = await context.controller.descriptor?.samplingRate ?? 256
        var delivered = await context.controller.samplesDelivered
        let target = (start ?? delivered) + Int64((seconds * fs).rounded())
        start = target
        var lastProgress = context.pacer.now()
        while delivered < target {
            try await checkInterruption()
            let remaining = Double(target - delivered) / fs
            try await context.pacer.sleep(real: min(0.1, max(0.002, context.pacer.real(remaining))))
            let now = await context.controller.samplesDelivered
            let linkDown = await context.monitor.linkDownSince() != nil
            if now > delivered || linkDown {
                lastProgress = context.pacer.now()
            } else if context.pacer.now() - lastProgress > 5 {
                throw RunnerError.interrupted(InterruptionReason.deviceStopped)
            }
            delivered = now
        }
    }

    /// Which trials of `block` the progress line counts, numbered from 1 (`nil`: not counted), and
    /// how many: the trials with a task phase when the block has any, else all of them.
    static func countedTrials(_ block: ExpandedBlock) -> (numbers: [Int?], total: Int) {
        let hasTask = block.trials.map { $0.phases.contains { $0.task != nil } }
        let counts = hasTask.contains(true) ? hasTask : hasTask.map { _ in true }
        var next = 0
        let numbers = counts.map { counted -> Int? in
            guard counted else { return nil }
            next += 1
            return next
        }
        return (numbers, next)
    }
}
