import ArgumentParser
import Collection
import Exports
import Foundation
import Report
import Synchronization
import Storage
import Study
import StudyRecorderKit
import Transfer

/// `study-recorder collect`: the experimenter's end of the upload. Reads a study's upload folder
/// (WebDAV with a read account, or a local copy), verifies every item against its manifest, decrypts
/// with the study's secret key and builds or extends one EEG-BIDS dataset for all participants. The
/// work is the Collection module's ``Collector``; this parses, prints and exits.
struct CollectCommand: AsyncParsableCommand {
    /// How many deferred items are named one per line; the rest are counted.
    static let deferralsNamed = 10

    static let configuration = CommandConfiguration(
        commandName: "collect",
        abstract: "Collect a study's uploads from the server into one verified EEG-BIDS dataset.",
        discussion: """
            Reads --from (the WebDAV folder the participants upload into, with an account that may read: \
            GET and PROPFIND; or a local copy of it), downloads what is new or changed, checks each item \
            against the manifest beside it (size and SHA-256), decrypts it with the study's secret key \
            (--gnupg-home) into a private scratch folder outside --out, and adds it to the BIDS dataset in \
            --out. Up to --connections items download at once; a progress bar shows on a terminal. A second \
            collect downloads nothing unchanged; a killed collect resumes. Consent records and their PDFs \
            hold names: they stay sealed on the server unless --with-consent DIR asks for them (decrypted \
            into DIR, outside --out, named by the participant's UUID, owner-only). The account comes from --secrets (mode \
            0600, {"webdav": {"user": …, "password": …}}) or STUDY_RECORDER_WEBDAV_USER / \
            STUDY_RECORDER_WEBDAV_PASSWORD, never from the command line.

            The server is not trusted: every name it lists is checked (a participant's UUID folder, the \
            recorder's own item names; anything else is a problem, shown escaped, never a file), a \
            download stops at its manifest's size, and listings are bounded in bytes, entries and time \
            (docs/operations.md, "Collecting from a server you do not control").

            The study's monitoring — sessions due, done and missed per participant, good signal, lost \
            time, the headband, and flags with the study file's thresholds — goes to overview.html and \
            overview.json in --out (docs/analysis.md).

            Exit status: 0 all collected and no participant flagged, 2 all collected and a participant \
            flagged (listed as flagged: lines and in --json's flagged), 1 some items need a person (listed under problems: a failed \
            checksum, a foreign key, not a recording of ours, another study, a refused name, a server \
            answer past the limits or a redirect; kept out of the dataset), 75 items deferred (the server \
            unreachable, stalled or failing part way: what came through is kept; run again later), or \
            another collect is running, or the server is unreachable, 76 the server's listing of the \
            study broke the limits, 78 the server refused the account, 74 the disk is full (what was \
            collected is kept), 64 --connections out of range or --with-consent inside --out, 66 no such \
            study or local folder, 73 --out cannot be written, 130/143 interrupted.
            """)

    @Option(help: ArgumentHelp("The study's upload folder: an http(s) WebDAV URL or a local folder.", valueName: "url|dir"))
    var from: String

    @Option(help: ArgumentHelp("The study folder (holding study.json).", valueName: "dir"))
    var study: String

    @Option(help: ArgumentHelp("The BIDS dataset to build or extend.", valueName: "dir"))
    var out: String

    @Option(help: ArgumentHelp("The secrets file with the read account (mode 0600).", valueName: "file"))
    var secrets: String?

    @Option(help: ArgumentHelp("A PEM file with the CA certificate(s) to trust for an https server.", valueName: "file"))
    var caFile: String?

    @OptionGroup var decryption: DecryptionOptions

    @Option(help: ArgumentHelp("How many items to download at once, each over a connection of its own (1…16).", valueName: "n"))
    var connections = 4

    @Option(
        help: ArgumentHelp(
            "Decrypt the consent records and PDFs into this folder (created 0700, outside --out); without it they stay sealed.",
            valueName: "dir"))
    var withConsent: String?

    @Option(help: ArgumentHelp("The study overview's language (en, de).", valueName: "locale"))
    var locale = "en"

    @Flag(
        help:
            "Add demonstration data to the dataset too: recordings made with a scripted participant (--auto, --answers) or a simulated, replayed or synthetic signal (left out otherwise, one line each)."
    )
    var includeSimulated = false

    @Flag(
        help:
            "Decode every Muse recording added to the dataset again from the headband's bytes it keeps, with this version's decoders (the mirror keeps the uploads as they are)."
    )
    var redecode = false

    @Flag(help: "Print the report as JSON on standard output.")
    var json = false

    func validate() throws {
        guard ["en", "de"].contains(locale) else { throw ValidationError("--locale must be en or de") }
        guard Collector.connectionRange.contains(connections) else {
            throw ValidationError("--connections must be \(Collector.connectionRange.lowerBound)…\(Collector.connectionRange.upperBound)")
        }
    }

