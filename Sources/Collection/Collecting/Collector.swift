public import Foundation
public import Storage
public import Study
import DataSources
import Exports
import Transfer

/// The experimenter's end of the upload: reads a study's upload folder (``CollectionSource``), takes
/// every item whose manifest (``UploadManifest``) is beside it, checks it, and builds or extends one
/// EEG-BIDS dataset of all participants in `out` with the BIDS exporter (`Exporter`, format `.bids`,
/// with the study's metadata).
///
/// For each item:
/// 1. unchanged since the last run (size and ETag of the item and its manifest, in
///    `<out>/.collect/state.json`): nothing is downloaded;
/// 2. the manifest is fetched (and decrypted when sealed) and must name this participant folder, this
///    study and the item's file name;
/// 3. consent records and PDFs (they hold the participant's name) are never downloaded;
/// 4. the item is downloaded into `<out>/.collect/mirror/<participant>/` as it was uploaded (sealed
///    stays sealed) and must match the manifest's size and SHA-256 — one more download otherwise,
///    then a ``CollectionProblem/Reason/checksum`` problem, never used;
/// 5. a recording is decrypted into the process's ``PlaintextScratch`` (outside `out`, removed on
///    every exit path), must match the plaintext digest when the manifest has one, be readable as a
///    recording and carry this study's id;
/// 6. it joins the mirror's catalog, and every recording not yet in the dataset is exported into it.
///
/// Then the HTML study overview in `out` (``StudyOverviewFile``) is brought up to date.
///
/// A killed run resumes: the state is written after each item, a partial download resumes with a
/// Range, and the exporter completes or removes an interrupted publication. Two runs on one dataset
/// never overlap (`<out>/.collect/collect.lock`).
///
/// ```swift
/// let collector = Collector(source: .webdav(base: url, credentials: reader, connection: .init()), study: study, out: dataset)
/// let report = try await collector.run()
/// if !report.problems.isEmpty { … }   // a person must look at these
/// ```
public struct Collector: Sendable {
    /// Where the uploads are read.
    public let source: CollectionSource
    /// The study whose uploads these are.
    public let study: StudyDefinition
    /// The BIDS dataset's folder.
    public let out: URL
    /// Decrypts sealed items and manifests with the study's secret key.
    public var decryptor: OpenPGPDecryptor
    /// Where decrypted copies are kept while an item is checked or exported (outside `out`).
    public var scratchParent: URL

    /// A collector of `study`'s uploads from `source` into `out`.
    public init(
        source: CollectionSource, study: StudyDefinition, out: URL, decryptor: OpenPGPDecryptor = OpenPGPDecryptor(),
        scratchParent: URL = PlaintextScratch.defaultParent
    ) {
        self.source = source
        self.study = study
        self.out = out
        self.decryptor = decryptor
        self.scratchParent = scratchParent
    }

    /// The folder `collect` keeps its state, mirror and lock in: `<out>/.collect` (hidden, so BIDS
    /// tools pass over it).
    public var workFolder: URL { out.appendingPathComponent(".collect", isDirectory: true) }

    /// Collects what is new and returns what happened; `progress` hears one line per item.
    public func run(progress: (@Sendable (String) -> Void)? = nil) async throws -> CollectionReport {
        try await withTaskExecutorPreference(BlockingExecutor.shared) {
            try await execute(progress: progress ?? { _ in })
        }
    }

    private func execute(progress: @Sendable (String) -> Void) async throws -> CollectionReport {
        let work = workFolder
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CollectionError.io(path: work.path, reason: error.localizedDescription)
        }
        guard let lock = try ExclusiveLock(file: work.appendingPathComponent("collect.lock")) else {
            throw CollectionError.busy(dataset: out.path)
        }
        defer { withExtendedLifetime(lock) {} }
        PlaintextScratch.sweep(parent: scratchParent)
        let mirror = try DataStore(root: work.appendingPathComponent("mirror", isDirectory: true))
        let stateFile = work.appendingPathComponent("state.json")
        var state = try CollectionState.load(stateFile)
        let scratch = try PlaintextScratch(decryptor: decryptor, dataFolder: mirror.root, parent: scratchParent)
        defer { scratch.close() }
        let reader = try source.reader()
        defer { reader.close() }
        var report = CollectionReport()

