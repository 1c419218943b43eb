import DataSources
import Foundation
import Logging
import RecordingPipeline
import Storage

/// Runs a recording session: starts the EEG source (on the run's host clock) with a quality monitor,
/// then block after block the preparation (or check-up) steps and the recorded block with its prompts,
/// markers and reaction-time trials, storing each block's recording (and trial table) and advancing
/// the progress past it, until the session is done or a block is interrupted.
struct RecordingSessionRunner {
    let study: StudyDefinition
    let store: DataStore
    let interface: any ParticipantInterface
    let options: RunnerOptions
    let makeSource: @Sendable () -> any DataSource
    let afterStore: (@Sendable (CatalogItem) async throws -> CatalogItem)?
    let willStart: (@Sendable (DataController) async throws -> Void)?
    let logger: Logger

    private var schedule: StudySchedule { StudySchedule(study: study) }
    private var progressStore: ProgressStore { ProgressStore(dataFolder: store.root) }
    private var locale: String { options.locale ?? study.defaultLocale }
    private var strings: RuntimeStrings { RuntimeStrings(locale: locale) }
    private var introduce: SessionIntroduction { SessionIntroduction(study: study, locale: locale, interface: interface) }

    /// The cue mode for this participant: the study's, except that spoken cues become the bell for a
    /// participant who asked not to have texts read aloud.
    private func cues(_ progress: StudyProgress) -> CueMode {
        study.settings.cues == .speech && progress.readAloud == false ? .bell : study.settings.cues
    }

    func run(
        due firstDue: DueItem, seed: UInt64, participant: String, values base: PlaceholderValues,
        progress: inout StudyProgress, report: inout RunReport
    ) async throws {
        let pacer = Pacer(speed: options.speed, clock: options.hostClock)
        let controller = DataController(source: makeSource(), clock: options.hostClock)
        let mains = Double(study.settings.mainsFrequency)
        // The link-loss grace is signal time: a source at `--speed N` loses N seconds of signal a second.
        let monitor = await QualityMonitor(controller: controller, mains: mains, timeScale: options.speed)
        defer { monitor.stop() }
        if let willStart { try await willStart(controller) }
        // Filled before the device starts: formatting the next day's date loads locale data.
        let baseValues = base.dictionary
        let sessionTitle = study.sessions[firstDue.sessionName].map { study.render($0.title, locale: locale, values: baseValues) }
        try await controller.start()
        var due = firstDue
        var firstBlock = true
        do {
            while true {
                guard case .recording(let plan)? = StudyPlanner(study: study).plan(due, seed: seed) else { break }
                let values = PlaceholderValues.adding(
                    sessionTitle: sessionTitle, blockMinutes: plan.blockDurationMinutes,
                    remainingMinutes: plan.blockDurationMinutes * max(1, plan.blockCount - plan.block.index), to: baseValues, locale: locale)
                if firstBlock { await introduce(plan.session, due: due, values: values) }
                let context = SessionContext(
                    study: study, locale: locale, values: values, interface: interface, controller: controller, monitor: monitor, pacer: pacer,
                    cues: cues(progress))
                let preparation = PreparationRunner(context: context, options: options, logger: logger)
                let fitting = try await preparation.run(firstBlock || plan.checkUp.isEmpty ? plan.preparation : plan.checkUp)
                firstBlock = false
                let earlier = progress.items.first { $0.position == due.position }?.validLatenciesMs ?? []
                let recorded = try await recordBlock(
                    plan, due: due, seed: seed, participant: participant, values: values,
                    controller: controller, monitor: monitor, pacer: pacer, fitting: fitting, cues: cues(progress),
                    earlierLatencies: earlier)
                report.stored += recorded.items
                progress = try schedule.recording(
                    recorded.outcome, of: due.position, block: due.resumeBlock, in: progress, at: options.clock.now,
                    startedAt: recorded.startedAt, file: recorded.items.first?.path)
                if let latencies = recorded.validLatencies, let item = progress.items.firstIndex(where: { $0.position == due.position }),
                    !progress.items[item].runs.isEmpty
                {
                    progress.items[item].runs[progress.items[item].runs.count - 1].validLatenciesMs = latencies
                    progress.items[item].runs[progress.items[item].runs.count - 1].medianLatencyMs = ReactionTimeResult.median(latencies)
                    report.medianLatencyMs = progress.items[item].sessionMedianLatencyMs
                }
                try progressStore.save(progress)
                if case .incomplete(let reason) = recorded.outcome {
                    report.state = .incomplete
                    report.reason = reason
                    break
                }
                guard case .due(let next) = schedule.status(of: progress, at: options.clock.now), next.position == due.position else { break }
                due = next
                await interface.show(strings(.blockDone, plan.block.index + 1, plan.blockCount), title: nil)
                if !options.automatic { try await interface.acknowledge(strings(.nextBlock)) }
            }
        } catch {
            await controller.stop()
            throw error
        }
        await controller.stop()
    }

    /// What recording one block stored, and how the block ended.
    private struct RecordedBlock {
        var items: [CatalogItem]
        var outcome: RecordingOutcome
        var startedAt: Date
        /// The latencies of the block's valid (correct) trials, when it ran a reaction-time task.
        var validLatencies: [Double]?
    }

