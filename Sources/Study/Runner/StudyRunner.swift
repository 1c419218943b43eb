public import DataSources
import Foundation
public import Logging
import Processing
public import Storage

/// Takes a participant through a study protocol: enrolment with consent, then, each time it is run,
/// the session that is due: a questionnaire, or the hardware preparation and the recording blocks
/// with their prompts, markers and pauses. Everything is stored as it finishes and the protocol only
/// advances past what was stored; an interrupted block is stored as incomplete and run again next
/// time.
///
/// ```swift
/// let runner = StudyRunner(study: study, store: store, interface: terminal,
///                          options: RunnerOptions(speed: 1), makeSource: { OscillatorSource() })
/// try await runner.enroll(name: "Ada")
/// let report = try await runner.runNextSession()
/// ```
public struct StudyRunner: Sendable {
    /// The study being run.
    public let study: StudyDefinition
    /// Where data and progress live.
    public let store: DataStore
    /// The participant-facing side.
    public let interface: any ParticipantInterface
    /// How the study is run (a run without a locale uses the one the participant enrolled in).
    public private(set) var options: RunnerOptions
    /// Makes the EEG source for a recording session.
    public let makeSource: @Sendable () -> any DataSource
    /// Called with every stored item before the protocol advances (e.g. encryption at rest); returns
    /// the item as stored afterwards. A throw counts as a failed store.
    public var afterStore: (@Sendable (CatalogItem) throws -> CatalogItem)?
    /// Called after a session (e.g. to upload pending items); returns a one-line summary.
    public var afterSession: (@Sendable () async -> String?)?
    /// Called with a recording session's controller before its source starts, so another observer
    /// (live streaming, a display) can subscribe; it must not block.
    public var willStart: (@Sendable (DataController) async throws -> Void)?
    /// Where the runner logs (never a name).
    public var logger: Logger

    /// Creates a runner.
    public init(
        study: StudyDefinition, store: DataStore, interface: any ParticipantInterface, options: RunnerOptions = .init(),
        makeSource: @escaping @Sendable () -> any DataSource, logger: Logger = Logger(label: "study-recorder.runner")
    ) {
        self.study = study
        self.store = store
        self.interface = interface
        self.options = options
        self.makeSource = makeSource
        self.logger = logger
    }

    private var schedule: StudySchedule { StudySchedule(study: study) }
    private var progressStore: ProgressStore { ProgressStore(dataDirectory: store.root) }
    private var locale: String { options.locale ?? study.defaultLocale }
    /// The runtime's own words, in the run's locale.
    private var strings: RuntimeStrings { RuntimeStrings(locale: locale) }

    // MARK: Enrolment

