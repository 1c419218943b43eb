import ArgumentParser
import Exports
import Foundation
import Report
import Storage
import Study

/// `study-recorder report`: the post-session report of stored recordings, or the participant view
/// over the days, as one self-contained HTML page (inline SVG and CSS, no script, no network) that
/// reads on a phone and prints (docs/report.md).
struct ReportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write the HTML report of a session's recordings or of a participant's sessions.",
        discussion: """
            Items are catalog paths of recordings as `list` shows them (e.g. <uuid>/r_rest_1_1_2_<uuid>.h5): \
            the session view (metadata, a signal excerpt per channel, quality and band power over time with \
            events and gaps, the Welch spectrum, the verdict with its reasons, reaction times per trial), one \
            section per recording. --participant UUID: every session over the days (quality per session, \
            reaction-time score trend; with --study FOLDER, also the study days completed of the days so \
            far, from the participant's progress through that study). One HTML file with no script and nothing from the network; it names \
            the participant only by the UUID; --out must lie outside the data folder. Encrypted items are \
            decrypted with the secret key in GnuPG (--gnupg-home; its agent asks for the passphrase) into a \
            private folder under $TMPDIR, removed as soon as they are read; their report is readable only by \
            you unless --permissions shared. Reports never overwrite unless --replace (a daily report to one path). Exit codes: 0 done, 64 bad usage or \
            --out inside the data folder, 65 an item that is not a readable recording, 66 no such item (64 when a name fits several: they are listed) or \
            data folder, 73 cannot write the report (e.g. it exists), 75 a recording still being recorded, \
            77 an encrypted item without its secret key.
            """)

    @OptionGroup var data: DataOptions

    @Argument(help: ArgumentHelp("The recordings to report on: the names `list` shows, catalog paths, or unique prefixes.", valueName: "item"))
    var items: [String] = []

    @Flag(help: "Replace the report file if it exists (atomically: a reader sees the old page or the new one).")
    var replace = false

    @Option(help: ArgumentHelp("Report on every session of this participant.", valueName: "uuid"))
    var participant: String?

    /// The study whose progress gives the participant view its completion line.
    @Option(help: ArgumentHelp("With --participant: the study folder whose progress gives the line of study days completed.", valueName: "folder"))
    var study: String?

    @Option(
        help: ArgumentHelp(
            "The HTML file to write (default: report-<recording>.html or report-participant-<uuid>.html here).", valueName: "file.html"))
    var out: String?

    @OptionGroup var decryption: DecryptionOptions

    @Option(
        help: ArgumentHelp(
            "private: only you can read the report (file 0600; the default for encrypted items); shared: as your umask allows.",
            valueName: "private|shared"))
    var permissions: ExportPermissions?

    @OptionGroup var output: WrittenOutputOptions

    @Option(help: "The report's language (en, de; default: the locale the participant enrolled in, else en).")
    var locale: String?

    @Flag(help: "Keep windows graded bad or off the head in the spectrum and band power (only gaps are left out).")
    var includeBadWindows = false

    func validate() throws {
        guard items.isEmpty != (participant == nil) else { throw ValidationError("name the recordings, or give --participant (exactly one of them)") }
        if let participant, UUID(uuidString: participant) == nil { throw ValidationError("--participant must be a UUID, got '\(participant)'") }
        if study != nil, participant == nil { throw ValidationError("--study goes with --participant") }
    }

    func run() async throws {
        // Ctrl-C or SIGTERM: the report's decrypted copies are removed (Storage's
        // TerminationSignals) and nothing is written; the command ends with 128 + the signal.
        TerminationSignals.callerEndsProcess()
        let store = try await data.openExistingStore()
        let selected = try await select(in: store)
        let target = URL(fileURLWithPath: out ?? defaultName(selected)).standardizedFileURL
        let encrypted = selected.contains { $0.encryption != .none }
        try ReportBuilder.checkOutside(target, dataFolder: store.root)
        if !replace, FileManager.default.fileExists(atPath: target.path) {
            throw ReportError.io(path: target.path, reason: "exists already; reports never overwrite (choose another --out, or --replace)")
        }
        let access = permissions ?? .default(encrypted: encrypted)
        var builder = ReportBuilder(store: store, decryptor: decryption.decryptor)
        builder.includesBadWindows = includeBadWindows
        // The participant's language, whichever view: the one named, or of the first recording's participant.
        if let whose = participant ?? selected.first?.participant {
            builder.locale = locale ?? ParticipantOptions.enrolledLocale(of: whose, in: store.root) ?? "en"
        }
        if let participant, let study {
            builder.completion = try Self.completion(of: participant, study: study, dataFolder: store.root)
        }
        var bar = ProgressBar(label: "report")
        bar.update(fraction: nil, status: participant == nil ? "\(selected.count) recording(s)" : "participant", force: true)
        let html: String
        do {
            if let participant {
                html = try await builder.participantReport(participant: participant.uppercased())
            } else {
                html = try await builder.sessionReport(for: selected)
            }
            try ReportBuilder.write(html, to: target, overwrite: replace, permissions: access)
        } catch {
            bar.finish()
            if let signal = TerminationSignals.received() {
                throw CommandError.interrupted("report interrupted: nothing was written", signal: signal)
            }
            throw error
        }
        bar.finish()
        if access == .private && permissions == nil {
            Terminal.note("the report holds decrypted data and is readable only by you (file 0600; --permissions shared to widen)")
        }
        if output.json {
            struct Output: Encodable {
                var file: String
                var items: [String]
                var participant: String?
                var bytes: Int
            }
            try Terminal.printJSON(
                Output(file: target.path, items: selected.map(\.path), participant: participant?.uppercased(), bytes: html.utf8.count))
            return
        }
        print("wrote \(target.path) (\(selected.count) recording\(selected.count == 1 ? "" : "s"))")
    }

    /// The recordings to report on: the named ones (each must exist and be a recording), or every
    /// finished recording of the participant.
    private func select(in store: DataStore) async throws -> [CatalogItem] {
        if let participant {
            let found = try await store.items(participant: participant.uppercased()).filter { $0.kind == .recording && $0.state != .writing }
            if found.isEmpty {
                throw CommandError.missingInput("no recordings of participant \(participant) in \(store.root.path)")
            }
            return found
        }
        var selected: [CatalogItem] = []
        for path in items {
            let entry = try ItemArgument.resolve(path, in: store, requireFile: false)
            if let reason = Exporter.notReady(entry, in: store) {
                throw CommandError.notReady("\(entry.path) has no report yet: \(CommandHint.notReady(reason).replacingOccurrences(of: "export it", with: "report on it"))")
            }
            let item = try ItemArgument.resolve(path, in: store)
            guard item.kind == .recording else {
                throw CommandError.malformedInput("\(item.path): a \(item.kind.rawValue) item has no report (name a recording)")
            }
            selected.append(item)
        }
        return selected
    }

    private func defaultName(_ selected: [CatalogItem]) -> String {
        if let participant { return "report-participant-\(participant.lowercased()).html" }
        var name = ((selected.first?.path ?? "report") as NSString).lastPathComponent
        while let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        return "report-\(name).html"
    }


    /// The participant's study days completed of the days so far in `study` (Study's ``Adherence``
    /// at this moment), from `<data>/progress/<study-id>.json`; 66 when they are not enrolled in it.
    static func completion(of participant: String, study folder: String, dataFolder: URL) throws -> StudyCompletion {
        let definition = try StudyLoader.load(folder: URL(fileURLWithPath: folder))
        let store = ProgressStore(dataFolder: dataFolder)
        let file = store.url(forStudy: definition.id).path
        let progress: StudyProgress?
        do {
            progress = try store.load(studyID: definition.id)
        } catch {
            throw CommandError.malformedInput("\(file): unreadable progress file: \(error)")
        }
        guard let progress, progress.participant.uuidString.caseInsensitiveCompare(participant) == .orderedSame else {
            throw CommandError.missingInput("participant \(participant) is not enrolled in \(definition.id) (no progress of theirs in \(file))")
        }
        let schedule = StudySchedule(study: definition)
        do {
            try schedule.check(progress)
        } catch {
            throw CommandError.reworded(error, line: "\(file): " + CommandHint.line(error.description, for: error))
        }
        let adherence = schedule.adherence(of: progress, at: Date())
        return StudyCompletion(daysCompleted: adherence.daysCompleted, daysSoFar: adherence.daysSoFar, days: adherence.days)
    }

}
