import DataSources
import Foundation
import Logging
import Processing
import RecordingPipeline

/// Takes the participant through hardware-preparation steps (the reference's Steps JSON): shows each
/// instruction and, where the step waits for a device or quality signal, holds until it is true.
///
/// Quality steps follow the reference's fitting view: each active electrode latches as good once its
/// quality reaches the threshold (MYND signal quality, or line-noise quality in noise mode); the
/// device's `front` and `back` electrode groups (AF7+AF8, TP9+TP10 on the Muse) and all active
/// electrodes latched make the signal conditions `goodSignalFront`, `goodSignalBack` and `goodSignal`. After the step's timeout the threshold relaxes (the reference:
/// 100 % → 75 % after 3 minutes). When the relaxed threshold is not reached within a second timeout,
/// the participant is offered a way on: Enter passes the step (recorded as skipped), while the signal
/// can still complete it. In automatic runs a step that still is not met after three timeouts (or 10
/// minutes of study time) is passed with a warning instead of waiting for ever.
///
/// Every timeout is measured on the run's host clock (the pacer's), so the rules are tested on a
/// manual clock without waiting.
///
/// A step's `announce` text is cued when its signal is met, or, for a plain instruction, once it is
/// shown.
struct PreparationRunner {
    let context: SessionContext
    let options: RunnerOptions
    let logger: Logger

    /// What happened at each step, for the recording's metadata (fitting time).
    struct Outcome: Sendable {
        var fittingSeconds: Double?
        var skippedSteps: [String] = []
    }

    func run(_ steps: [PreparationStep]) async throws -> Outcome {
        var outcome = Outcome()
        let start = context.pacer.now()
        for step in steps {
            try Task.checkCancellation()
            let text = (options.shortInstructions ? step.short : nil) ?? step.instruction
            let rendered = context.render(text)
            await context.interface.show(rendered, title: nil)
            guard let signal = step.waitFor else {
                if let announce = step.announce { await context.cue(context.render(announce)) }
                if !options.automatic { try await context.interface.acknowledge(context.strings(.pressEnter)) }
                continue
            }
            let met = try await waitOrPass(signal, step: step)
            if met {
                if let announce = step.announce { await context.cue(context.render(announce)) }
                if step.quality != nil { outcome.fittingSeconds = context.pacer.studySeconds(since: start) }
            } else if options.automatic {
                outcome.skippedSteps.append(step.id)
                logger.warning("preparation step not met; passed in automatic mode", metadata: ["step": "\(step.id)"])
                await context.interface.status(context.strings(.stepPassedAutomatically, step.id))
            } else {
                outcome.skippedSteps.append(step.id)
                logger.warning("preparation step not met; passed by the participant", metadata: ["step": "\(step.id)"])
                await context.interface.show(context.strings(.fittingPassed), title: nil)
            }
        }
        return outcome
    }

    /// Waits for `signal`; for a quality step with a timeout in an attended run, also offers the
    /// participant a way on once the relaxed threshold has had its own timeout. True when the signal
    /// was met, false when the step was passed without it.
    private func waitOrPass(_ signal: PreparationGate, step: PreparationStep) async throws -> Bool {
        guard !options.automatic, step.quality != nil, let timeout = step.timeout else { return try await wait(for: signal, step: step) }
        let context = context
        return try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask { try await wait(for: signal, step: step) }
            group.addTask {
                try await context.pacer.sleep(2 * timeout)
                await context.interface.show(context.strings(.fittingWayOn), title: nil)
                try await context.interface.acknowledge(context.strings(.pressEnter))
                return false
            }
            defer { group.cancelAll() }
            return try await group.next() ?? false
        }
    }

    private func wait(for signal: PreparationGate, step: PreparationStep) async throws -> Bool {
        let began = context.pacer.now()
        var latched: Set<Int> = []
        var conditions: Set<SignalCondition> = []
        guard let descriptor = await context.controller.waitUntilStarted() else {
            // Fail fast with the source's own reason (one line naming Bluetooth, the socket, …).
            if let error = await context.controller.waitUntilEnded() as? DataSourceError { throw RunnerError.sourceFailed(error) }
            throw RunnerError.interrupted(InterruptionReason.deviceDidNotStart)
        }
        let names = descriptor.channelNames
        let groups = descriptor.electrodeGroups
        let giveUp = options.automatic ? (step.timeout.map { $0 * 3 } ?? 600) : nil
        while true {
            try Task.checkCancellation()
            if signal != .connected, let why = await context.monitor.interruption() { throw RunnerError.interrupted(why) }
            let elapsed = context.pacer.studySeconds(since: began)
            if let view = step.quality {
                let relaxed = step.timeout.map { elapsed >= $0 } ?? false
                let threshold = relaxed ? (view.relaxedThreshold ?? view.threshold) : view.threshold
                let readings = context.monitor.current
                let values = view.mode == .noise ? readings.lineNoise : readings.quality
                let active = Self.channels(view.electrodes, names: names, groups: groups)
                if let values {
                    for c in active where c < values.count && values[c] >= threshold { latched.insert(c) }
                    let front = Self.channels(.front, names: names, groups: groups), back = Self.channels(.back, names: names, groups: groups)
                    conditions = []
                    if !front.isEmpty && front.allSatisfy(latched.contains) { conditions.insert(.goodSignalFront) }
                    if !back.isEmpty && back.allSatisfy(latched.contains) { conditions.insert(.goodSignalBack) }
                    if active.allSatisfy(latched.contains) { conditions.insert(.goodSignal) }
                    let bars = active.map { c -> String in
                        let shown = c < values.count ? min(100, values[c] / threshold * 100) : 0
                        return "\(names[c]) \(latched.contains(c) ? "✓" : String(format: "%3.0f%%", shown))"
                    }
                    await context.interface.status(
                        context.strings(.signal) + ": " + bars.joined(separator: "  ")
                            + (relaxed ? "  " + context.strings(.thresholdRelaxed, Int(threshold)) : ""))
                }
            } else if let timeout = step.timeout, elapsed >= timeout {
                await context.interface.status(context.strings(.stepTakingLong))
            }
            if let state = signal.deviceState, await context.controller.deviceState[state] == true { return true }
            if let condition = signal.signalCondition, conditions.contains(condition) { return true }
            if let giveUp, elapsed >= giveUp { return false }
            // Every half second of signal (at most 100 ms real), so a fast run neither overshoots a
            // step by many seconds of signal nor spins.
            try await context.pacer.sleep(real: max(0.005, min(0.1, context.pacer.real(0.5))))
        }
    }

    /// Channel indices of an electrode group, from the device descriptor's groups (`all` is the
    /// union of its groups); a device without such a group uses every channel.
    static func channels(_ group: ElectrodeGroup, names: [String], groups: [String: [String]]) -> [Int] {
        let wanted: Set<String>
        switch group {
        case .front: wanted = Set(groups["front"] ?? [])
        case .back: wanted = Set(groups["back"] ?? [])
        case .all: wanted = Set(groups.values.joined())
        }
        let found = names.indices.filter { wanted.contains(names[$0]) }
        return found.isEmpty ? Array(names.indices) : found
    }
}
