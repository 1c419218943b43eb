import ArgumentParser
import Foundation
import Storage
import Synchronization
import StudyRecorderKit
import Transfer

/// `study-recorder upload`: sends every pending item to the study's WebDAV server (e-mail as the
/// fallback), unattended, with exit codes a scheduler can act on.
struct UploadCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "upload",
        abstract: "Upload every pending item to the study's server (WebDAV, e-mail fallback).",
        discussion: """
            Reads <data>/transfer.json (or --config) and the account from the secrets file (mode 0600) or \
            STUDY_RECORDER_WEBDAV_USER / STUDY_RECORDER_WEBDAV_PASSWORD. Safe to run from cron or a \
            systemd timer: overlapping runs never send an item twice, recordings in progress are skipped, \
            what a crash left behind is recovered first, and every request has a time limit. SIGTERM or \
            Ctrl-C abort the transfer in flight and leave its item pending. Without encryption, consent \
            records and their PDFs stay on this device by policy (they hold the name); they are not pending.

            Prints what changed, once: nothing when there was nothing to send. An item whose file is \
            missing or not what the catalog says cannot be sent by any retry: every run names it with the \
            command that resolves it (`study-recorder resolve`) and exits 1.

            Exit status: 0 all sent, 75 some items still pending (run again later; also a full server, \
            HTTP 507), 1 an item needs a person (everything else that could go went), 78 configuration error (also a password or account the server refuses: HTTP 401, \
            or 403/405 to PUT or MKCOL), 66 no such data folder or --config file, 64 bad \
            command line, 130/143 interrupted by SIGINT/SIGTERM.
            """)

    @OptionGroup var data: DataOptions
    @OptionGroup var transfer: TransferOptions

    @Flag(help: "Only list what would be sent; change nothing, contact no server, need no account.")
    var dryRun = false

    @Flag(help: "Retry failed items now instead of waiting for their next try time.")
    var now = false

    @Option(help: "Send at most this many items.")
    var limit: Int?

    @Flag(help: "Print the report as JSON on standard output.")
    var json = false

    @Flag(name: .shortAndLong, help: "Log what happens to standard error.")
    var verbose = false

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more") }
    }

    func run() async throws {
        let store = try await data.openExistingStore()
        let logger = CommandLogging.logger("upload", verbose: verbose)
        // A crash between a recording's last rename and its catalog entry (or during a recording)
        // leaves files the catalog does not list as pending: recover them first, so they are sent
        // instead of reported as "0 pending". A dry run only names them.
        let needsRecovery = dryRun ? Recovery.needed(store: store) : []
        // What recovery did is said now; its problems after the run, without those the run names
        // as needing a person (each item once).
        var recovery: RecoveryReport? = nil
        if !dryRun { recovery = await Recovery.run(store: store, logger: logger) }
        let problems = recovery?.problems ?? []
        recovery?.problems = []
        if let recovery { CommandLogging.report(recovery) }
        var named: [String] = []
        defer { Self.report(problems, except: named) }
        // Checked first: a `--config` file that does not exist is 66, never "not configured".
        _ = try transfer.checkedURL(data: store.root)
        let setup = transfer.setup(data: store.root)
        let bar = ProgressState(enabled: Terminal.stderrIsTTY && !json)
        let options = UploadOptions(dryRun: dryRun, ignoreBackoff: now, limit: limit ?? .max)
        let signalled = Mutex<Int32?>(nil)
        // The kit's upload, the one every client of the libraries has (a dry run plans from the
        // catalog alone: no destination, so no account and no server).
        let (task, trap) = SignalTrap.cancelling(onSignal: { number in signalled.withLock { $0 = number } }) {
            try await ConfiguredUpload.run(transfer: setup, store: store, options, logger: logger) { progress in bar.update(progress) }
        }
        var report: UploadReport
        do {
            report = try await task.value
        } catch is CancellationError {
            bar.finish()
            let number = signalled.withLock { $0 } ?? SIGTERM
            throw CommandError.interrupted(
                "upload interrupted (\(number == SIGINT ? "SIGINT" : "SIGTERM")); unsent items stay pending for the next run", signal: number)
        } catch {
            bar.finish()
            throw CommandError.stated(error)
        }
        withExtendedLifetime(trap) {}
        bar.finish()
        // What recovery did, said once: an item the upload names as needing a person is not named twice.
        named = report.needsPerson.map(\.path)
        report.planned = needsRecovery.map { UploadReport.Outcome(id: "", path: $0, remote: "(recovered first)") } + report.planned
        if json {
            try Terminal.printJSON(report)
        } else {
            Self.printHuman(report)
        }
        if let problem = report.configurationProblem, !json { Terminal.error(problem) }
        if report.conclusion != .done { throw CommandError.reported(.upload(report.conclusion)) }
    }

    /// The report in words, what changed once: each item sent (its remote name only when it differs
    /// from its path here), each failure, each item that needs a person with the command that
    /// resolves it, then one summary line. Nothing when nothing happened (a cron log does not grow);
    /// items kept here by policy are listed by a dry run and `list`, and counted in the summary.
    static func printHuman(_ report: UploadReport) {
        if report.busy { print("another upload run is active; nothing done (\(report.remaining) pending)") }
        for p in report.planned { print("would send \(p.path)" + Self.remoteNote(p)) }
        if report.dryRun { for k in report.keptLocal { print("kept here \(k.path): \(k.error ?? "by policy")") } }
        for s in report.sent { print("sent \(s.path)" + Self.remoteNote(s) + " (\(s.via ?? "?"))") }
        for f in report.failed { print("pending \(f.path): \(f.error ?? "failed")\(f.nextAttempt.map { " (next try \($0))" } ?? "")") }
        for n in report.needsPerson { print(needsPersonLine(n)) }
        let kept = report.keptLocal.isEmpty ? "" : ", \(report.keptLocal.count) kept here by policy"
        if report.dryRun {
            print("\(report.planned.count) item(s) due, \(report.remaining) pending in all\(kept)")
        } else if !report.busy && !(report.sent.isEmpty && report.failed.isEmpty && report.needsPerson.isEmpty) {
            print("\(report.sent.count) sent, \(report.remaining) still pending\(kept)")
        }
        if report.waiting > 0, let next = report.nextAttempt {
            print("\(report.waiting) item(s) wait for their next try (the earliest at \(next)); `upload --now` sends them at once")
        }
    }

    /// Where an item goes, when that is not its path here: ` as <remote name>` (sealed, or a taken
    /// name), or a note in parentheses (`(recovered first)`); nothing otherwise.
    static func remoteNote(_ outcome: UploadReport.Outcome) -> String {
        guard let remote = outcome.remote, remote != outcome.path else { return "" }
        return remote.hasPrefix("(") ? " \(remote)" : " as \(remote)"
    }

    /// Recovery's problem lines (as ``CommandLogging/report(_:)`` says them), except those about the
    /// items at `paths`.
    static func report(_ problems: [String], except paths: [String]) {
        for problem in problems where !paths.contains(where: { problem.hasPrefix($0 + ":") }) {
            Terminal.note("recovery problem: \(problem)")
        }
    }

    /// The line of an item no retry can send: why, and the two ways a person resolves it
    /// (docs/operations.md, "Needs a person").
    static func needsPersonLine(_ outcome: UploadReport.Outcome) -> String {
        "needs a person: \(outcome.error ?? outcome.path); restore it from a copy (`study-recorder resolve \(outcome.path) --restore FILE`) "
            + "or retire it (`study-recorder resolve \(outcome.path) --retire --reason TEXT`)"
    }
}

/// The upload progress bar, fed from the transfer thread.
private final class ProgressState: Sendable {
    private let bar: Mutex<ProgressBar>

    init(enabled: Bool) { bar = Mutex(ProgressBar(label: "upload", enabled: enabled)) }

    func update(_ p: UploadProgress) {
        let fraction = p.total > 0 ? Double(p.sent) / Double(p.total) : nil
        bar.withLock { $0.update(fraction: fraction, status: "\(p.index)/\(p.count) \(p.name)") }
    }

    func finish() { bar.withLock { $0.finish() } }
}
