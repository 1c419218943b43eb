public import Foundation
public import Storage
public import Study

/// Exports stored items of a data folder into a destination outside it, in one format. The command
/// line is one client; the order of calls is ``prepare()`` (optional), ``export(_:progress:)`` per
/// item, then ``finish()``, which publishes the export.
///
/// Nothing appears in the destination before ``finish()``: the items are written into a hidden
/// staging folder in it (``ExportStaging``) and published together, so a killed export leaves no
/// half export that looks finished, and the next export into the same folder removes what it left
/// (or completes a publication it was killed in). Encrypted items are decrypted one at a time into
/// the process's ``PlaintextScratch`` under the temporary directory — never into the data folder or
/// the destination — and each copy is removed as soon as it is exported.
package final class Exporter {
    /// The data folder.
    package let store: DataStore
    /// Where the exports go.
    package let destination: ExportDestination
    /// The format.
    package let format: ExportFormat
    /// Whether EDF files name the participant's pseudonymous UUID in the patient field (else `X X X X`).
    package var patientCode: Bool
    /// The layout of a recording's CSV export (``CSVStyle/standard`` unless set).
    package var csvStyle: CSVStyle = .standard
    /// Who may read the published files (``ExportPermissions/private`` for exports of encrypted items).
    package var permissions: ExportPermissions
    /// Decrypts encrypted items (with the user's GnuPG and its agent).
    package var decryptor = OpenPGPDecryptor()
    /// The private folder under which decrypted copies are kept while an item is exported.
    package var scratchParent = PlaintextScratch.defaultParent
    /// The study the items belong to, if known. A BIDS export takes from it the dataset's name,
    /// authors, licence and how to acknowledge it, the sidecars' institution, task description and
    /// instructions, and, when its `dataset` opts in, participants.tsv columns and phenotype tables
    /// from the participants' questionnaires (docs/analysis.md).
    package var study: StudyDefinition?
    /// Whether a BIDS dataset takes demonstration data too: recordings whose provenance says a script
    /// stood in for the participant or the signal was simulated or played back
    /// (``Provenance/isDemonstration``). Without it (the default) ``export(_:progress:)`` refuses such
    /// a recording with ``ExportError/demonstration(path:reason:)``, which names it in one line, so
    /// that nothing made for a demo passes into a dataset as a participant's. The file formats (CSV,
    /// EDF+, XDF) convert what they are given and say it in ``ExportedItem/demonstration``.
    package var includeSimulated = false
    private var staging: ExportStaging?
    private var staged: ExportDestination?
    private var bids: BIDSDataset?
    private var scratch: PlaintextScratch?
    private var items: [ExportedItem] = []
    private var recovered = false

    /// Prepares an export of `store`'s items into `destination`.
    package init(
        store: DataStore, destination: ExportDestination, format: ExportFormat, patientCode: Bool = true, permissions: ExportPermissions = .shared
    ) {
        self.store = store
        self.destination = destination
        self.format = format
        self.patientCode = patientCode
        self.permissions = permissions
    }

    deinit { discard() }

    /// Whether `kind` can be exported in `format`: recordings always, reaction-time trial tables as CSV;
    /// questionnaires, consent records and consent PDFs never (they hold a name).
    package static func canExport(_ kind: ItemKind, as format: ExportFormat) -> Bool {
        switch kind {
        case .recording: true
        case .trials: format == .csv
        case .questionnaire, .consent, .consentPDF: false
        }
    }

    /// Why `item` cannot be exported now, or `nil` when it can: a recording still being written by a
    /// live process, or one whose process ended before it was finished (recovery rebuilds it:
    /// ``awaitingRecovery``).
    package static func notReady(_ item: CatalogItem, in store: DataStore) -> String? {
        guard item.state == .writing else { return nil }
        if RecordingWriter.isBeingWritten(store.url(of: item.path)) {
            return "it is being recorded (export it when the recording has ended)"
        }
        return awaitingRecovery
    }

    /// The reason ``notReady(_:in:)`` gives for a recording whose process ended before it was
    /// finished: recovery (`Recovery`) rebuilds it, and a client says how to run it.
    package static let awaitingRecovery = "its recording was interrupted and is not recovered yet"


    /// Completes or removes what killed exports left in the destination, removes the decrypted
    /// copies killed processes left (``PlaintextScratch/sweep(parent:)``) and makes this export's
    /// staging folder; returns the items of interrupted exports it completed (their files are now in
    /// the destination). ``export(_:progress:)`` calls it when it has not run.
    @discardableResult
    package func prepare() throws -> [ExportedItem] {
        var completed: [ExportedItem] = []
        if !recovered {
            completed = ExportStaging.recover(in: destination.published)
            PlaintextScratch.sweep(parent: scratchParent)
            recovered = true
        }
        if staging == nil {
            let new = try ExportStaging(in: destination.published)
            let target = ExportDestination(staging: new.content, published: destination.published)
            staging = new
            staged = target
            if format == .bids { bids = BIDSDataset(destination: target, study: study) }
        }
        return completed
    }

    /// Exports `item` into the staging folder, calling `progress` with the fraction done. Throws
    /// ``ExportError`` with a one-line description naming the file.
    package func export(_ item: CatalogItem, progress: (Double) -> Void = { _ in }) throws -> ExportedItem {
        try TerminationSignals.check()
        let url = store.url(of: item.path)
        let staged = try staging(for: item, file: url)
        let exported: ExportedItem
        if item.encryption != .none {
            do {
                exported = try plaintextScratch().withPlaintext(of: url) { try export(item, from: $0, into: staged, progress: progress) }
            } catch let error as PlaintextScratchError {
                if case .decryption(_, let reason) = error { throw ExportError.encrypted(path: item.path, reason: reason) }
                throw ExportError.io(path: destination.published.path, reason: "\(error)")
            }
        } else {
            exported = try export(item, from: url, into: staged, progress: progress)
        }
        items.append(exported)
        return exported
    }

    /// Exports `item` from `plaintext`, a readable copy of its file that the caller has decrypted
    /// (and checked) already, so a client that reads an item for more than its export decrypts it
    /// once: `collect` checks each sealed recording, reads the overview's figures and exports it from
    /// one copy in its ``PlaintextScratch``. `plaintext` must be named like the stored file without
    /// its sealing's extension (``PlaintextScratch/plaintext(of:)`` names it so): the export's file
    /// names come from it. Otherwise as ``export(_:progress:)``.
    package func export(_ item: CatalogItem, plaintext: URL, progress: (Double) -> Void = { _ in }) throws -> ExportedItem {
        try TerminationSignals.check()
        let exported = try export(item, from: plaintext, into: try staging(for: item, file: plaintext), progress: progress)
        items.append(exported)
        return exported
    }

    /// The staging folder `item`, readable at `file`, is exported into (``prepare()`` run when it has
    /// not), once it is known to be exportable now.
    private func staging(for item: CatalogItem, file: URL) throws -> ExportDestination {
        guard Self.canExport(item.kind, as: format) else {
            throw ExportError.unsupported(path: item.path, reason: "a \(item.kind.rawValue) item cannot be exported as \(format.rawValue)")
        }
        if let reason = Self.notReady(item, in: store) { throw ExportError.notReady(path: item.path, reason: reason) }
        guard FileManager.default.fileExists(atPath: file.path) else { throw ExportError.missing(path: item.path) }
        try prepare()
        guard let staged else { throw ExportError.io(path: destination.published.path, reason: "no staging folder") }
        return staged
    }

    /// Completes the export (BIDS: `dataset_description.json`, `participants.tsv`, `README`), sets
    /// the permissions, publishes it into the destination and returns the dataset-level files it
    /// wrote; with no item exported, publishes nothing. Later exports start a new staging folder.
    package func finish() throws -> [String] {
        try prepare()
        guard let staging else { return [] }
        guard !items.isEmpty else {
            // Nothing was exported: publish nothing (not even an empty BIDS dataset).
            discard()
            return []
        }
        // Every item is written: no decrypted copy is needed any more.
        scratch?.close()
        scratch = nil
        let extra = try bids?.finish() ?? []
        let manifest = ExportStaging.Manifest(
            items: items, replacing: bids?.replacedFiles ?? [], last: format == .bids ? [BIDSDataset.descriptionFile] : [])
        defer {
            self.staging = nil
            staged = nil
            bids = nil
            items = []
        }
        // Nothing is published once SIGINT or SIGTERM has arrived (its handler removed the staging).
        try TerminationSignals.check()
        try staging.publish(into: destination.published, manifest: manifest, permissions: permissions)
        return extra
    }

    /// Removes the staging folder (unless its publication has begun) and the decrypted scratch: what
    /// an export that fails or is abandoned calls (also on deinit).
    package func discard() {
        staging?.discard()
        staging = nil
        staged = nil
        scratch?.close()
        scratch = nil
    }

    /// Removes every staging folder (not yet being published) and decrypted scratch copy of this
    /// process, so an interrupted export leaves neither a half export nor plaintext behind. The
    /// SIGINT/SIGTERM handler (``TerminationSignals``) does this for every exporter without being
    /// asked: a staging folder and a scratch each register it when made (decision 0007).
    package static func discardAllOfThisProcess() {
        ExportStaging.discardAllOfThisProcess()
        PlaintextScratch.removeAllOfThisProcess()
    }

    private func plaintextScratch() throws -> PlaintextScratch {
        if let scratch { return scratch }
        let made = try PlaintextScratch(decryptor: decryptor, dataFolder: store.root, parent: scratchParent)
        scratch = made
        return made
    }

    /// Exports `item`, whose readable file is `url`, into `target`.
    private func export(_ item: CatalogItem, from url: URL, into target: ExportDestination, progress: (Double) -> Void) throws -> ExportedItem {
        let stem = Self.stem(of: url)
        switch (format, item.kind) {
        case (.csv, .trials):
            let written = try TrialTableCSV.export(url, to: target, name: stem + ".csv")
            let table = (try? Data(contentsOf: url)).flatMap { try? TrialTable(json: $0) }
            return ExportedItem(
                item: item.path, format: format, files: [written], edf: nil, demonstration: table?.provenance?.demonstrationReason)
        case (.csv, _):
            let reader = try Self.open(url, item: item)
            let files: [String]
            switch csvStyle {
            case .standard: files = try RecordingCSV(reader: reader).export(to: target, folder: stem, progress: progress)
            case .mindmonitor: files = [try MindMonitorCSV(reader: reader).export(to: target, name: stem + ".csv", progress: progress)]
            case .muselsl: files = [try MuselslCSV(reader: reader).export(to: target, name: stem + ".csv", progress: progress)]
            }
            return ExportedItem(item: item.path, format: format, files: files, edf: nil, demonstration: reader.provenance?.demonstrationReason)
        case (.edf, _):
            let reader = try Self.open(url, item: item)
            let writer = EDFWriter(patientCode: patientCode ? reader.participant ?? item.participant : nil)
            let written = try target.write(stem + ".edf") { try writer.write(reader, to: $0, progress: progress) }
            return ExportedItem(
                item: item.path, format: format, files: [written.url.lastPathComponent], edf: written.result,
                demonstration: reader.provenance?.demonstrationReason)
        case (.xdf, _):
            let reader = try Self.open(url, item: item)
            let written = try target.write(stem + ".xdf") { try XDFWriter().write(reader, to: $0, progress: progress) }
            return ExportedItem(
                item: item.path, format: format, files: [written.url.lastPathComponent], edf: nil,
                demonstration: reader.provenance?.demonstrationReason)
        case (.bids, _):
            let reader = try Self.open(url, item: item)
            let demonstration = reader.provenance?.demonstrationReason
            if let demonstration, !includeSimulated { throw ExportError.demonstration(path: item.path, reason: demonstration) }
            guard let bids else { throw ExportError.io(path: target.published.path, reason: "no BIDS dataset to add to") }
            let trials = try responseTimes(for: item, recording: stem)
            let numbering = BIDSNumbering(of: item, among: try store.catalog.items(participant: item.participant))
            if bids.needsQuestionnaires && !bids.hasQuestionnaires(of: item.participant) {
                bids.addQuestionnaires(try questionnaires(of: item.participant), of: item.participant)
            }
            let (files, edf) = try bids.add(reader, item: item, source: url, numbering: numbering, responseTimes: trials, progress: progress)
            return ExportedItem(item: item.path, format: format, files: files, edf: edf, demonstration: demonstration)
        }
    }

    /// The response times (seconds, `nil` for a miss) of the reaction-time trial table stored with the
    /// recording `stem` (same participant, the table's `recording` field naming it), one per trial whose
    /// stimulus was shown, in trial order; `nil` when there is none or it is encrypted.
    private func responseTimes(for item: CatalogItem, recording stem: String) throws -> [Double?]? {
        let tables = try store.catalog.items(participant: item.participant).filter {
            $0.kind == .trials && $0.encryption == .none && $0.run == item.run
        }
        for stored in tables {
            guard let data = try? Data(contentsOf: store.url(of: stored.path)), let table = try? TrialTable(json: data),
                Self.stem(of: URL(fileURLWithPath: table.recording)) == stem
            else { continue }
            // One per stimulus marker: a key before the stimulus ended its trial without one (the
            // table says so with a null stimulusTime; a table from before that field lists every trial).
            let recordsStimuli = table.trials.contains { $0.stimulusTime != nil || $0.stimulusSample != nil }
            return table.trials.filter { !recordsStimuli || $0.stimulusTime != nil || $0.stimulusSample != nil }.map { trial in
                guard trial.outcome != .miss, let ms = trial.latencyMs else { return nil }
                return ms / 1000
            }
        }
        return nil
    }

    /// The questionnaire records of `participant` in the catalog (encrypted ones decrypted like
    /// recordings); a file that is missing or not a questionnaire record is left out.
    private func questionnaires(of participant: String) throws -> [QuestionnaireRecord] {
        var records: [QuestionnaireRecord] = []
        for item in try store.catalog.items(participant: participant) where item.kind == .questionnaire {
            let url = store.url(of: item.path)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            if item.encryption == .none {
                if let record = try? QuestionnaireStore.load(url) { records.append(record) }
                continue
            }
            do {
                if let record = try plaintextScratch().withPlaintext(of: url, { try? QuestionnaireStore.load($0) }) { records.append(record) }
            } catch let error as PlaintextScratchError {
                if case .decryption(_, let reason) = error { throw ExportError.encrypted(path: item.path, reason: reason) }
                throw ExportError.io(path: destination.published.path, reason: "\(error)")
            }
        }
        return records
    }

    private static func open(_ url: URL, item: CatalogItem) throws -> RecordingReader {
        do {
            return try RecordingReader(url: url)
        } catch {
            throw ExportError.unsupported(path: item.path, reason: "not a readable recording (\(error))")
        }
    }

    /// The file name without its extensions (`r_rest_1_2_3_<uuid>`).
    static func stem(of url: URL) -> String {
        var name = url.lastPathComponent
        while let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        return name
    }
}