    /// Shows the study's title and description, then the consent page by page (each page's summary
    /// before its content), asks for the typed agreement and the name as signature, makes
    /// the participant's UUID, stores the consent record (the only stored file with the name) and
    /// starts the schedule. `name`/`helperName` given here are used instead of asking (scripted runs).
    @discardableResult
    public func enroll(name givenName: String? = nil, helperName givenHelper: String? = nil) async throws -> Participant {
        if let existing = try progressStore.load(studyID: study.id) {
            throw RunnerError.alreadyEnrolled(study: study.id, participant: existing.participant.uuidString)
        }
        let consent = study.consent
        // Before the signature nobody's name is known: consent texts get the locale's words only.
        let words = PlaceholderValues(locale: locale).dictionary
        let title = study.render(consent.title, locale: locale, values: words)
        // What the study is, before what the participant agrees to.
        if let description = study.description {
            await interface.show(study.render(description, locale: locale, values: words), title: study.render(study.title, locale: locale, values: words))
        }
        var pages: [String] = []
        for (n, page) in consent.pages.enumerated() {
            let heading = page.title.map { study.render($0, locale: locale, values: words) } ?? "\(title) (\(n + 1)/\(consent.pages.count))"
            // The summary comes first, as in the reference's consent review.
            let text = ([page.summary, page.content] as [LocalizedText?]).compactMap { $0 }
                .map { study.render($0, locale: locale, values: words) }.joined(separator: "\n\n")
            pages.append(heading + "\n" + text)
            await interface.show(text, title: heading)
            if !options.automatic { try await interface.acknowledge(strings(.nextPage)) }
        }
        let agreement = study.render(consent.agreement, locale: locale, values: words)
        let phrase = study.render(consent.agreementPhrase, locale: locale, values: words)
        await interface.show(agreement + "\n\n" + strings(.agreeOrStop, phrase), title: title)
        var typed = try await interface.ask(phrase, id: "consent", problem: nil)
        if typed.isEmpty && options.automatic { typed = phrase }
        guard Self.normalized(typed) == Self.normalized(phrase) else { throw RunnerError.consentDeclined }
        var name = givenName
        if name == nil { name = try await interface.ask(strings(.signature), id: "name", problem: nil) }
        guard let signature = name?.trimmingCharacters(in: .whitespacesAndNewlines), !signature.isEmpty else {
            throw RunnerError.signatureMissing
        }
        var helper = givenHelper
        if helper == nil && !options.automatic {
            helper = try await interface.ask(strings(.helperName), id: "helperName", problem: nil)
        }
        helper = helper?.trimmingCharacters(in: .whitespacesAndNewlines)
        if helper?.isEmpty == true { helper = nil }

        let now = options.clock.now
        var participant = Participant(study: study.id, name: signature, helperName: helper, created: now)
        // Questions whose answers are names (how to address the participant, the helper's name) are
        // private: they go to the registry, never into a stored questionnaire.
        let privateIDs: Set<String> = ["patientName", "helperName", "caregiverName"]
        let signed = PlaceholderValues(locale: locale, names: ParticipantNames(patientName: signature, helperName: helper)).dictionary
        for question in consent.questions where privateIDs.contains(question.id) {
            let text = question.text.map { study.render($0, locale: locale, values: signed) } ?? question.id
            await interface.show(text, title: question.title.map { study.render($0, locale: locale, values: signed) })
            let typed = try await interface.ask(text, id: question.id, problem: nil).trimmingCharacters(in: .whitespacesAndNewlines)
            if question.id == "patientName" {
                participant.name = typed.isEmpty ? signature : typed
            } else if !typed.isEmpty {
                participant.helperName = typed
            }
        }
        let publicQuestions = consent.questions.filter { !privateIDs.contains($0.id) }
        var readAloud: Bool?
        var answersRecord: QuestionnaireRecord?
        if !publicQuestions.isEmpty {
            let names = PlaceholderValues(locale: locale, names: ParticipantNames(patientName: participant.name ?? signature, helperName: participant.helperName))
            let answers = try await QuestionAsker(study: study, locale: locale, values: names.dictionary, interface: interface, automatic: options.automatic)
                .ask(publicQuestions)
            // The reference's reserved `tts` question: choice 1 reads texts aloud, anything else does not.
            if let tts = answers.first(where: { $0.id == "tts" }) { readAloud = tts.value == .integer(1) }
            answersRecord = QuestionnaireRecord(
                title: "enrolment", study: study.id, studyVersion: ProtocolFingerprint.of(study), participant: participant.id, day: 0, session: 0,
                run: 0, locale: locale, started: now, finished: options.clock.now, answers: answers)
        }

        // Every question is answered: only now is anything stored, as one enrolment. A process killed at
        // a prompt leaves nothing; a step that fails here (a full disk, a key that cannot seal) removes
        // what the earlier steps stored, so no participant stays in the registry without its progress
        // file and no consent record is left behind.
        let registry = try ParticipantRegistry(store: store)
        let record = ConsentRecord(
            study: study.id, studyVersion: ProtocolFingerprint.of(study), participant: participant.id, locale: locale, consentedAt: now,
            title: title, pages: pages, agreement: agreement, typedAgreement: typed, signature: signature, helperName: helper)
        var stored: [CatalogItem] = []
        func keep(_ item: CatalogItem) throws {
            stored.append(item)
            if let afterStore { stored[stored.count - 1] = try afterStore(item) }
        }
        do {
            try registry.save(participant)
            try keep(try QuestionnaireStore.storeJSON(
                record, kind: .consent, fileName: FileNaming.consent(study: study.id, participant: participant.id), participant: participant.id,
                study: study.id, title: "consent", day: nil, session: nil, run: nil, in: store))
            if let answersRecord { try keep(try QuestionnaireStore.store(answersRecord, in: store)) }
            if let uuid = UUID(uuidString: participant.id) {
                var progress = schedule.enroll(participant: uuid, at: now)
                progress.locale = locale
                progress.readAloud = readAloud
                try progressStore.save(progress)
            }
        } catch {
            for item in stored.reversed() { try? store.discard(item) }
            try? registry.remove(id: participant.id)
            rmdir(store.root.appendingPathComponent(participant.id).path)
            logger.notice("enrolment aborted; nothing of it is kept", metadata: ["error": "\(error)"])
            throw error
        }
        participant.study = study.id
        logger.info("participant enrolled", metadata: ["participant": "\(participant.id)", "study": "\(study.id)"])
        return participant
    }