        for folder in try await reader.list([]).sorted(by: { $0.name < $1.name }) where folder.isFolder && !folder.name.hasPrefix(".") {
            try Task.checkCancellation()
            let entries = try await reader.list([folder.name]).filter { !$0.isFolder && !$0.name.hasSuffix(".partial") }
            let manifests = Dictionary(
                entries.compactMap { e in UploadManifest.itemName(ofManifest: e.name).map { ($0, e) } }, uniquingKeysWith: { a, _ in a })
            for entry in entries.sorted(by: { $0.name < $1.name }) where UploadManifest.itemName(ofManifest: entry.name) == nil {
                let key = folder.name + "/" + entry.name
                guard let manifest = manifests[entry.name] else {
                    report.waiting.append(key)
                    continue
                }
                let fingerprint = CollectionState.Fingerprint(
                    itemSize: entry.size, itemETag: entry.etag, manifestSize: manifest.size, manifestETag: manifest.etag)
                if let known = state.entries[key], known.fingerprint == fingerprint {
                    report.unchanged += 1
                    if let problem = known.problem { report.problems.append(problem) }
                    continue
                }
                progress(key)
                var result = try await collect(
                    entry, manifest: manifest, folder: folder.name, reader: reader, mirror: mirror, scratch: scratch, report: &report)
                if let earlier = state.entries[key], earlier.item != nil, result.problem == nil, earlier.done {
                    // Collected before: the same bytes again are no change; other bytes, the dataset keeps what it has.
                    let changed = earlier.sha256 != result.sha256
                    result = CollectionState.Entry(
                        fingerprint: fingerprint, item: earlier.item, done: true,
                        problem: changed ? CollectionProblem(remote: key, reason: .changed, detail: "changed on the server after it was collected") : nil,
                        sha256: earlier.sha256)
                } else {
                    result.fingerprint = fingerprint
                }
                if let problem = result.problem { report.problems.append(problem) }
                state.entries[key] = result
                try state.save(to: stateFile)
            }
        }
        try export(mirror: mirror, state: &state, stateFile: stateFile, report: &report)
        try StudyOverviewFile(study: study, out: out, work: work).update(mirror: mirror, scratch: scratch, state: state, problems: report.problems)
        return report
    }

    /// Fetches, checks and catalogues one item; the entry says what came of it (its fingerprint is
    /// set by the caller).
    private func collect(
        _ entry: RemoteEntry, manifest manifestEntry: RemoteEntry, folder: String, reader: CollectionReader, mirror: DataStore,
        scratch: PlaintextScratch, report: inout CollectionReport
    ) async throws -> CollectionState.Entry {
        let key = folder + "/" + entry.name
        let empty = CollectionState.Fingerprint()
        func problem(_ reason: CollectionProblem.Reason, _ detail: String, item: String? = nil) -> CollectionState.Entry {
            CollectionState.Entry(fingerprint: empty, item: item, done: false, problem: CollectionProblem(remote: key, reason: reason, detail: detail))
        }
        // The manifest.
        let downloads = workFolder.appendingPathComponent("manifests", isDirectory: true).appendingPathComponent(folder, isDirectory: true)
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let manifestFile = downloads.appendingPathComponent(manifestEntry.name)
        try? FileManager.default.removeItem(at: manifestFile)
        report.bytesDownloaded += try await reader.fetch([folder, manifestEntry.name], to: manifestFile, etag: nil, size: manifestEntry.size)
        let manifest: UploadManifest
        do {
            if manifestEntry.name.hasSuffix(UploadManifest.suffix) {
                manifest = try UploadManifest.decode(Data(contentsOf: manifestFile))
            } else {
                manifest = try scratch.withPlaintext(of: manifestFile) { try UploadManifest.decode(Data(contentsOf: $0)) }
            }
        } catch let error as PlaintextScratchError {
            guard case .decryption(_, let reason) = error else { throw error }
            return problem(.foreignKey, "its manifest does not decrypt with the study's key: \(reason)")
        } catch {
            return problem(.notOurs, "its manifest is unreadable (\(error))")
        }
        if let other = manifest.study, other != study.id {
            return problem(.otherStudy, "its manifest names the study \(other), not \(study.id)", item: manifest.item)
        }
        guard manifest.participant == folder, manifest.uploaded.name == entry.name else {
            return problem(.notOurs, "its manifest describes \(manifest.participant)/\(manifest.uploaded.name)", item: manifest.item)
        }
        // Names never appear: consent records and PDFs stay sealed on the server.
        if manifest.kind.holdsName {
            report.consentKeptSealed += 1
            return CollectionState.Entry(fingerprint: empty, item: manifest.item, done: true, problem: nil, sha256: manifest.uploaded.sha256)
        }
        // The item, checked against the manifest; one more try, then a problem.
        let participantFolder = mirror.root.appendingPathComponent(folder, isDirectory: true)
        try FileManager.default.createDirectory(at: participantFolder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = participantFolder.appendingPathComponent(entry.name)
        var verified = false
        var found = ""
        for attempt in 1...2 {
            if attempt > 1 { try? FileManager.default.removeItem(at: URL(fileURLWithPath: file.path + ".partial")) }
            report.bytesDownloaded += try await reader.fetch([folder, entry.name], to: file, etag: entry.etag, size: entry.size)
            let size = ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.int64Value ?? -1
            let digest = (try? SHA256.hex(ofFile: file)) ?? ""
            if size == manifest.uploaded.size && digest == manifest.uploaded.sha256 {
                verified = true
                break
            }
            found = "\(size) bytes, SHA-256 \(digest.prefix(12))…; the manifest says \(manifest.uploaded.size) bytes, \(manifest.uploaded.sha256.prefix(12))…"
            try? FileManager.default.removeItem(at: file)
        }
        guard verified else { return problem(.checksum, "the download does not match its manifest, twice (\(found))", item: manifest.item) }
        // A recording of ours, of this study.
        if manifest.kind == .recording {
            let check: (URL) -> CollectionState.Entry? = { url in
                if let plain = manifest.plaintext, (try? SHA256.hex(ofFile: url)) != plain.sha256 {
                    return problem(.checksum, "the decrypted recording does not match its manifest's plaintext digest", item: manifest.item)
                }
                guard let recording = try? RecordingReader(url: url) else {
                    return problem(.notOurs, "not a recording of study-recorder's", item: manifest.item)
                }
                guard recording.study == study.id else {
                    return problem(.otherStudy, "a recording of \(recording.study.map { "the study \($0)" } ?? "no study"), not \(study.id)", item: manifest.item)
                }
                return nil
            }
            let verdict: CollectionState.Entry?
            if manifest.uploaded.encrypted {
                do {
                    verdict = try scratch.withPlaintext(of: file, check)
                } catch let error as PlaintextScratchError {
                    guard case .decryption(_, let reason) = error else { throw error }
                    verdict = problem(.foreignKey, "it does not decrypt with the study's key: \(reason)", item: manifest.item)
                }
            } else {
                verdict = check(file)
            }
            if let verdict {
                try? FileManager.default.removeItem(at: file)
                return verdict
            }
        }
        try catalogue(manifest, path: folder + "/" + entry.name, in: mirror)
        report.collected.append(key)
        return CollectionState.Entry(
            fingerprint: empty, item: manifest.item, done: manifest.kind != .recording, problem: nil, sha256: manifest.uploaded.sha256)
    }

    /// Adds (or updates) the item to the mirror's catalog as the manifest describes it.
    private func catalogue(_ manifest: UploadManifest, path: String, in mirror: DataStore) throws {
        let encryption: EncryptionState =
            !manifest.uploaded.encrypted ? .none : path.hasSuffix(".asc") ? .openpgpArmored : .openpgp
        var item = CatalogItem(
            id: manifest.item, kind: manifest.kind, path: path, participant: manifest.participant, study: manifest.study,
            title: manifest.title, day: manifest.day, session: manifest.session, run: manifest.run,
            created: UTCTimestamp.date(fromISO8601: manifest.created) ?? Date(), size: manifest.uploaded.size, sha256: manifest.uploaded.sha256,
            encryption: encryption, state: .transmitted)
        item.remoteName = path
        if try mirror.catalog.item(id: item.id) != nil {
            let replacement = item
            _ = try mirror.catalog.update(id: item.id) { $0 = replacement }
        } else {
            try mirror.catalog.insert(item)
        }
    }

    /// Exports every collected recording not yet in the dataset into it, in one publication.
    private func export(mirror: DataStore, state: inout CollectionState, stateFile: URL, report: inout CollectionReport) throws {
        let pending = state.entries.filter { $0.value.problem == nil && !$0.value.done && $0.value.item != nil }
        guard !pending.isEmpty else { return }
        let destination: ExportDestination
        do {
            destination = try ExportDestination(folder: out, dataFolder: mirror.root, permissions: .private)
        } catch {
            throw CollectionError.io(path: out.path, reason: "\(error)")
        }
        let exporter = Exporter(store: mirror, destination: destination, format: .bids, permissions: .private)
        exporter.study = study
        exporter.decryptor = decryptor
        exporter.scratchParent = scratchParent
        defer { exporter.discard() }
        let completed = Set(try exporter.prepare().map(\.item))
        var exported: [String] = []
        for (key, entry) in pending.sorted(by: { $0.key < $1.key }) {
            guard let id = entry.item, let item = try mirror.catalog.item(id: id) else { continue }
            if completed.contains(item.path) {
                // An interrupted collect had published it; its publication is complete now.
                exported.append(key)
                continue
            }
            do {
                _ = try exporter.export(item)
                exported.append(key)
                report.exported.append(id)
            } catch {
                let problem = CollectionProblem(remote: key, reason: .export, detail: "\(error)")
                state.entries[key]?.problem = problem
                report.problems.append(problem)
            }
        }
        _ = try exporter.finish()
        for key in exported { state.entries[key]?.done = true }
        try state.save(to: stateFile)
    }
}