    func run() async throws {
        // Ctrl-C or SIGTERM: the decrypted copies and a half publication are removed (Storage's
        // TerminationSignals), the run is cancelled, and the command ends with 128 + the signal.
        TerminationSignals.callerEndsProcess()
        let definition = try StudyLoader.load(folder: URL(fileURLWithPath: study))
        let source: CollectionSource
        if let scheme = URLComponents(string: from)?.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            let account: TransferSecrets
            account = try TransferSecrets.load(file: secrets.map { URL(fileURLWithPath: $0) })
            source = .webdav(base: from, credentials: account.webdav, connection: ConnectionSettings(caFile: caFile))
        } else {
            source = .folder(URL(fileURLWithPath: from))
        }
        var collector = Collector(
            source: source, study: definition, out: URL(fileURLWithPath: out), decryptor: decryption.decryptor)
        collector.connections = connections
        collector.overviewLocale = locale
        collector.consentFolder = withConsent.map { URL(fileURLWithPath: $0) }
        collector.includeSimulated = includeSimulated
        if redecode { collector.redecoder = Redecoding.collecting }
        let report: CollectionReport
        // A bar on a terminal; piped, one line per item (none with --json, whose output is JSON only).
        let bar = CollectProgressBar(mode: json ? .quiet : Terminal.stderrIsTTY ? .bar : .lines)
        let collecting = collector
        let task = Task { try await collecting.run { bar.update($0) } }
        TerminationSignals.onSignal("collect") { task.cancel() }
        defer { TerminationSignals.release("collect") }
        let interrupted = "collect interrupted: no decrypted copy is left; run it again to resume"
        do {
            report = try await task.value
            bar.finish()
        } catch {
            bar.finish()
            if let signal = await TerminationSignals.receivedAfterCleanup() { throw CommandError.interrupted(interrupted, signal: signal) }
            throw error
        }
        if let signal = await TerminationSignals.receivedAfterCleanup() { throw CommandError.interrupted(interrupted, signal: signal) }
        if json {
            try Terminal.printJSON(report)
        } else {
            print(
                "collected \(report.collected.count), unchanged \(report.unchanged), added to the dataset \(report.exported.count), "
                    + "waiting for their manifest \(report.waiting.count), consent kept sealed \(report.consentKeptSealed), "
                    + (withConsent == nil ? "" : "consent decrypted \(report.consentDecrypted), ")
                    + "left out as demonstration data \(report.leftOut.count), problems \(report.problems.count), "
                    + "deferred \(report.deferred.count), leftovers \(report.leftovers.count) -> \(out)")
            for skip in report.leftOut { print("left out \(skip.item): \(skip.reason)") }
            if redecode { print("decoded again from the headband's bytes: \(report.redecoded.count)") }
        }
        // Every text from the server is printable already (CollectionProblem escapes it); deferrals can
        // be one per item of a study when the server went away, so only the first few are named.
        // Uploads of another study come all at once when --study names the wrong one: one line.
        let otherStudy = report.problems.filter { $0.reason == .otherStudy }
        if let first = otherStudy.first {
            Terminal.error(
                otherStudy.count == 1
                    ? "problem: \(first.remote): \(first.reason.rawValue): \(first.detail)"
                    : "problem: \(otherStudy.count) uploads belong to another study (\(first.remote): \(first.detail)): wrong --study? "
                        + "--json lists them all")
        }
        for problem in report.problems where problem.reason != .otherStudy {
            Terminal.error("problem: \(problem.remote): \(problem.reason.rawValue): \(problem.detail)")
        }
        for deferral in report.deferred.prefix(Self.deferralsNamed) {
            Terminal.error("deferred: \(deferral.remote): \(deferral.detail)")
        }
        if report.deferred.count > Self.deferralsNamed {
            Terminal.error("deferred: \(report.deferred.count - Self.deferralsNamed) more (--json lists them all); the next collect tries them again")
        }
        for leftover in report.newLeftovers {
            Terminal.error(
                "leftover: \(leftover): an interrupted upload's leftover (its item is collected under another name, or it waited too long "
                    + "for its manifest); not waited for any more — docs/operations.md, \"Leftovers of interrupted uploads\"")
        }
        if !json, let summary = report.monitoring {
            let percent = { (share: Double?) in share.map { String(format: "%.0f %%", $0 * 100) } ?? "–" }
            print(
                "monitoring: \(summary.sessionsCompleted) of \(summary.sessionsDue) due sessions completed (\(percent(summary.completion))), "
                    + "median good signal \(percent(summary.medianGoodSignal)), \(summary.flagged) of \(Counted.text(summary.participants, "participant")) flagged "
                    + "-> \(out)/overview.html")
        }
        for participant in report.flagged {
            Terminal.error("flagged: \(participant.participant): \(participant.flags.map(\.kind.rawValue).joined(separator: ", "))")
        }
        if !report.problems.isEmpty { throw CommandError.reported(.problems) }
        if !report.deferred.isEmpty { throw CommandError.reported(.deferred) }
        if !report.flagged.isEmpty { throw CommandError.reported(.flagged) }
    }
}

/// `collect`'s progress on standard error, fed from the collector's task: a bar redrawn in place per
/// phase (download, then convert) on a terminal, one line per item when piped, nothing with `--json`.
private final class CollectProgressBar: Sendable {
    enum Mode { case bar, lines, quiet }
    private let mode: Mode
    private let bar = Mutex<(phase: CollectionProgress.Phase?, bar: ProgressBar?)>((nil, nil))

    init(mode: Mode) { self.mode = mode }

    func update(_ progress: CollectionProgress) {
        switch mode {
        case .quiet: return
        case .lines: Terminal.note("collect \(progress)")
        case .bar:
            bar.withLock { state in
                if state.phase != progress.phase {
                    state.bar?.finish()
                    state = (progress.phase, ProgressBar(label: "collect \(progress.phase.rawValue)", enabled: true))
                }
                let megabytes = String(format: "%.1f MB", Double(progress.bytes) / 1e6)
                state.bar?.update(
                    fraction: progress.fraction, status: "\(progress.done)/\(progress.total) \(megabytes) \(progress.item)",
                    force: progress.done == progress.total)
            }
        }
    }

    func finish() {
        bar.withLock { state in
            state.bar?.finish()
            state = (nil, nil)
        }
    }
}