    static func normalized(_ s: String) -> String {
        s.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters)).lowercased()
    }

    // MARK: Running

    /// Runs the session that is due now, to its end (all its remaining blocks, with pauses and
    /// re-checks between them), or reports when the next day opens. Ctrl-C (task cancellation) ends
    /// it with state `interrupted` and what was stored so far; nothing unfinished advances.
    public func runNextSession() async throws -> RunReport {
        guard var progress = try progressStore.load(studyID: study.id) else { throw RunnerError.notEnrolled(study: study.id) }
        if options.locale == nil, let enrolled = progress.locale {
            var inEnrolledLocale = self
            inEnrolledLocale.options.locale = enrolled
            return try await inEnrolledLocale.runNextSession()
        }
        try schedule.check(progress)
        progress = schedule.advanced(progress, to: options.clock.now)
        try progressStore.save(progress)
        let participant = progress.participant.uuidString
        let known = try ParticipantRegistry(store: store).participant(id: participant)
        var names = PlaceholderValues(locale: locale, names: ParticipantNames(patientName: known?.name ?? "", helperName: known?.helperName))
        let seed = options.seed ?? Self.seed(for: progress.participant)

        switch schedule.status(of: progress, at: options.clock.now) {
        case .waiting(let opens, _):
            return RunReport(state: .waiting, nextDayOpensAt: opens)
        case .finished:
            return RunReport(state: .finished)
        case .due(let due):
            guard let plan = StudyPlanner(study: study).plan(due, seed: seed) else { return RunReport(state: .finished) }
            let index = study.items.firstIndex { $0.position == due.position } ?? 0
            var report = RunReport(state: .completed, session: due.sessionName, day: due.position.day + 1)
            names.day = due.position.day + 1
            names.nextDayOpens = (progress.dayOpenedAt ?? options.clock.now).addingTimeInterval(study.settings.dayWindowSeconds)
            do {
                switch plan {
                case .questionnaire(let q):
                    try await runQuestionnaire(q, due: due, sessionIndex: index, participant: participant, values: names, progress: &progress, report: &report)
                case .recording:
                    try await runRecording(due: due, seed: seed, sessionIndex: index, participant: participant, values: names, progress: &progress, report: &report)
                }
            } catch is CancellationError {
                report.state = .interrupted
                report.reason = "interrupted by the participant"
                return report
            }
            if case .waiting(let opens, _) = schedule.status(of: progress, at: options.clock.now) { report.nextDayOpensAt = opens }
            if options.uploadAfterSession, let afterSession, study.settings.transfer.mode == .afterEachSession || study.settings.transfer.mode == .afterEachDay {
                report.upload = await afterSession()
            }
            return report
        }
    }

    /// The cue mode for this participant: the study's, except that spoken cues become the bell for a
    /// participant who asked not to have texts read aloud.
    private func cues(_ progress: StudyProgress) -> CueMode {
        study.settings.cues == .speech && progress.readAloud == false ? .bell : study.settings.cues
    }

    /// Shows what a session is about before it starts: its title (after the day's title, when the
    /// day has one) and its text.
    private func introduce(_ session: Session?, due: DueItem, values filled: [String: String]) async {
        guard let session else { return }
        let title = study.render(session.title, locale: locale, values: filled)
        let day = study.days.indices.contains(due.position.day) ? study.days[due.position.day].title : nil
        let heading = day.map { study.render($0, locale: locale, values: filled) + " · " + title } ?? title
        await interface.show(session.text.map { study.render($0, locale: locale, values: filled) } ?? "", title: heading)
    }

    private func runQuestionnaire(
        _ plan: PlannedQuestionnaire, due: DueItem, sessionIndex: Int, participant: String, values base: PlaceholderValues,
        progress: inout StudyProgress, report: inout RunReport
    ) async throws {
        let started = options.clock.now
        var values = base
        let session = study.sessions[due.sessionName]
        values.sessionTitle = session.map { study.render($0.title, locale: locale, values: base.dictionary) }
        values.blockMinutes = PlaceholderValues.questionnaireMinutes(plan.questionnaire)
        values.remainingMinutes = values.blockMinutes
        let names = values.dictionary
        await introduce(session, due: due, values: names)
        let title = study.render(plan.questionnaire.title, locale: locale, values: names)
        await interface.show(plan.questionnaire.text.map { study.render($0, locale: locale, values: names) } ?? "", title: title)
        let answers = try await QuestionAsker(study: study, locale: locale, values: names, interface: interface, automatic: options.automatic)
            .ask(plan.questionnaire.questions)
        let run = try store.catalog.lastRun(participant: participant) + 1
        let record = QuestionnaireRecord(
            title: plan.questionnaireName, study: study.id, studyVersion: ProtocolFingerprint.of(study), participant: participant,
            day: due.position.day + 1, session: sessionIndex, run: run, locale: locale, started: started, finished: options.clock.now, answers: answers)
        var item = try QuestionnaireStore.store(record, in: store)
        if let afterStore { item = try afterStore(item) }
        report.stored.append(item)
        progress = try schedule.recording(.complete, of: due.position, block: due.resumeBlock, in: progress, at: options.clock.now, startedAt: started, file: item.path)
        try progressStore.save(progress)
    }

    private func runRecording(
        due firstDue: DueItem, seed: UInt64, sessionIndex: Int, participant: String, values base: PlaceholderValues,
        progress: inout StudyProgress, report: inout RunReport
    ) async throws {
        let pacer = Pacer(speed: options.speed)
        let controller = DataController(source: makeSource())
        let mains = Double(study.settings.mainsFrequency)
        let monitor = await QualityMonitor(controller: controller, mains: mains)
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
                let outcome = try await recordBlock(plan, due: due, seed: seed, sessionIndex: sessionIndex, participant: participant, values: values,
                                                    controller: controller, monitor: monitor, pacer: pacer, fitting: fitting, cues: cues(progress),
                                                    earlierLatencies: earlier)
                report.stored += outcome.items
                progress = try schedule.recording(
                    outcome.complete ? .complete : .incomplete, of: due.position, block: due.resumeBlock, in: progress, at: options.clock.now,
                    startedAt: outcome.startedAt, file: outcome.items.first?.path, reason: outcome.reason)
                if let latencies = outcome.validLatencies, let item = progress.items.firstIndex(where: { $0.position == due.position }),
                    !progress.items[item].runs.isEmpty
                {
                    progress.items[item].runs[progress.items[item].runs.count - 1].validLatenciesMs = latencies
                    progress.items[item].runs[progress.items[item].runs.count - 1].medianLatencyMs = ReactionTimeResult.median(latencies)
                    report.medianLatencyMs = progress.items[item].sessionMedianLatencyMs
                }
                try progressStore.save(progress)
                if !outcome.complete {
                    report.state = .interrupted
                    report.reason = outcome.reason
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

    private struct BlockOutcome {
        var items: [CatalogItem]
        var complete: Bool
        var reason: String?
        var startedAt: Date
        /// The latencies of the block's valid (correct) trials, when it ran a reaction-time task.
        var validLatencies: [Double]?
    }

    private func recordBlock(
        _ plan: PlannedRecording, due: DueItem, seed: UInt64, sessionIndex: Int, participant: String, values: [String: String],
        controller: DataController, monitor: QualityMonitor, pacer: Pacer, fitting: PreparationRunner.Outcome, cues: CueMode,
        earlierLatencies: [Double]
    ) async throws -> BlockOutcome {
        let startedAt = options.clock.now
        var extra: [String: MetadataValue] = [
            "block": .int(Int64(plan.block.index + 1)), "blockCount": .int(Int64(plan.blockCount)), "seed": .int(Int64(bitPattern: plan.block.seed)),
            "sessionName": .string(plan.sessionName),
        ]
        if let fittingTime = fitting.fittingSeconds { extra["fittingTime"] = .double(fittingTime) }
        let paradigm = plan.session.paradigm ?? Paradigm(title: plan.sessionName)
        let request = RecordingRequest(
            participant: participant, study: study.id, day: due.position.day + 1, session: sessionIndex, paradigm: paradigm,
            powerLineFrequency: Double(study.settings.mainsFrequency), locale: locale, extra: extra, lslClock: options.lslClock)
        let session = try await RecordingSession.start(
            store: store, controller: controller, request: request, logger: logger,
            derived: QualitySeriesProducer(configuration: ProcessorConfiguration(mains: .fixed(Double(study.settings.mainsFrequency)))))
        let player = BlockPlayer(
            context: SessionContext(
                study: study, locale: locale, values: values, interface: interface, controller: controller, monitor: monitor, pacer: pacer,
                cues: cues),
            automatic: options.automatic)
        var trials: [ReactionTrial] = []
        var reason: String?
        do {
            try await player.play(plan.block, blockCount: plan.blockCount, trials: &trials)
        } catch let RunnerError.interrupted(why) {
            reason = why
        } catch is CancellationError {
            reason = "interrupted by the participant"
        }
        // The last markers wait for their samples (at most a block of the source) before the file ends.
        await controller.markersPlaced()
        if let reason { session.stop(reason: reason) } else { session.finish() }
        var recording = try await session.result()
        let results = await placed(trials, in: session, controller: controller)
        if let afterStore { recording = try afterStore(recording) }
        var items = [recording]
        var latencies: [Double]?
        if !results.isEmpty {
            let valid = results.filter { $0.outcome == .correct }.compactMap(\.latencyMs)
            latencies = valid
            let table = TrialTable(
                study: study.id, participant: participant, day: due.position.day + 1, session: sessionIndex, run: recording.run ?? 0,
                block: plan.block.index + 1, recording: (recording.path as NSString).lastPathComponent, complete: reason == nil,
                medianCorrectLatencyMs: ReactionTimeResult.median(valid), sessionMedianLatencyMs: ReactionTimeResult.median(earlierLatencies + valid),
                trials: results)
            var stored = try QuestionnaireStore.storeJSON(
                table, kind: .trials,
                fileName: FileNaming.trials(title: paradigm.title, day: due.position.day + 1, session: sessionIndex, run: recording.run ?? 0, participant: participant),
                participant: participant, study: study.id, title: paradigm.title, day: due.position.day + 1, session: sessionIndex, run: recording.run,
                in: store)
            if let afterStore { stored = try afterStore(stored) }
            items.append(stored)
        }
        return BlockOutcome(items: items, complete: reason == nil && recording.complete, reason: reason ?? (recording.complete ? nil : recording.endReason),
                            startedAt: startedAt, validLatencies: latencies)
    }

    /// The trials with the recording rows their stimulus and response markers were placed on. At real
    /// time each marker lies within half a sample period of its moment, so a latency derived from the
    /// marker rows is within one sample period of the table's (the time between the two moments). At
    /// `--speed N` the table's latency is study time (real time × N) and the markers lie on the samples
    /// delivered at their moments: the two agree while the source keeps its pace.
    private func placed(_ trials: [ReactionTrial], in session: RecordingSession, controller: DataController) async -> [ReactionTimeResult] {
        let progress = session.progress
        func row(_ ticket: MarkerTicket?) async -> Int64? {
            guard let ticket, let placed = await controller.placement(of: ticket), let first = progress.firstSourceIndex, progress.samples > 0 else { return nil }
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

    /// A stable seed per participant, so a resumed block draws the same trials.
    static func seed(for participant: UUID) -> UInt64 {
        withUnsafeBytes(of: participant.uuid) { raw in
            raw.load(fromByteOffset: 0, as: UInt64.self) ^ raw.load(fromByteOffset: 8, as: UInt64.self)
        }
    }
}
