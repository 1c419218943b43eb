public import DataSources
import Foundation
public import Logging
import Processing
public import Storage

/// Takes a participant through a study protocol: enrolment with consent, then, each time it is run,
/// the session that is due: a questionnaire, or the hardware preparation and the recording blocks
/// with their prompts, markers and pauses. It is the coordinator: it picks the next step from the
/// schedule and delegates to ``EnrolmentRunner``, ``QuestionnaireRunner`` or
/// ``RecordingSessionRunner``; time is read and waited on the options' host clock. Everything is stored as it finishes and the protocol only
/// advances past what was stored; an interrupted block is stored as incomplete and run again next
/// time.
///
/// ```swift
/// let runner = StudyRunner(study: study, store: store, interface: terminal,
///                          options: RunnerOptions(speed: 1), makeSource: { OscillatorSource() },
///                          consentTypesetter: ConsentPDFTypesetter())
/// try await runner.enroll(name: "Ada")
/// let report = try await runner.runNextSession()
/// ```
package struct StudyRunner: Sendable {
    /// The study being run.
    package let study: StudyDefinition
    /// Where data and progress live.
    package let store: DataStore
    /// The participant-facing side.
    package let interface: any ParticipantInterface
    /// How the study is run (a run without a locale uses the one the participant enrolled in).
    package private(set) var options: RunnerOptions
    /// Makes the EEG source for a recording session.
    package let makeSource: @Sendable () -> any DataSource
    /// Makes the signed consent's PDF at enrolment (the kit injects Typesetting's).
    package let consentTypesetter: any ConsentTypesetter
    /// Called with every stored item before the protocol advances (e.g. encryption at rest); returns
    /// the item as stored afterwards. A throw counts as a failed store.
    package var afterStore: (@Sendable (CatalogItem) async throws -> CatalogItem)?
    /// Called after a session (e.g. to upload pending items); returns a one-line summary.
    package var afterSession: (@Sendable () async -> String?)?
    /// Called with a recording session's controller before its source starts, so another observer
    /// (live streaming, a display) can subscribe; it must not block.
    package var willStart: (@Sendable (DataController) async throws -> Void)?
    /// Where the runner logs (never a name).
    package var logger: Logger

    /// Creates a runner.
    package init(
        study: StudyDefinition, store: DataStore, interface: any ParticipantInterface, options: RunnerOptions = .init(),
        makeSource: @escaping @Sendable () -> any DataSource, consentTypesetter: any ConsentTypesetter,
        logger: Logger = Logger(label: "study-recorder.runner")
    ) {
        self.study = study
        self.store = store
        self.interface = interface
        self.options = options
        self.makeSource = makeSource
        self.consentTypesetter = consentTypesetter
        self.logger = logger
    }

    private var schedule: StudySchedule { StudySchedule(study: study) }
    private var progressStore: ProgressStore { ProgressStore(dataFolder: store.root) }
    private var locale: String { options.locale ?? study.defaultLocale }

    // MARK: Enrolment

    /// Shows the study's title and description, then the consent page by page (each page's summary
    /// before its content), asks for the typed agreement and the name as signature, makes
    /// the participant's UUID, stores the consent record (the only stored file with the name) and
    /// starts the schedule. `name`/`helperName` given here are used instead of asking (scripted runs).
    @discardableResult
    package func enroll(name givenName: String? = nil, helperName givenHelper: String? = nil) async throws -> Participant {
        try await EnrolmentRunner(
            study: study, store: store, interface: interface, options: options, afterStore: afterStore, consentTypesetter: consentTypesetter,
            logger: logger)
            .run(name: givenName, helperName: givenHelper)
    }

    // MARK: Running

    /// Runs the session that is due now, to its end (all its remaining blocks, with pauses and
    /// re-checks between them), or reports when the next day opens. Ctrl-C (task cancellation) ends
    /// it with state `interrupted` and what was stored so far; nothing unfinished advances.
    package func runNextSession() async throws -> RunReport {
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
            var report = RunReport(state: .completed, session: due.sessionName, day: due.position.dayNumber)
            report.sessionNumber = due.position.sessionNumber
            report.title = study.sessions[due.sessionName].map {
                study.render($0.title, locale: locale, values: PlaceholderValues(locale: locale).dictionary)
            }
            names.day = due.position.day + 1
            names.nextDayOpens = (progress.dayOpenedAt ?? options.clock.now).addingTimeInterval(study.settings.dayWindowSeconds)
            do {
                switch plan {
                case .questionnaire(let q):
                    try await QuestionnaireRunner(study: study, store: store, interface: interface, options: options, afterStore: afterStore)
                        .run(q, due: due, participant: participant, values: names, progress: &progress, report: &report)
                case .recording:
                    try await RecordingSessionRunner(
                        study: study, store: store, interface: interface, options: options, makeSource: makeSource, afterStore: afterStore,
                        willStart: willStart, logger: logger
                    ).run(due: due, seed: seed, participant: participant, values: names, progress: &progress, report: &report)
                }
            } catch is CancellationError {
                report.state = .incomplete
                report.reason = InterruptionReason.participant
                return report
            }
            if case .waiting(let opens, _) = schedule.status(of: progress, at: options.clock.now) { report.nextDayOpensAt = opens }
            if options.uploadAfterSession, let afterSession,
                study.settings.transfer.mode == .afterEachSession || study.settings.transfer.mode == .afterEachDay
            {
                report.upload = await afterSession()
            }
            return report
        }
    }

    /// A stable seed per participant, so a resumed block draws the same trials.
    static func seed(for participant: UUID) -> UInt64 {
        withUnsafeBytes(of: participant.uuid) { raw in
            raw.load(fromByteOffset: 0, as: UInt64.self) ^ raw.load(fromByteOffset: 8, as: UInt64.self)
        }
    }
}
