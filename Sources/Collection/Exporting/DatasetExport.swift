import Exports
import Foundation
import Storage
import Study

#if canImport(Glibc)
import Glibc
#endif

/// The last step of a collect: every collected recording not yet in the dataset is checked
/// (``RecordingCheck``, a participant's recordings before the first of them is exported) and
/// exported into the BIDS dataset `out` (`Exporter`, format `.bids`, with the study's metadata), in
/// publications of at most ``publicationSize``, each complete on its own; decoded again first when
/// there is a ``redecoder``. A recording whose export fails is this run's problem and is tried again
/// by the next; the others are exported.
struct DatasetExport {
    /// The study whose recordings these are.
    let study: StudyDefinition
    /// The BIDS dataset's folder.
    let out: URL
    /// The mirror the recordings were collected into.
    let mirror: DataStore
    /// Where sealed recordings are decrypted to (outside `out`).
    let scratch: PlaintextScratch
    /// Decrypts sealed recordings with the study's secret key.
    let decryptor: OpenPGPDecryptor
    /// The scratch's parent folder (the exporter's own decrypted copies go there too).
    let scratchParent: URL
    /// Whether demonstration data is exported too (`--include-simulated`).
    let includeSimulated: Bool
    /// The most recordings one export publication adds to the dataset.
    let publicationSize: Int
    /// The most decrypted recordings of one participant kept in the scratch between their check and
    /// their export; a participant with more new ones has each decrypted twice.
    let keptCopies: Int
    /// Decodes a recording again from the device's bytes it keeps (`--redecode`), or `nil`.
    let redecoder: (@Sendable (_ recording: URL, _ output: URL) async throws -> Bool)?
    /// Where the state is saved (after each publication).
    let stateFile: URL

    /// Checks and exports every collected recording not yet in the dataset, in publications of at
    /// most ``publicationSize``; returns what the overview needs of each recording it read (by
    /// catalog id).
    ///
    /// A participant's recordings are checked together before the first of them is exported (a BIDS
    /// run's number depends on the participant's other recordings, so one that its check keeps out
    /// must be out of the catalog first): each sealed one is decrypted once into the scratch, and that
    /// copy serves its check, the overview's figures and its export, and is removed then. More than
    /// ``keptCopies`` at once are not kept: those are decrypted again for the export.
    // on BlockingExecutor (Collector.run prefers it for every step)
    func run(
        state: inout CollectionState, report: inout CollectionReport, progress: @Sendable (CollectionProgress) -> Void
    ) async throws -> [String: OverviewCache.Item] {
        let ordered = state.entries.compactMap { $0.value.problem == nil && !$0.value.done && $0.value.item != nil ? $0.key : nil }.sorted()
        guard !ordered.isEmpty else { return [:] }
        let destination: ExportDestination
        do {
            destination = try ExportDestination(folder: out, dataFolder: mirror.root, permissions: .private)
        } catch {
            throw CollectionError.io(path: out.path, reason: "\(error)")
        }
        let check = RecordingCheck(study: study, includeSimulated: includeSimulated, mirror: mirror, scratch: scratch, scratchParent: scratchParent)
        var read: [String: OverviewCache.Item] = [:]
        // Recordings an interrupted collect had published (their publications are complete now).
        var completed = Set<String>()
        // The checked recordings of the participant folder at hand, each readable as `Readable` says.
        var checked: [String: RecordingCheck.Readable] = [:]
        var checkedFolder: Substring?
        defer { for case .copy(let file) in checked.values { scratch.remove(file) } }
        var index = 0
        // In publications of at most `publicationSize` items: a publication's bookkeeping (its staging
        // manifest lists every file it adds) is held until it is published, so one publication for a
        // whole study's first collect made memory grow with the study. Each publication is complete
        // on its own (a kill loses at most the one in progress), and the state says so after each.
        for start in stride(from: 0, to: ordered.count, by: publicationSize) {
            let exporter = Exporter(store: mirror, destination: destination, format: .bids, permissions: .private)
            exporter.study = study
            exporter.decryptor = decryptor
            exporter.scratchParent = scratchParent
            exporter.includeSimulated = includeSimulated
            defer { exporter.discard() }
            completed.formUnion(try exporter.prepare().map(\.item))
            var exported: [String] = []
            for position in start..<min(start + publicationSize, ordered.count) {
                let key = ordered[position]
                index += 1
                defer { progress(CollectionProgress(phase: .convert, done: index, total: ordered.count, item: key, bytes: report.bytesDownloaded)) }
                guard let id = state.entries[key]?.item, let item = try mirror.catalog.item(id: id) else {
                    // Kept out by its participant's check (its problem says why), or not in the mirror's
                    // catalog without one (a run killed while keeping it out): looked at again next time.
                    if state.entries[key]?.problem == nil { state.entries[key] = nil }
                    continue
                }
                if completed.contains(item.path) {
                    exported.append(key)
                    continue
                }
                let folder = Self.folder(of: key)
                if folder != checkedFolder {
                    for case .copy(let file) in checked.values { scratch.remove(file) }
                    let keys = ordered[position...].prefix { Self.folder(of: $0) == folder }
                    let problems = report.problems.count
                    checked = try check.check(keys, keep: keys.count <= keptCopies, completed: completed, state: &state, report: &report, read: &read)
                    checkedFolder = folder
                    // What was kept out has left the catalog and the mirror: the state says so at once.
                    if report.problems.count != problems { try state.save(to: stateFile) }
                }
                // Not checked: kept out (a problem says why).
                guard let readable = checked.removeValue(forKey: key) else { continue }
                do {
                    try await export(item, readable, key: key, exporter: exporter, report: &report)
                    exported.append(key)
                    report.exported.append(id)
                } catch {
                    // A full disk ends the run (the publication in progress is discarded, so nothing
                    // half-written is published); any other failure is this run's problem, and the
                    // recording is tried again by the next run (the state keeps it as not done).
                    if DiskSpace.isFull(error) { throw CollectionError.diskFull(path: out.path) }
                    report.problems.append(CollectionProblem(remote: key, reason: .export, detail: "\(error)"))
                }
            }
            _ = try exporter.finish()
            for key in exported {
                state.entries[key]?.done = true
                state.entries[key]?.plaintextSHA256 = nil
            }
            try state.save(to: stateFile)
        }
        return read
    }

