import DataSources
public import Foundation
public import Logging
public import Storage
public import Study
import Typesetting

/// Enrolls a participant in a study with the guarantees `study-recorder enroll` gives, for any
/// client: a study that requires encryption is refused before anything is stored unless a usable
/// key is configured, and the consent record and its PDF (the only files with the name) are sealed at
/// once when the folder encrypts at rest. The consent pages, the typed agreement and the signature are asked
/// through the `ParticipantInterface` the caller passes in.
///
/// ```swift
/// let enrolment = StudyEnrolment(study: study, store: store, interface: myWindow)
/// let participant = try await enrolment.enroll()
/// ```
public struct StudyEnrolment: Sendable {
    /// The study.
    public let study: StudyDefinition
    /// The data folder.
    public let store: DataStore
    /// The data folder's transfer conventions (configuration, secrets, sealing).
    public let transfer: TransferSetup
    /// The participant's side.
    public let interface: any ParticipantInterface
    /// How the study is run (locale, `automatic`, the clock the schedule starts on).
    public var options: RunnerOptions
    /// Where the enrolment logs (never a name).
    public var logger: Logger

    /// An enrolment in `study` in `store`, with `transferConfiguration` instead of
    /// `<data>/transfer.json` if given.
    public init(
        study: StudyDefinition, store: DataStore, transferConfiguration: URL? = nil, interface: any ParticipantInterface,
        options: RunnerOptions = RunnerOptions(), logger: Logger = Logger(label: "study-recorder.enroll")
    ) {
        self.study = study
        self.store = store
        transfer = TransferSetup(dataFolder: store.root, configuration: transferConfiguration)
        self.interface = interface
        self.options = options
        self.logger = logger
    }

    /// Shows the study and its consent, asks for the agreement and the signature (`name` and
    /// `helperName` given here are used instead of asking) and stores the consent record. Throws
    /// ``RecorderError/Code-swift.struct/configuration`` when the study requires encryption the
    /// configuration cannot give, a `RunnerError` (`alreadyEnrolled`, `consentDeclined`,
    /// `signatureMissing`), or `CancellationError` when the task is cancelled at a prompt (then
    /// nobody is enrolled).
    public func enroll(name: String? = nil, helperName: String? = nil) async throws -> Participant {
        try await transfer.check(study, store: store)
        let transfer = transfer, store = store
        var runner = StudyRunner(
            study: study, store: store, interface: interface, options: options, makeSource: { OscillatorSource() },
            consentTypesetter: ConsentPDFTypesetter(), logger: logger)
        // The consent record and its PDF are sealed at once when encryption at rest is configured.
        runner.afterStore = { item in try await transfer.sealIfRequired(item, store: store) }
        return try await runner.enroll(name: name, helperName: helperName)
    }
}
