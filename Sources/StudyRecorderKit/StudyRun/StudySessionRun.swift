public import DataSources
public import Foundation
public import Logging
public import Storage
public import Study
import Typesetting

/// Runs the session of a study that is due now, with the guarantees `study-recorder run` gives, for
/// any client: one run per study and data folder at a time (a second one throws
/// ``RecorderError/Code-swift.struct/busy``), the folder recovered only once the lock is held, a
/// study that requires encryption refused unless a key is configured, every stored item sealed when
/// the folder encrypts at rest, the study team's announcements shown first, the upload after the
/// session when the study's transfer policy asks for one, and the post-session report when the study
/// asks for one.
///
/// The presentation stays with the caller: the participant's side is the `ParticipantInterface`
/// (a terminal, a window, a script), and what the operator should read (recovery, warnings) arrives
/// through ``opened`` and ``notice``.
///
/// ```swift
/// let run = StudySessionRun(study: study, store: store, interface: ScriptedInterface(),
///                           options: RunnerOptions(automatic: true), makeSource: { OscillatorSource() })
/// let report = try await run.run()
/// print(report.state, report.upload ?? "no upload")
/// ```
public struct StudySessionRun: Sendable {
    /// The study.
    public let study: StudyDefinition
    /// The data folder.
    public let store: DataStore
    /// The data folder's transfer conventions (configuration, secrets, sealing).
    public let transfer: TransferSetup
    /// The participant's side.
    public let interface: any ParticipantInterface
    /// How the study is run.
    public var options: RunnerOptions
    /// Makes the EEG source for a recording session.
    public let makeSource: @Sendable () -> any DataSource
    /// Where the run logs (never a name).
    public var logger: Logger
    /// Called once the lock is held and the folder is opened (recovery and seal recovery run), with
    /// the recorder that says what they did.
    public var opened: (@Sendable (Recorder) -> Void)?
    /// Receives one line for the operator when something did not stop the session but should be
    /// read (an announcement problem, a report not written); by default a logged warning.
    public var notice: @Sendable (String) -> Void
    /// Called with a recording's controller before its source starts, so another observer (a live
    /// stream, a display, a device-trouble watch) can subscribe; it must not block.
    package var willStart: (@Sendable (DataController) async throws -> Void)?

    /// A run of `study`'s due session in `store`, with `transferConfiguration` instead of
    /// `<data>/transfer.json` if given.
    public init(
        study: StudyDefinition, store: DataStore, transferConfiguration: URL? = nil, interface: any ParticipantInterface,
        options: RunnerOptions = RunnerOptions(), makeSource: @escaping @Sendable () -> any DataSource,
        logger: Logger = Logger(label: "study-recorder.run")
    ) {
        self.study = study
        self.store = store
        transfer = TransferSetup(dataFolder: store.root, configuration: transferConfiguration)
        self.interface = interface
        self.options = options
        self.makeSource = makeSource
        self.logger = logger
        notice = { [logger] line in logger.warning("\(line)") }
    }

    /// The language `study` runs in for the participant enrolled in `store`: `requested`, else the
    /// one they enrolled in, else the study's default.
    public static func locale(of study: StudyDefinition, in store: DataStore, requested: String? = nil) -> String {
        let progress = try? ProgressStore(dataFolder: store.root).load(studyID: study.id)
        return requested ?? progress?.locale ?? study.defaultLocale
    }

    /// Runs the session due now (or reports when the next day opens) and returns what was run and
    /// stored. Cancelling the task ends the running block cleanly: it is stored as incomplete, the
    /// report says `incomplete`, and no post-session report is written. Throws
    /// ``RecorderError/Code-swift.struct/busy`` when another run of the study is active in the folder,
    /// ``RecorderError/Code-swift.struct/configuration`` when the study requires encryption the
    /// configuration cannot give, a `RunnerError` (`notEnrolled`, `sourceFailed`…), or a
    /// ``StorageError`` (a full disk, also when only the catalog noticed it).
    public func run() async throws -> RunReport {
        let lock = try StudyRunLock.claim(study: study.id, store: store)
        defer { withExtendedLifetime(lock) {} }
        let recorder = await Recorder(store: store, transferConfiguration: transfer.configurationURL, logger: logger)
        opened?(recorder)
        try await transfer.check(study, store: store)
        var announcements: [Announcement] = []
        if let progress = try? ProgressStore(dataFolder: store.root).load(studyID: study.id) {
            let locale = options.locale ?? progress.locale ?? study.defaultLocale
            announcements = await StudyAnnouncements.new(
                for: progress.participant.uuidString, locale: locale, transfer: transfer, store: store, study: study, notice: notice)
            for announcement in announcements {
                await interface.show(announcement.text, title: "✉ \(announcement.title)")
            }
        }
        var report = try await runNextSession()
        report.announcements = announcements
        if !Task.isCancelled {
            let locale = Self.locale(of: study, in: store, requested: options.locale)
            report.report = await PostSessionReport.write(for: report, study: study, store: store, locale: locale, notice: notice)
        }
        return report
    }

    /// The study runner's session with sealing after every store and the upload after the session;
    /// a failure the disk being full explains is reported as the full disk.
    private func runNextSession() async throws -> RunReport {
        let transfer = transfer, store = store, logger = logger
        var runner = StudyRunner(study: study, store: store, interface: interface, options: options, makeSource: makeSource,
            consentTypesetter: ConsentPDFTypesetter(), logger: logger)
        runner.afterStore = { item in try await transfer.sealIfRequired(item, store: store) }
        runner.afterSession = { await SessionUpload.run(transfer: transfer, store: store, logger: logger) }
        runner.willStart = willStart
        do {
            return try await runner.runNextSession()
        } catch let error where Self.isUnexplained(error) && FreeSpace.isFull(at: store.root) {
            // The catalog (SQLite) or another layer hit the full disk and said only "I/O error".
            throw StorageError.diskFull(path: store.root.path)
        }
    }

    /// Whether `error` is not one the run already explains (a cancellation, the runner's, the data
    /// folder's or the scripted participant's own).
    private static func isUnexplained(_ error: any Error) -> Bool {
        !(error is CancellationError || error is RunnerError || error is StorageError || error is ScriptedAnswerError || error is ScheduleError)
    }
}