    /// Exports the checked recording `item` (state key `key`) with `exporter`, read as `readable`
    /// says, decoded again first when there is a ``redecoder``.
    private func export(
        _ item: CatalogItem, _ readable: RecordingCheck.Readable, key: String, exporter: Exporter, report: inout CollectionReport
    ) async throws {
        switch readable {
        case .copy(let file):
            defer { scratch.remove(file) }
            if let again = try await redecoded(file, key: key, report: &report) {
                defer { scratch.remove(again) }
                _ = try exporter.export(item, plaintext: again)
            } else {
                _ = try exporter.export(item, plaintext: file)
            }
        case .stored where redecoder != nil:
            let stored = mirror.url(of: item.path)
            let sealed = stored.pathExtension != "h5"
            let plain = sealed ? try scratch.plaintext(of: stored) : stored
            defer { if sealed { scratch.remove(plain) } }
            if let again = try await redecoded(plain, key: key, report: &report) {
                defer { scratch.remove(again) }
                _ = try exporter.export(item, plaintext: again)
            } else {
                _ = try exporter.export(item)
            }
        case .stored:
            _ = try exporter.export(item)
        }
    }

    /// With a ``redecoder``: `file` decoded again into the scratch (named in the report's
    /// ``CollectionReport/redecoded``), or `nil` when it keeps no bytes to decode.
    private func redecoded(_ file: URL, key: String, report: inout CollectionReport) async throws -> URL? {
        guard let redecoder else { return nil }
        // Under the recording's own name (the dataset's source copy is named after it), in a folder of its own.
        let folder = scratch.folder.appendingPathComponent("redecoded", isDirectory: true)
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let output = folder.appendingPathComponent(file.lastPathComponent)
        unlink(output.path)
        do {
            guard try await redecoder(file, output) else { return nil }
        } catch {
            unlink(output.path)
            throw CollectionError.io(path: key, reason: "decoding it again failed: \(error)")
        }
        report.redecoded.append(key)
        return output
    }

    /// The participant folder of a state key (`<folder>/<item name>`).
    private static func folder(of key: String) -> Substring {
        key.prefix { $0 != "/" }
    }
}
