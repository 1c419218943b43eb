import ArgumentParser
import DataSources
import Foundation
import Storage
import Study
import StudyRecorderKit

/// `study-recorder enroll`: consent page by page, the typed agreement and the name as signature; makes
/// the participant's UUID and stores the consent record and its PDF.
struct EnrollCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enroll",
        abstract: "Enroll a participant in a study: consent, signature, a new pseudonymous UUID.",
        discussion: """
            The name is stored only in the consent record and its PDF (<uuid>/c_<study>_<uuid>.pdf, which \
            `study-recorder consent` prints again; both encrypted whenever the study has a key, never \
            uploaded unencrypted) and in the data folder's private registry; every file name, path and \
            log line uses the UUID. For demos and CI, `--name NAME --auto` enrolls without prompts.
            """)

    @OptionGroup var studyOptions: StudyOptions
    @OptionGroup var data: DataOptions
    @OptionGroup var transfer: TransferOptions

    @Option(help: "The participant's name (the signature) instead of asking.")
    var name: String?

    @Option(help: "The name of a person who helps the participant, instead of asking.")
    var helper: String?

    @Flag(help: "Do not prompt: show the consent and agree to it (needs --name).")
    var auto = false

    @Flag(help: "Print the participant's UUID and study as JSON.")
    var json = false

    func validate() throws {
        if auto && name == nil { throw ValidationError("--auto needs --name NAME (the signature)") }
    }

    func run() async throws {
        let study = try studyOptions.load()
        let configurationURL = try transfer.checkedURL(data: data.url.standardizedFileURL)
        let store = try await data.openStore()
        let locale = studyOptions.locale ?? study.defaultLocale
        let interface: any ParticipantInterface
        if auto {
            var echo: (@Sendable (String) -> Void)?
            if !json { echo = Terminal.echo }
            interface = ScriptedInterface(echo: echo)
        } else {
            interface = TerminalInterface(locale: locale, screenOnStandardError: json)
        }
        var options = RunnerOptions(locale: studyOptions.locale, automatic: auto, clock: studyOptions.clock)
        options.commandLine = Provenance.redacting(CommandLine.arguments)
        let enrolment = StudyEnrolment(
            study: study, store: store, transferConfiguration: configurationURL, interface: interface,
            options: options,
            logger: CommandLogging.logger("enroll", verbose: false))
        let (name, helper) = (name, helper)
        // Ctrl-C ends any prompt at once (the task is cancelled); the participant is then not enrolled.
        let interrupted = CaughtSignal()
        let (task, trap) = SignalTrap.cancelling(onSignal: { interrupted.set($0) }) {
            try await enrolment.enroll(name: name, helperName: helper)
        }
        defer { _ = trap }
        do {
            let participant = try await task.value
            if json {
                try Terminal.printJSON(["participant": participant.id, "study": study.id])
            } else {
                print(Terminal.wrapped(RuntimeStrings(locale: locale)(.enrolled, participant.id, study.id), for: STDOUT_FILENO))
            }
        } catch let error as RunnerError {
            throw CommandError.reworded(error, line: error.description(in: RuntimeStrings(locale: locale)))
        } catch is CancellationError {
            throw CommandError.interrupted(RuntimeStrings(locale: locale)(.stoppedEnrolment), signal: interrupted.signal ?? SIGINT)
        }
    }
}
