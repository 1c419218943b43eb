import ArgumentParser
import DataSources
import Foundation
import RecordingPipeline
import Storage
import Study
import StudyRecorderKit
import Synchronization

/// `study-recorder run`: the experimenter's main command. Shows what is due in the study and runs it:
/// a questionnaire, or hardware preparation with live signal quality, then the recording blocks with
/// prompts, cues and markers, pauses and re-checks, storing every block as it finishes.
///
/// The run itself, with its guarantees (the lock, sealing, announcements, the upload after the
/// session, the post-session report), is the kit's ``StudySessionRun``; this command reads the
/// options, passes the terminal in as the participant's side, prints what was run, and throws.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run the next due session of a study for the enrolled participant.",
        discussion: """
            Ctrl-C, a lost device or a low battery end the block cleanly: what was recorded is stored and \
            marked incomplete, and the next `run` resumes at that block. One `run` per study and data \
            folder at a time. Exit 0 when the session ran (or nothing is due yet), 130/143 when interrupted by \
            Ctrl-C/SIGTERM, 75 when the device was lost or another `run` of the study is active (try again), 66 \
            when nobody is enrolled, 74 when the disk is full (then `study-recorder recover`).
            """)

    @OptionGroup var studyOptions: StudyOptions
    @OptionGroup var data: DataOptions
    @OptionGroup var sourceOptions: SourceOptions
    @OptionGroup var streamOptions: StreamOptions
    @OptionGroup var clockOptions: ClockOptions
    @OptionGroup var transfer: TransferOptions

    @Flag(help: "Acknowledge prompts and answer from --answers (or valid defaults): for demos and CI.")
    var auto = false

    @Option(help: ArgumentHelp("Questionnaire answers as a JSON object {\"questionId\": value}.", valueName: "file.json"))
    var answers: String?

    @Flag(help: "Show the short version of preparation instructions.")
    var short = false

    @Flag(help: "Print what was run and stored as JSON on standard output.")
    var json = false

    @Flag(name: .shortAndLong, help: "Log what happens to standard error.")
    var verbose = false

    func validate() throws {
        if sourceOptions.speed == 0 { throw ValidationError("run needs a finite --speed (1 is real time)") }
    }

    func run() async throws {
        let study = try studyOptions.load()
        // liblsl is needed for --clock lsl: checked before anything is asked or recorded.
        let lslClock = try clockOptions.makeLSLMapping(libraryPath: streamOptions.lslLibrary)
        let configurationURL = try transfer.checkedURL(data: data.url.standardizedFileURL)
        let store = try await data.openStore()
        let logger = CommandLogging.logger("run", verbose: verbose)
        let scripted = try loadAnswers(for: study)
        // The participant's language: --locale, else the one they enrolled in, else the study's default.
        let locale = StudySessionRun.locale(of: study, in: store, requested: studyOptions.locale)
        let strings = RuntimeStrings(locale: locale)
        let interface: any ParticipantInterface
        if auto {
            var echo: (@Sendable (String) -> Void)?
            if !json { echo = Terminal.echo }
            interface = ScriptedInterface(answers: scripted, seed: sourceOptions.seed ?? 1, speed: sourceOptions.speed, echo: echo)
        } else {
            interface = TerminalInterface(locale: locale, screenOnStandardError: json)
        }
        var configured = sourceOptions
        configured.mains = Double(study.settings.mainsFrequency)
        let source = try configured.makeSource()
        let streams = !streamOptions.targets.isEmpty || streamOptions.lslMarkers != nil
        // Checked now (liblsl found, OSC host resolved), so nothing fails once the participant started.
        if streams { try await streamOptions.check() }
        var options = RunnerOptions(
            locale: locale, speed: sourceOptions.speed, seed: sourceOptions.seed,
            automatic: auto, shortInstructions: short, clock: studyOptions.clock, lslClock: lslClock)
        options.commandLine = Provenance.redacting(CommandLine.arguments)
        var session = StudySessionRun(
            study: study, store: store, transferConfiguration: configurationURL, interface: interface,
            options: options, makeSource: { source }, logger: logger)
        session.opened = { CommandLogging.report(opened: $0) }
        session.notice = { Terminal.note($0) }
        let streaming = streamOptions, mains = configured.mains, json = json
        // Device trouble (link lost and back, battery low, off the head, data lost) as it happens.
        let watches = Mutex<[DeviceTroubleWatch]>([])
        defer { watches.withLock { $0.forEach { $0.stop() } } }
        session.willStart = { controller in
            let watch = await DeviceTroubleWatch(controller: controller, json: json, locale: locale)
            watches.withLock { $0.append(watch) }
            if streams {
                _ = try await streaming.start(controller: controller, mains: mains, lslClock: lslClock)
                _ = try streaming.startMarkerInlet(controller: controller)
            }
        }
        let ready = session
        let interrupted = CaughtSignal()
        let (task, trap) = SignalTrap.cancelling(onSignal: { caught in
            interrupted.set(caught)
            RawKeyboard.restore()
        }) { try await ready.run() }
        defer {
            _ = trap
            RawKeyboard.restore()
        }
        let report: RunReport
        do {
            report = try await task.value
        } catch is CancellationError {
            throw CommandError.interrupted(strings(.stoppedNothingStored), signal: interrupted.signal ?? SIGINT)
        } catch let error as RunnerError {
            throw CommandError.reworded(error, line: CommandHint.line(error.description(in: strings), for: error))
        } catch let error as ScriptedAnswerError {
            throw CommandError.reworded(error, line: "\(answers ?? "answers"): \(error)")
        }
        if json {
            try Terminal.printJSON(AccountedRunReport(report, in: store))
        } else {
            print(Terminal.wrapped(Self.summary(report, strings: strings), for: STDOUT_FILENO))
            // Per recording what was lost and its verdict, the line `record` and `analyze` give (a
            // file sealed at rest is judged by `analyze` after decryption).
            for item in report.stored where item.kind == .recording {
                guard let account = try? await RecordingReader.withReader(at: store.url(of: item.path), { try RecordingAccount($0) }) else {
                    continue
                }
                print("\((item.path as NSString).lastPathComponent): \(account.line)")
            }
        }
        if interrupted.isSet {
            // What the participant is told on Ctrl-C: exactly what this run stored.
            let stored = report.stored.map { ($0.path as NSString).lastPathComponent + ($0.outcome.isComplete ? "" : strings(.summaryIncomplete)) }
            // One line on standard error, as every message there (not wrapped: a terminal folds it).
            Terminal.error(stored.isEmpty ? strings(.stoppedNothingStored) : strings(.stoppedSomethingStored, stored.joined(separator: ", ")))
        }
        if report.state == .incomplete { throw CommandError.reported(interrupted.signal.map { .interrupted(signal: $0) } ?? .deferred) }
    }

    private func loadAnswers(for study: StudyDefinition) throws -> [String: String] {
        guard let answers else { return [:] }
        let data: Data
        do throws(BoundedFile.Failure) {
            data = Data(try BoundedFile.read(URL(fileURLWithPath: answers), limit: BoundedFile.answersFileLimit))
        } catch {
            guard case .tooLarge(let limit) = error else { throw CommandError.missingInput("no such answers file: \(answers)") }
            throw CommandError.malformedInput("\(answers): an answers file holds at most \(BoundedFile.describe(limit)); this one is larger")
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CommandError.malformedInput("\(answers): expected a JSON object {\"questionId\": value}")
        }
        // A misspelt id would answer nothing and store the question's default as the participant's.
        do { try AnswersFileError.check(object.keys, for: study) } catch { throw CommandError.reworded(error, line: "\(answers): \(error)") }
        return object.mapValues { value in
            if let list = value as? [Any] { return list.map { "\($0)" }.joined(separator: ",") }
            return "\(value)"
        }
    }

    /// What the run did, in the participant's language (`strings`): the session by its title, a
    /// known interruption reason translated; times as `status` writes them (``LocalTime``).
    static func summary(_ r: RunReport, strings: RuntimeStrings = RuntimeStrings(locale: "en")) -> String {
        var lines: [String] = []
        switch r.state {
        case .completed: lines.append(strings(.summaryCompleted, r.title ?? r.session ?? "?", r.day ?? 0, r.sessionNumber ?? 0))
        case .incomplete: lines.append(strings(.summaryInterrupted, r.title ?? r.session ?? "?", r.reason.map(strings.reason) ?? "?"))
        case .waiting: lines.append(strings(.summaryWaiting))
        case .finished: lines.append(strings(.summaryFinished))
        }
        for item in r.stored { lines.append(strings(.summaryStored, item.path) + (item.outcome.isComplete ? "" : strings(.summaryIncomplete))) }
        if let ms = r.medianLatencyMs { lines.append(strings(.summaryMedian, String(format: "%.0f", ms))) }
        if let opens = r.nextDayOpensAt { lines.append(strings(.summaryNextDay, LocalTime.text(opens))) }
        if let upload = r.upload { lines.append(strings(.summaryUpload, upload)) }
        if let path = r.report { lines.append(strings(.summaryReport, path)) }
        return lines.joined(separator: "\n")
    }
}