    private func recordBlock(
        _ plan: PlannedRecording, due: DueItem, seed: UInt64, participant: String, values: [String: String],
        controller: DataController, monitor: QualityMonitor, pacer: Pacer, fitting: PreparationRunner.Outcome, cues: CueMode,
        earlierLatencies: [Double]
    ) async throws -> RecordedBlock {
        let startedAt = options.clock.now
        var extra: [String: MetadataValue] = [
            "block": .int(Int64(plan.block.index + 1)), "blockCount": .int(Int64(plan.blockCount)), "seed": .int(Int64(bitPattern: plan.block.seed)),
            "sessionName": .string(plan.sessionName),
        ]
        if let fittingTime = fitting.fittingSeconds { extra["fittingTime"] = .double(fittingTime) }
        let paradigm = plan.session.paradigm ?? Paradigm(title: plan.sessionName)
        let request = RecordingRequest(
            participant: participant, study: study.id, day: due.position.dayNumber, session: due.position.sessionNumber, paradigm: paradigm,
            powerLineFrequency: Double(study.settings.mainsFrequency), locale: locale, extra: extra, lslClock: options.lslClock,
            provenance: options.provenance(interface: interface))
        // Recorded through the pipeline the kit records through. One processor at a time: while the
        // block records, the recording's writer runs the session's processor (its results are stored
        // and are the monitor's readings); the monitor runs it again from the block's end.
        let recording = try await monitor.startRecording(request, in: store, logger: logger)
        let player = BlockPlayer(
            context: SessionContext(
                study: study, locale: locale, values: values, interface: interface, controller: controller, monitor: monitor, pacer: pacer,
                cues: cues),
            automatic: options.automatic)
        var trials: [ReactionTrial] = []
        var reason: String?
        // The block's first marker is set for "now": wait until the recording holds a row, so that
        // the marker's sample is one of this recording's (a marker nearest a sample delivered before
        // the recording began would be stored on its first row, up to one delivery block off).
        // Bounded (5 s on the host clock), so a source that never delivers is judged by the block's
        // own stall check instead of holding the block here.
        let hostClock = options.hostClock
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await recording.firstRowWritten() }
            group.addTask { try? await hostClock.sleep(untilMonotonic: hostClock.monotonicNow() + 5) }
            await group.next()
            group.cancelAll()
        }
        do {
            try await player.play(plan.block, blockCount: plan.blockCount, trials: &trials)
        } catch let RunnerError.interrupted(why) {
            reason = why
        } catch is CancellationError {
            reason = InterruptionReason.participant
        }
        // The last markers wait for their samples (at most a block of the source) before the file ends.
        await controller.markersPlaced()
        if let reason { recording.stop(reason: reason) } else { recording.finish() }
        await monitor.resume(after: recording)
        var item = try await recording.result()
        let results = await placed(trials, in: recording, controller: controller)
        if let afterStore { item = try await afterStore(item) }
        var items = [item]
        var latencies: [Double]?
        if !results.isEmpty {
            let valid = results.filter { $0.outcome == .correct }.compactMap(\.latencyMs)
            latencies = valid
            var table = TrialTable(
                study: study.id, participant: participant, day: due.position.dayNumber, session: due.position.sessionNumber, run: item.run ?? 0,
                block: plan.block.index + 1, recording: (item.path as NSString).lastPathComponent,
                outcome: reason.map { .incomplete(reason: $0) } ?? .complete,
                medianCorrectLatencyMs: ReactionTimeResult.median(valid), sessionMedianLatencyMs: ReactionTimeResult.median(earlierLatencies + valid),
                trials: results)
            if let descriptor = await controller.descriptor {
                table.provenance = options.provenance(interface: interface).recording(from: descriptor)
            } else {
                table.provenance = options.provenance(interface: interface)
            }
            var stored = try QuestionnaireStore.storeJSON(
                table, kind: .trials,
                fileName: FileNaming.trials(
                    title: paradigm.title, day: due.position.dayNumber, session: due.position.sessionNumber, run: item.run ?? 0, participant: participant),
                participant: participant, study: study.id, title: paradigm.title, day: due.position.dayNumber, session: due.position.sessionNumber,
                run: item.run,
                in: store)
            if let afterStore { stored = try await afterStore(stored) }
            items.append(stored)
        }
        // The block's own end (the participant or the study interrupted it) wins over the recording's.
        return RecordedBlock(
            items: items, outcome: reason.map { .incomplete(reason: $0) } ?? item.outcome, startedAt: startedAt,
            validLatencies: latencies)
    }

    /// The trials with the recording rows their stimulus and response markers were placed on. At real
    /// time each marker lies within half a sample period of its moment, so a latency derived from the
    /// marker rows is within one sample period of the table's (the time between the two moments). At
    /// `--speed N` the table's latency is study time (real time × N) and the markers lie on the samples
    /// delivered at their moments: the two agree while the source keeps its pace.
    private func placed(_ trials: [ReactionTrial], in recording: RecordingInProgress, controller: DataController) async -> [ReactionTimeResult] {
        let progress = recording.progress
        func row(_ ticket: MarkerTicket?) async -> Int64? {
            guard let ticket, let placed = await controller.placement(of: ticket), let first = progress.firstSourceIndex, progress.samples > 0 else {
                return nil
            }
            return min(progress.samples - 1, max(0, placed.sample - first))
        }
        var results: [ReactionTimeResult] = []
        for trial in trials {
            var result = trial.result
            result.stimulusSample = await row(trial.stimulus)
            result.responseSample = await row(trial.response)
            results.append(result)
        }
        return results
    }
}
