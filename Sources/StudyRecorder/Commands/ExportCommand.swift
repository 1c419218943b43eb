public import ArgumentParser
import Exports
import Foundation
import Storage
import Study

/// `study-recorder export`: stored recordings as CSV, EDF+ or an EEG-BIDS dataset, for analysis in
/// MNE, EEGLAB, MATLAB or a spreadsheet (docs/analysis.md). Exports go to a folder outside the data
/// folder and never overwrite.
struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export stored recordings as CSV, EDF+, an EEG-BIDS dataset or XDF.",
        discussion: """
            Items are catalog paths as `list` shows them (e.g. <uuid>/r_rest_1_1_2_<uuid>.h5), or --all, or \
            --participant UUID. csv: a folder per recording (eeg.csv with markers, events.csv, one file per \
            band power and quality measure with a reason column where values are NaN, verdict.csv) and one \
            file per reaction-time trial table; --csv-style mindmonitor or muselsl writes those tools' \
            one-file layouts instead. edf: one EDF+ file per recording (device range, every event \
            annotated, gaps as BAD_ACQ_SKIP). bids: an EEG-BIDS dataset with the HDF5 originals under \
            sourcedata/ (--study adds the study's authors, licence, institution, task texts and, when the study \
            opts in, questionnaire columns and phenotype tables). xdf: one XDF file per recording with every \
            stream, markers and quality on LSL's clock, as LabRecorder writes (pyxdf reads it). --out must lie \
            outside the data folder. The export is built in a hidden folder in \
            --out and published when complete; the next export into --out removes what a killed one left \
            (or completes its publication). Encrypted items are decrypted with the secret key in GnuPG \
            (--gnupg-home; its agent asks for the passphrase) into a private folder under $TMPDIR, removed \
            after each item; their export is readable only by you unless --permissions shared. Items being \
            recorded are left out of --all and --participant (listed as skipped). A BIDS dataset leaves out \
            demonstration data (a scripted participant, a simulated, replayed or synthetic signal, as each \
            item's provenance says), one line each, unless --include-simulated; the other formats convert such \
            an item and say what it is. Exit codes: 0 done, 64 \
            bad usage or --out inside the data folder, 65 an item that cannot be exported, 66 no such item (64 when a name fits several: they are listed), \
            73 cannot write the export (e.g. it exists already), 75 an item is still being recorded, 77 an \
            encrypted item without its secret key, 130/143 interrupted (nothing published).
            """)

    @OptionGroup var data: DataOptions

    @Argument(help: ArgumentHelp("The items to export: the names `list` shows, catalog paths, or unique prefixes.", valueName: "item"))
    var items: [String] = []

    @Flag(help: "Export every recording (and, for csv, every trial table).")
    var all = false

    @Option(help: ArgumentHelp("Export this participant's items.", valueName: "uuid"))
    var participant: String?

    @Option(help: "csv, edf, bids or xdf.")
    var format: ExportFormat

    @Option(
        help: ArgumentHelp(
            "With --format csv: standard (a folder per recording: eeg.csv, events.csv, metrics), mindmonitor (Mind Monitor's one wide file) or muselsl (muselsl record's EEG file).",
            valueName: "style"))
    var csvStyle: CSVStyle?

    @Option(help: ArgumentHelp("The folder to write to, outside the data folder (default ./exports).", valueName: "dir"))
    var out = "exports"

    @Flag(help: "Write `X X X X` as the EDF patient field instead of the participant's pseudonymous UUID.")
    var anonymous = false

    @Option(
        help: ArgumentHelp(
            "The study folder (holding study.json) of the items: bids takes the dataset's name, authors, licence, institution, task texts and (when the study opts in) participants.tsv columns and phenotype tables from it.",
            valueName: "dir"))
    var study: String?

    @OptionGroup var decryption: DecryptionOptions

    @Option(
        help: ArgumentHelp(
            "private: only you can read the export (files 0600, folders 0700; the default for encrypted items); shared: as your umask allows.",
            valueName: "private|shared"))
    var permissions: ExportPermissions?

    @Flag(
        help:
            "Let a BIDS dataset take demonstration data too: items made with a scripted participant (--auto, --answers) or a simulated, replayed or synthetic signal (left out otherwise, one line each)."
    )
    var includeSimulated = false

    @OptionGroup var output: WrittenOutputOptions

    func validate() throws {
        let selections = (items.isEmpty ? 0 : 1) + (all ? 1 : 0) + (participant == nil ? 0 : 1)
        guard selections == 1 else { throw ValidationError("name the items, or give --all or --participant (exactly one of them)") }
        if csvStyle != nil, format != .csv { throw ValidationError("--csv-style goes with --format csv") }
    }

    func run() async throws {
        // Ctrl-C or SIGTERM: the exporter removes its staging folder and decrypted copies
        // (Storage's TerminationSignals) and stops; the command ends with 128 + the signal.
        TerminationSignals.callerEndsProcess()
        let store = try await data.openStore()
        let (selected, notReady) = try await select(in: store)
        if selected.isEmpty && notReady.isEmpty {
            throw CommandError.missingInput("nothing to export in \(store.root.path)")
        }
        let access = permissions ?? .default(encrypted: selected.contains { $0.encryption != .none })
        // Into the data folder is a wrong command line (64); any other reason, a folder that cannot be made (73).
        let destination = try ExportDestination(folder: URL(fileURLWithPath: out), dataFolder: store.root, permissions: access)
        let exporter = Exporter(store: store, destination: destination, format: format, patientCode: !anonymous, permissions: access)
        exporter.decryptor = decryption.decryptor
        exporter.csvStyle = csvStyle ?? .standard
        exporter.includeSimulated = includeSimulated
        if let study { exporter.study = try StudyLoader.load(folder: URL(fileURLWithPath: study)) }
        var skipped = notReady
        var bar = ProgressBar(label: "export")
        var results: [ExportedItem] = []
        let extra: [String]
        do {
            let completed = try exporter.prepare()
            let done = Set(completed.map(\.item))
            var remaining: [CatalogItem] = []
            for item in selected {
                if done.contains(item.path) {
                    skipped.append(ExportSkip(item: item.path, reason: "an interrupted export into this folder had written it; completed now"))
                } else {
                    remaining.append(item)
                }
            }
            for (i, item) in remaining.enumerated() {
                do {
                    let result = try exporter.export(item) { fraction in
                        bar.update(
                            fraction: (Double(i) + fraction) / Double(remaining.count),
                            status: "\(i + 1)/\(remaining.count) " + (item.path as NSString).lastPathComponent)
                    }
                    results.append(result)
                } catch ExportError.demonstration(let path, let reason) {
                    // Demonstration data stays out of the dataset: named, not a failure.
                    skipped.append(ExportSkip(item: path, reason: "not a participant's data (\(reason)); --include-simulated takes it"))
                }
            }
            extra = try exporter.finish()
        } catch {
            bar.finish()
            exporter.discard()
            if let signal = TerminationSignals.received() {
                throw CommandError.interrupted(
                    "export interrupted: no half export and no decrypted copy is left; run it again to export into \(out)", signal: signal)
            }
            throw error
        }
        bar.update(fraction: 1, status: "done", force: true)
        bar.finish()
        if access == .private && permissions == nil {
            Terminal.note("the export holds decrypted data and is readable only by you (files 0600, folders 0700; --permissions shared to widen)")
        }
        if output.json {
            struct Output: Encodable {
                var folder: String
                var format: ExportFormat
                var permissions: ExportPermissions
                var items: [ExportedItem]
                var files: [String]
                var skipped: [ExportSkip]
            }
            try Terminal.printJSON(
                Output(folder: destination.folder.path, format: format, permissions: access, items: results, files: extra, skipped: skipped))
            return
        }
        for result in results {
            var line = "\(result.item) → \(result.files.first ?? "")"
            if result.files.count > 1 { line += " (+\(result.files.count - 1) files)" }
            if let edf = result.edf {
                line += "  \(edf.recordCount) s, \(Counted.text(edf.annotationCount, "annotation")), \(Counted.text(edf.gapCount, "gap"))"
                if edf.clippedValues > 0 { line += ", \(edf.clippedValues) values clipped to the device range" }
            }
            print(line)
            if let demonstration = result.demonstration { print("  not a participant's data: \(demonstration)") }
        }
        for skip in skipped { print("skipped \(skip.item): \(skip.reason)") }
        print("exported \(results.count) item(s) as \(format.rawValue) to \(destination.folder.path)")
    }

    /// The catalog items to export: the named ones (each must exist, be exportable and not be
    /// recorded right now), or every exportable item (of the participant), with those that are not
    /// ready (being recorded, waiting for recovery) left out and listed.
    private func select(in store: DataStore) async throws -> (items: [CatalogItem], skipped: [ExportSkip]) {
        if !items.isEmpty {
            var selected: [CatalogItem] = []
            for path in items {
                let item = try ItemArgument.resolve(path, in: store, requireFile: false)
                guard Exporter.canExport(item.kind, as: format) else {
                    throw CommandError.malformedInput("\(item.path): a \(item.kind.rawValue) item cannot be exported as \(format.rawValue)")
                }
                if let reason = Exporter.notReady(item, in: store) {
                    throw ExportError.notReady(path: item.path, reason: CommandHint.notReady(reason))
                }
                selected.append(try ItemArgument.resolve(path, in: store))
            }
            return (selected, [])
        }
        var selected: [CatalogItem] = []
        var skipped: [ExportSkip] = []
        for item in try await store.items(participant: participant) where Exporter.canExport(item.kind, as: format) {
            if let reason = Exporter.notReady(item, in: store) {
                skipped.append(ExportSkip(item: item.path, reason: CommandHint.notReady(reason)))
            } else {
                selected.append(item)
            }
        }
        return (selected, skipped)
    }
}

extension ExportFormat: ExpressibleByArgument {}
extension CSVStyle: ExpressibleByArgument {}
extension ExportPermissions: ExpressibleByArgument {}
