import Foundation

/// Turns a session into its concrete blocks of trials, as pure functions of the study, the item's
/// position and a seed: shuffles, pause jitter (±jitter), mental-subtraction numbers and task
/// foreperiods. Each block draws from its own seed, so resuming at block k gives exactly the trials
/// block k would have had.
package struct SessionExpander: Sendable {
    /// The study.
    package let study: StudyDefinition

    /// Creates an expander for `study`.
    package init(study: StudyDefinition) { self.study = study }

    /// The seed of one block, derived from the run seed, the item's position and the block index.
    package static func blockSeed(seed: UInt64, position: ItemPosition, block: Int) -> UInt64 {
        var mixer = SeededDraws(
            seed: seed ^ (UInt64(truncatingIfNeeded: position.day) << 40) ^ (UInt64(truncatingIfNeeded: position.item) << 20)
                ^ UInt64(truncatingIfNeeded: block))
        return UInt64(mixer.uniform(in: 0...1) * 0x1p52)
    }

    /// All blocks of the session at `position` (empty for questionnaires or an unknown position).
    package func expand(at position: ItemPosition, seed: UInt64) -> [ExpandedBlock] {
        guard let session = study.session(at: position) else { return [] }
        return session.concreteBlocks.indices.compactMap { expandBlock($0, at: position, seed: seed) }
    }

    /// Block `index` (repeats unrolled) of the session at `position`.
    package func expandBlock(_ index: Int, at position: ItemPosition, seed: UInt64) -> ExpandedBlock? {
        guard let session = study.session(at: position) else { return nil }
        let blocks = session.concreteBlocks
        guard blocks.indices.contains(index) else { return nil }
        let block = blocks[index]
        let blockSeed = Self.blockSeed(seed: seed, position: position, block: index)
        var draws = SeededDraws(seed: blockSeed)
        let main = block.trials.flatMap { Array(repeating: $0.type, count: $0.count) }
        let order = block.intro + (block.shuffle ? draws.shuffled(main) : main) + block.outro
        var trials: [ExpandedTrial] = []
        for (trialIndex, name) in order.enumerated() {
            guard let type = study.trialTypes[name] else { continue }
            trials.append(expandTrial(name, type, index: trialIndex, draws: &draws))
        }
        return ExpandedBlock(index: index, seed: blockSeed, trials: trials)
    }

    private func expandTrial(_ name: String, _ type: TrialType, index: Int, draws: inout SeededDraws) -> ExpandedTrial {
        var values: [String: String] = [:]
        if type.generator == .mentalSubtraction {
            let numbers = draws.mentalSubtraction()
            values["subtractFrom"] = String(numbers.from)
            values["subtractStep"] = String(numbers.step)
            values["mentalSubtraction"] = "\(numbers.from) - \(numbers.step)"
        }
        let phases = type.phases.map { phase -> ExpandedPhase in
            var duration = phase.duration
            if case .seconds(let seconds) = phase.duration, phase.jitter > 0 {
                duration = .seconds(max(0, seconds + draws.jitter(phase.jitter)))
            }
            let task = phase.task?.reactionTime.map { task in
                ExpandedTask(reactionTime: task, foreperiod: draws.uniform(in: task.foreperiodMin...task.foreperiodMax))
            }
            return ExpandedPhase(kind: phase.kind, text: phase.text, duration: duration, marker: phase.marker, task: task)
        }
        return ExpandedTrial(index: index, type: name, marker: type.marker, phases: phases, values: values)
    }

    /// The planned length of one block in seconds, for `#blockDuration#`: fixed durations, 7 s for
    /// each open-ended phase (the reference's estimate for spoken prompts), the mean foreperiod plus
    /// the response window for tasks. Counts exactly the block's trials (the reference counted one
    /// too many).
    package func estimatedSeconds(of block: Block) -> Double {
        let names = block.intro + block.trials.flatMap { Array(repeating: $0.type, count: $0.count) } + block.outro
        return names.reduce(0) { total, name in
            total
                + (study.trialTypes[name]?.phases ?? []).reduce(0) { sum, phase in
                    if let task = phase.task?.reactionTime {
                        return sum + (task.foreperiodMin + task.foreperiodMax) / 2 + task.responseWindow
                    }
                    return sum + (phase.duration.seconds ?? 7)
                }
        }
    }

    /// `#blockDuration#`: the estimate in whole minutes, rounded up.
    package func blockDurationMinutes(of block: Block) -> Int {
        Int((estimatedSeconds(of: block) / 60).rounded(.up))
    }
}
