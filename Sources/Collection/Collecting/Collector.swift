public import Foundation
public import Storage
public import Study
import DataSources
import Exports
import Report
import Transfer

#if canImport(Glibc)
import Glibc
#endif

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
/// 3. consent records and PDFs (they hold the participant's name) are not downloaded, unless
///    ``consentFolder`` is set: then they are verified and decrypted into it, named by UUID only;
/// 4. the item is downloaded into `<out>/.collect/mirror/<participant>/` as it was uploaded (sealed
///    stays sealed) and must match the manifest's size and SHA-256 — one more download otherwise,
///    then a ``CollectionProblem/Reason/checksum`` problem, never used;
/// 5. it joins the mirror's catalog;
/// 6. every recording not yet in the dataset is decrypted once into the process's
///    ``PlaintextScratch`` (outside `out`, removed on every exit path), must match the plaintext
///    digest when the manifest has one, be readable as a recording and carry this study's id (else it
///    leaves the catalog and the mirror again, a problem), and is exported from that copy, which also
///    gives the overview its figures — a participant's recordings are checked before the first of
///    them is exported, so one kept out never numbers the others.
///
/// Then the HTML study overview in `out` (``StudyOverviewFile``) is brought up to date.
///
/// Items are downloaded ``connections`` at a time (each over a kept-alive connection of its own);
/// conversion into the dataset is one recording at a time.
///
/// A killed run resumes: the state is written at most once a second as items come through (a killed
/// run fetches that last second's items again), a partial download resumes with a
/// Range, and the exporter completes or removes an interrupted publication. Two runs on one dataset
/// never overlap (`<out>/.collect/collect.lock`).
///
/// ```swift
/// let collector = Collector(source: .webdav(base: url, credentials: reader, connection: .init()), study: study, out: dataset)
/// let report = try await collector.run()
/// if !report.problems.isEmpty { … }   // a person must look at these
/// ```
package struct Collector: Sendable {
    /// The connections ``connections`` may be set to.
    package static let connectionRange = 1...16
    /// The most recordings one export publication adds to the dataset (``run(progress:)``).
    var publicationSize = 200
    /// The most decrypted recordings of one participant kept in the scratch between their check and
    /// their export (``run(progress:)``); a participant with more new ones has each decrypted twice.
    var keptCopies = 64

    /// Where the uploads are read.
    package let source: CollectionSource
    /// The study whose uploads these are.
    package let study: StudyDefinition
    /// The BIDS dataset's folder.
    package let out: URL
    /// Decrypts sealed items and manifests with the study's secret key.
    package var decryptor: OpenPGPDecryptor
    /// Where decrypted copies are kept while an item is checked or exported (outside `out`).
    package var scratchParent: URL
    /// How many items are downloaded at once, each over a kept-alive connection of its own
    /// (``connectionRange``; the listing uses the first). Checking and converting use little memory
    /// per item, so the bound is the server's and the network's, not this machine's.
    package var connections = 4
    /// The language of the study overview, `<out>/overview.html` (`en` or `de`; default English).
    package var overviewLocale = "en"
    /// The bounds the server is held to (listings, downloads, leftovers).
    package var limits = CollectionLimits()
    /// Today, for the study's monitoring (which study day each participant is on, days since their
    /// last upload); the system's clock unless a test sets another.
    package var today: @Sendable () -> Date = { Date() }
    /// Where consent records and PDFs are decrypted to, when the experimenter asks for them
    /// (`--with-consent`): named by the participant's UUID only, the folder 0700 and each file 0600,
    /// never inside `out`. Without it they stay sealed on the server and are not downloaded.
    package var consentFolder: URL?
    /// Whether the dataset takes demonstration data too (`--include-simulated`): recordings whose
    /// provenance says a script stood in for the participant or the signal was simulated or played
    /// back. Without it (the default) such a recording stays in the mirror, out of the dataset, and
    /// is named in ``CollectionReport/leftOut`` on every run; the overview counts it apart.
    package var includeSimulated = false
    /// Decodes a collected recording again from the device's bytes it keeps before it is exported
    /// (`collect --redecode`): called with the plaintext recording and a new file in the scratch to
    /// write; returns false when the recording keeps no bytes it can decode (exported as it is).
    /// The dataset then holds the samples today's decoders make; the mirror keeps the uploads.
    /// `nil` (the default): recordings are exported as recorded.
    package var redecoder: (@Sendable (_ recording: URL, _ output: URL) async throws -> Bool)?

    /// A collector of `study`'s uploads from `source` into `out`.
    package init(
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
    package var workFolder: URL { out.appendingPathComponent(".collect", isDirectory: true) }

    /// Collects what is new and returns what happened; `progress` hears each item as it is through a
    /// phase (downloaded and checked, then converted), from one task at a time.
    package func run(progress: (@Sendable (CollectionProgress) -> Void)? = nil) async throws -> CollectionReport {
        guard Self.connectionRange.contains(connections) else {
            throw CollectionError.io(path: out.path, reason: "connections must be \(Self.connectionRange.lowerBound)…\(Self.connectionRange.upperBound), not \(connections)")
        }
        if let consentFolder, DataFolderBoundary(dataFolder: out).contains(consentFolder) {
            throw CollectionError.consentInsideDataset(folder: consentFolder.path, dataset: out.path)
        }
        do {
            return try await withTaskExecutorPreference(BlockingExecutor.shared) {
                try await execute(progress: progress ?? { _ in })
            }
        } catch let error as CollectionError {
            throw error
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            // Whoever noticed it (a download, SQLite, HDF5, the exporter), a full disk is one error,
            // and a local file that could not be written is the dataset's.
            if DiskSpace.isFull(error) { throw CollectionError.diskFull(path: out.path) }
            if let transfer = error as? TransferError, transfer.code == .localFile {
                throw CollectionError.io(path: transfer.path ?? out.path, reason: transfer.message)
            }
            throw error
        }
    }

    /// An item to fetch: its file and manifest on the server.
    private struct Pending: Sendable {
        let key: String
        let folder: String
        let entry: RemoteEntry
        let manifest: RemoteEntry
        let fingerprint: CollectionState.Fingerprint
        /// Whether an earlier run collected this item (other bytes now are a change, not corruption).
        let collectedBefore: Bool
    }

    /// What fetching one item came to; catalogued and recorded by the one task that owns the state.
    private struct Fetched: Sendable {
        /// The state entry (its fingerprint set by the caller).
        var entry: CollectionState.Entry
        /// Bytes downloaded for it.
        var bytes: Int64 = 0
        /// The manifest of a verified item that joins the mirror's catalog.
        var catalogue: UploadManifest?
        /// A consent record or PDF left sealed on the server.
        var consentKeptSealed = false
        /// A consent record or PDF decrypted into ``consentFolder``.
        var consentDecrypted = false
        /// Why it was not fetched in this run, when that may pass: the state keeps what it had, and
        /// the next run tries again.
        var deferral: CollectionProblem?
        /// Whether the failure was the server not answering at all (counted toward
        /// ``CollectionLimits/failuresInARow``).
        var unanswered = false
        /// Whether the problem was the server's answer rather than the item: reported, not kept in the
        /// state, so the next run asks again.
        var answerOnly = false
        /// The manifest's `created`, once read.
        var created: String?
    }

    private func execute(progress: @Sendable (CollectionProgress) -> Void) async throws -> CollectionReport {
        let work = workFolder
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            if DiskSpace.isFull(error) { throw CollectionError.diskFull(path: work.path) }
            throw CollectionError.io(path: work.path, reason: error.localizedDescription)
        }
        guard let lock = try ExclusiveLock(file: work.appendingPathComponent("collect.lock")) else {
            throw CollectionError.busy(dataset: out.path)
        }
        defer { withExtendedLifetime(lock) {} }
        if let consentFolder { try Self.makePrivate(consentFolder) }
        PlaintextScratch.sweep(parent: scratchParent)
        let mirror = try await DataStore.open(root: work.appendingPathComponent("mirror", isDirectory: true))
        let stateFile = work.appendingPathComponent("state.json")
        var state = try CollectionState.load(stateFile)
        let scratch = try PlaintextScratch(decryptor: decryptor, dataFolder: mirror.root, parent: scratchParent)
        defer { scratch.close() }
        // One reader per connection; each keeps its connection for the whole run.
        let readers = try (0..<connections).map { _ in try source.reader() }
        defer { for reader in readers { reader.close() } }
        var report = CollectionReport()

        // The listing: what waits for its manifest, what is unchanged, what to fetch.
        var pending = try await list(reader: readers[0], state: &state, report: &report)

        // The downloads, `connections` at a time; what comes back is recorded here, one at a time.
        let contained = try ContainedFolder(work)
        var saved = ContinuousClock.now - .seconds(10)
        var done = 0
        var unansweredInARow = 0
        do {
            try await withThrowingTaskGroup(of: (Int, Pending, Fetched).self) { group in
                var queue = pending.makeIterator()
                var stopped = false
                func start(_ slot: Int, _ group: inout ThrowingTaskGroup<(Int, Pending, Fetched), any Error>) {
                    guard !stopped, let item = queue.next() else { return }
                    let reader = readers[slot]
                    group.addTask { (slot, item, try await self.fetch(item, reader: reader, contained: contained, mirror: mirror.root, scratch: scratch)) }
                }
                for slot in readers.indices { start(slot, &group) }
                while let outcome = try await group.next() {
                    let (slot, item, fetched) = outcome
                    unansweredInARow = fetched.unanswered ? unansweredInARow + 1 : 0
                    if unansweredInARow >= limits.failuresInARow && !stopped {
                        // The server stopped answering: the rest waits for the next run, untried.
                        stopped = true
                        while let untried = queue.next() {
                            report.deferred.append(
                                CollectionProblem(remote: untried.key, reason: .transfer, detail: "not tried: the server stopped answering"))
                        }
                    }
                    start(slot, &group)
                    report.bytesDownloaded += fetched.bytes
                    done += 1
                    defer {
                        progress(CollectionProgress(phase: .download, done: done, total: pending.count, item: item.key, bytes: report.bytesDownloaded))
                    }
                    if let deferral = fetched.deferral {
                        report.deferred.append(deferral)
                        continue
                    }
                    if fetched.answerOnly, let problem = fetched.entry.problem {
                        report.problems.append(problem)
                        continue
                    }
                    if fetched.consentKeptSealed { report.consentKeptSealed += 1 }
                    if fetched.consentDecrypted { report.consentDecrypted += 1 }
                    var result = fetched.entry
                    if let manifest = fetched.catalogue {
                        try catalogue(manifest, path: item.key, in: mirror)
                        report.collected.append(item.key)
                    }
                    if let earlier = state.entries[item.key], earlier.item != nil, earlier.problem == nil, earlier.done,
                        result.problem == nil || result.problem?.reason == .changed
                    {
                        // Collected before: the same bytes again are no change; other bytes (whatever
                        // the manifest says now), the dataset keeps what it has.
                        let changed = result.problem != nil || earlier.sha256 != result.sha256
                        result = CollectionState.Entry(
                            fingerprint: item.fingerprint, item: earlier.item, done: true,
                            problem: changed
                                ? CollectionProblem(remote: item.key, reason: .changed, detail: "changed on the server after it was collected") : nil,
                            sha256: earlier.sha256, holdsName: result.holdsName ?? earlier.holdsName)
                    } else {
                        result.fingerprint = item.fingerprint
                    }
                    if let problem = result.problem { report.problems.append(problem) }
                    result.created = fetched.created ?? result.created
                    result.uploaded = item.entry.lastModified.flatMap(HTTPDate.date).map { UTCTimestamp.iso8601($0) }
                    state.entries[item.key] = result
                    // The state at most once a second (a killed run fetches that second's items again),
                    // so a first run over thousands of items does not rewrite the file thousands of times.
                    if ContinuousClock.now - saved >= .seconds(1) || done == pending.count {
                        try state.save(to: stateFile)
                        saved = .now
                    }
                }
            }
        } catch {
            // What came through is kept for the next run, whatever stopped this one.
            try? state.save(to: stateFile)
            throw error
        }
        try state.save(to: stateFile)
        // The listing is done with: what the rest of the run needs of each item is in the state.
        pending = []
        report.collected.sort()
        do {
            let read = try await export(mirror: mirror, scratch: scratch, state: &state, stateFile: stateFile, report: &report, progress: progress)
            DatasetFolders.removeEmptySubjectFolders(in: out)
            report.problems.sort { ($0.remote, $0.reason.rawValue) < ($1.remote, $1.reason.rawValue) }
            var overview = StudyOverviewFile(study: study, out: out, work: work, locale: overviewLocale)
            overview.asOf = today()
            let monitoring = try overview.update(mirror: mirror, scratch: scratch, state: state, problems: report.problems, known: read)
            report.monitoring = monitoring.summary
            // A demo participant's flags show on the page, but raise nothing: a tutorial run left on the
            // server must not alert a cron job every day.
            report.flagged = monitoring.participants.filter { !$0.flags.isEmpty && !$0.isDemo }
        } catch {
            try? state.save(to: stateFile)
            DatasetFolders.removeEmptySubjectFolders(in: out)
            if DiskSpace.isFull(error) { throw CollectionError.diskFull(path: out.path) }
            throw error
        }
        return report
    }

    /// Lists the study's uploads: what to fetch, with what waits for its manifest, the leftovers and
    /// the refused names in `report`. Every name is checked (``ServerName``) before it is used;
    /// a participant folder whose listing fails is deferred (or a problem, when a person must look),
    /// and the rest go on. Only the study's own listing failing ends the run: 75 when it may pass,
    /// 78 for a refused account, ``CollectionError/untrustedAnswer(_:)`` for an answer past the limits.
    private func list(reader: CollectionReader, state: inout CollectionState, report: inout CollectionReport) async throws -> [Pending] {
        let started = ContinuousClock.now
        let deadline = started + .milliseconds(Int64(limits.listingDeadline * 1000))
        func listingLimits() -> WebDAVClient.ListingLimits {
            let left = Double((deadline - .now).components.seconds) + Double((deadline - .now).components.attoseconds) / 1e18
            return WebDAVClient.ListingLimits(bytes: limits.listingBytes, entries: limits.listingEntries, seconds: max(0.001, min(limits.listingSeconds, left)))
        }
        let root: [RemoteEntry]
        do {
            root = try await reader.list([], limits: listingLimits())
        } catch let error as TransferError {
            switch error.code {
            case .http where [401, 403].contains(error.httpStatus ?? 0): throw CollectionError.refused("\(error)")
            case .tooLarge: throw CollectionError.untrustedAnswer("\(error)")
            case .http where (300..<400).contains(error.httpStatus ?? 0):
                throw CollectionError.untrustedAnswer("\(error) (a redirect, not followed: give the folder's own URL)")
            default: throw CollectionError.unreachable("\(error)")
            }
        }
        var pending: [Pending] = []
        var known = Set(state.leftovers ?? [])
        var unansweredInARow = 0
        for folder in root.sorted(by: { $0.name < $1.name }) where folder.isFolder && !folder.name.hasPrefix(".") {
            try Task.checkCancellation()
            if let why = ServerName.problem(participantFolder: folder.name) {
                report.problems.append(CollectionProblem(remote: folder.name + "/", reason: .name, detail: why))
                continue
            }
            guard ContinuousClock.now < deadline, unansweredInARow < limits.failuresInARow else {
                let why = unansweredInARow >= limits.failuresInARow ? "the server stopped answering" : "the listing took longer than \(Int(limits.listingDeadline)) s"
                report.deferred.append(CollectionProblem(remote: folder.name + "/", reason: .transfer, detail: "not listed: \(why)"))
                continue
            }
            let listed: [RemoteEntry]
            do {
                listed = try await reader.list([folder.name], limits: listingLimits())
                unansweredInARow = 0
            } catch let error as TransferError where error.code != .localFile && error.code != .cancelled {
                let outcome = classify(error, key: folder.name + "/")
                unansweredInARow = outcome.unanswered ? unansweredInARow + 1 : 0
                if let deferral = outcome.deferral { report.deferred.append(deferral) }
                if let problem = outcome.entry.problem { report.problems.append(problem) }
                continue
            }
            // Each name checked: refused ones are problems (shown escaped), never files.
            var items: [String: (entry: RemoteEntry, name: ServerName.Item)] = [:]
            var manifests: [String: RemoteEntry] = [:]
            // Hidden files (a sync tool's, the desktop's) and partial uploads are no items: passed over unused.
            for entry in listed where !entry.isFolder && !entry.name.hasSuffix(".partial") && !entry.name.hasPrefix(".") {
                switch ServerName.item(entry.name, participant: folder.name) {
                case .failure(let refusal):
                    report.problems.append(CollectionProblem(remote: folder.name + "/" + entry.name, reason: .name, detail: refusal.reason))
                case .success(let name) where name.isManifest:
                    if manifests[name.item] == nil { manifests[name.item] = entry }
                case .success(let name):
                    items[entry.name] = (entry, name)
                }
            }
            for (name, (entry, parsed)) in items.sorted(by: { $0.key < $1.key }) {
                let key = folder.name + "/" + name
                guard let manifest = manifests[name] else {
                    if isLeftover(parsed, entry, items: items.values.map(\.name), manifests: manifests) {
                        report.leftovers.append(key)
                        if known.insert(key).inserted { report.newLeftovers.append(key) }
                    } else {
                        report.waiting.append(key)
                    }
                    continue
                }
                let fingerprint = CollectionState.Fingerprint(
                    itemSize: entry.size, itemETag: entry.etag, manifestSize: manifest.size, manifestETag: manifest.etag)
                let earlier = state.entries[key]
                if let known = earlier, known.fingerprint == fingerprint {
                    // A consent kept sealed so far is fetched once the experimenter asks for it.
                    let consentWanted =
                        known.holdsName == true && known.problem == nil
                        && consentFolder.map { !FileManager.default.fileExists(atPath: Self.consentFile(in: $0, participant: folder.name, name: name).path) } == true
                    if !consentWanted {
                        report.unchanged += 1
                        if let problem = known.problem { report.problems.append(problem) }
                        continue
                    }
                }
                let collectedBefore = earlier.map { $0.item != nil && $0.problem == nil && $0.done } ?? false
                pending.append(
                    Pending(key: key, folder: folder.name, entry: entry, manifest: manifest, fingerprint: fingerprint, collectedBefore: collectedBefore))
            }
        }
        // Leftovers no longer on the server are forgotten, so one coming back is reported again.
        let present = Set(report.leftovers)
        state.leftovers = known.filter { present.contains($0) }.sorted()
        return pending
    }

    /// Whether the file `entry` (named `name`), which has no manifest, never will: the same item has
    /// been uploaded under another of its names, manifest and all (an upload killed mid-PUT on a
    /// server that writes in place leaves the truncated copy under the first name), or it has waited
    /// longer than ``CollectionLimits/leftoverAge``.
    private func isLeftover(_ name: ServerName.Item, _ entry: RemoteEntry, items: [ServerName.Item], manifests: [String: RemoteEntry]) -> Bool {
        if items.contains(where: { $0.firstName == name.firstName && $0.item != name.item && manifests[$0.item] != nil }) { return true }
        guard let modified = entry.lastModified.flatMap(HTTPDate.date) else { return false }
        return Date().timeIntervalSince(modified) > limits.leftoverAge
    }

    /// Fetches and checks one item; what came of it says whether it joins the mirror's catalog. A
    /// failed request is the item's alone: a deferral when it may pass, a problem when a person must
    /// look (``classify(_:key:)``); anything else (a full disk, an unwritable dataset) ends the run.
    private func fetch(_ pending: Pending, reader: CollectionReader, contained: ContainedFolder, mirror: URL, scratch: PlaintextScratch) async throws
        -> Fetched
    {
        do {
            return try await fetchChecked(pending, reader: reader, contained: contained, mirror: mirror, scratch: scratch)
        } catch let error as TransferError where error.code != .localFile && error.code != .cancelled {
            return classify(error, key: pending.key)
        }
    }

    /// What a failed request for `key` comes to: a deferral (tried again next run) when the server
    /// could not be reached, stalled, failed (5xx), had the file no longer (404) or asked to wait
    /// (408, 429); a ``CollectionProblem/Reason/server`` problem when its answer needs a person (a
    /// redirect, which is never followed; a refusal; an answer past the limits).
    private func classify(_ error: TransferError, key: String) -> Fetched {
        var fetched = Fetched(entry: CollectionState.Entry(fingerprint: CollectionState.Fingerprint(), item: nil, done: false, problem: nil))
        fetched.answerOnly = true
        switch error.code {
        case .network:
            fetched.deferral = CollectionProblem(remote: key, reason: .transfer, detail: "\(error)")
            fetched.unanswered = true
        case .http where [404, 408, 429].contains(error.httpStatus ?? 0) || (error.httpStatus ?? 0) >= 500:
            fetched.deferral = CollectionProblem(remote: key, reason: .transfer, detail: "\(error)")
        case .http where (300..<400).contains(error.httpStatus ?? 0):
            fetched.entry.problem = CollectionProblem(
                remote: key, reason: .server, detail: "the server answered \(error.method ?? "GET") with a redirect (\(error.httpStatus ?? 0)), which is not followed")
        default:
            fetched.entry.problem = CollectionProblem(remote: key, reason: .server, detail: "\(error)")
        }
        return fetched
    }

    /// ``fetch(_:reader:contained:mirror:scratch:)`` with every failure thrown.
    private func fetchChecked(_ pending: Pending, reader: CollectionReader, contained: ContainedFolder, mirror: URL, scratch: PlaintextScratch)
        async throws -> Fetched
    {
        let key = pending.key, folder = pending.folder, entry = pending.entry, manifestEntry = pending.manifest
        let empty = CollectionState.Fingerprint()
        var fetched = Fetched(entry: CollectionState.Entry(fingerprint: empty, item: nil, done: false, problem: nil))
        func problem(_ reason: CollectionProblem.Reason, _ detail: String, item: String? = nil) -> Fetched {
            var outcome = fetched
            outcome.entry = CollectionState.Entry(
                fingerprint: empty, item: item, done: false, problem: CollectionProblem(remote: key, reason: reason, detail: detail))
            return outcome
        }
        // The manifest.
        let downloads = try contained.folder(["manifests", folder])
        let manifestFile = try contained.file(manifestEntry.name, in: downloads)
        try? FileManager.default.removeItem(at: manifestFile)
        fetched.bytes += try await reader.fetch([folder, manifestEntry.name], to: manifestFile, etag: nil, size: nil, limit: limits.manifestBytes)
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
        fetched.created = manifest.created
        if let other = manifest.study, other != study.id {
            return problem(.otherStudy, "its manifest names the study \(other), not \(study.id)", item: manifest.item)
        }
        guard manifest.participant == folder, manifest.uploaded.name == entry.name else {
            return problem(.notOurs, "its manifest describes \(manifest.participant)/\(manifest.uploaded.name)", item: manifest.item)
        }
        // The manifest bounds the download: what the server lists or announces must agree with it.
        guard manifest.uploaded.size >= 0, manifest.uploaded.size <= limits.itemBytes else {
            return problem(.server, "its manifest says \(manifest.uploaded.size) bytes, more than the \(limits.itemBytes) an item may have", item: manifest.item)
        }
        if let listed = entry.size, listed != manifest.uploaded.size {
            return problem(
                pending.collectedBefore ? .changed : .server, "the server lists \(listed) bytes; its manifest says \(manifest.uploaded.size)",
                item: manifest.item)
        }
        // Names never appear: consent records and PDFs stay sealed on the server unless asked for.
        if manifest.kind.holdsName {
            guard let consentFolder else {
                fetched.consentKeptSealed = true
                fetched.entry = CollectionState.Entry(
                    fingerprint: empty, item: manifest.item, done: true, problem: nil, sha256: manifest.uploaded.sha256, holdsName: true)
                return fetched
            }
            guard UUID(uuidString: folder) != nil else {
                return problem(.notOurs, "a consent in a folder that is no participant's UUID", item: manifest.item)
            }
            let place = try ContainedFolder(consentFolder)
            let target = try place.file(Self.consentFile(in: consentFolder, participant: folder, name: entry.name).lastPathComponent, in: place.root)
            let download = try place.file(".\(target.lastPathComponent).download", in: place.root)
            defer { try? FileManager.default.removeItem(at: download) }
            guard let bytes = try await fetchVerified(entry, folder: folder, manifest: manifest, reader: reader, to: download) else {
                return problem(.checksum, "the download does not match its manifest, twice", item: manifest.item)
            }
            fetched.bytes += bytes
            let plain = try place.file(".\(target.lastPathComponent).plain", in: place.root)
            defer { try? FileManager.default.removeItem(at: plain) }
            if manifest.uploaded.encrypted {
                do { try decryptor.decrypt(download, to: plain) } catch {
                    return problem(.foreignKey, "it does not decrypt with the study's key: \(error)", item: manifest.item)
                }
            } else {
                try FileManager.default.moveItem(at: download, to: plain)
            }
            chmod(plain.path, 0o600)
            if let digest = manifest.plaintext, (try? SHA256.hex(ofFile: plain)) != digest.sha256 {
                return problem(.checksum, "the decrypted consent does not match its manifest's plaintext digest", item: manifest.item)
            }
            try AtomicFile.commit(plain, to: target)
            fetched.consentDecrypted = true
            fetched.entry = CollectionState.Entry(
                fingerprint: empty, item: manifest.item, done: true, problem: nil, sha256: manifest.uploaded.sha256, holdsName: true)
            return fetched
        }
        // The item, checked against the manifest; one more try, then a problem.
        let participantFolder = try contained.folder([mirror.lastPathComponent, folder])
        let file = try contained.file(entry.name, in: participantFolder)
        var found = ""
        guard let bytes = try await fetchVerified(entry, folder: folder, manifest: manifest, reader: reader, to: file, found: &found) else {
            if pending.collectedBefore {
                return problem(.changed, "changed on the server after it was collected (\(found))", item: manifest.item)
            }
            return problem(.checksum, "the download does not match its manifest, twice (\(found))", item: manifest.item)
        }
        fetched.bytes += bytes
        // A recording is checked (decrypted, compared with its plaintext digest, read) when it is
        // added to the dataset: one decryption serves the check, the overview's figures and the export.
        fetched.catalogue = manifest
        let recording = manifest.kind == .recording
        fetched.entry = CollectionState.Entry(
            fingerprint: empty, item: manifest.item, done: !recording, problem: nil, sha256: manifest.uploaded.sha256,
            plaintextSHA256: recording ? manifest.plaintext?.sha256 : nil)
        return fetched
    }

    /// Downloads `entry` into `file` and checks it against the manifest's size and SHA-256, once more
    /// when it does not match; the bytes downloaded, or `nil` (nothing left at `file`) when the
    /// second try does not match either (`found` says what it was).
    private func fetchVerified(
        _ entry: RemoteEntry, folder: String, manifest: UploadManifest, reader: CollectionReader, to file: URL
    ) async throws -> Int64? {
        var found = ""
        return try await fetchVerified(entry, folder: folder, manifest: manifest, reader: reader, to: file, found: &found)
    }

    private func fetchVerified(
        _ entry: RemoteEntry, folder: String, manifest: UploadManifest, reader: CollectionReader, to file: URL, found: inout String
    ) async throws -> Int64? {
        var bytes: Int64 = 0
        for attempt in 1...2 {
            if attempt > 1 { try? FileManager.default.removeItem(at: URL(fileURLWithPath: file.path + ".partial")) }
            bytes += try await reader.fetch([folder, entry.name], to: file, etag: entry.etag, size: manifest.uploaded.size, limit: manifest.uploaded.size)
            let size = ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.int64Value ?? -1
            let digest = (try? SHA256.hex(ofFile: file)) ?? ""
            if size == manifest.uploaded.size && digest == manifest.uploaded.sha256 { return bytes }
            found = "\(size) bytes, SHA-256 \(digest.prefix(12))…; the manifest says \(manifest.uploaded.size) bytes, \(manifest.uploaded.sha256.prefix(12))…"
            try? FileManager.default.removeItem(at: file)
        }
        return nil
    }

    /// Where a participant's consent record or PDF goes in `folder`: `<participant UUID>.json` or
    /// `.pdf` (the uploaded name's extension without the sealing's), so no name appears in a file name.
    static func consentFile(in folder: URL, participant: String, name: String) -> URL {
        var plain = name
        for suffix in [".gpg", ".asc", ".pgp"] where plain.hasSuffix(suffix) { plain = String(plain.dropLast(suffix.count)) }
        let ext = (plain as NSString).pathExtension
        return folder.appendingPathComponent(participant.uppercased() + (ext.isEmpty ? "" : "." + ext))
    }

    /// Creates `folder` 0700 when missing and makes an existing one owner-only.
    private static func makePrivate(_ folder: URL) throws {
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CollectionError.io(path: folder.path, reason: error.localizedDescription)
        }
        guard chmod(folder.path, 0o700) == 0 else {
            throw CollectionError.io(path: folder.path, reason: String(cString: strerror(errno)))
        }
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

    /// Checks and exports every collected recording not yet in the dataset, in publications of at
    /// most ``publicationSize``; returns what the overview needs of each recording it read (by
    /// catalog id).
    ///
    /// A participant's recordings are checked together before the first of them is exported (a BIDS
    /// run's number depends on the participant's other recordings, so one that its check keeps out
    /// must be out of the catalog first): each sealed one is decrypted once into the scratch, and that
    /// copy serves its check, the overview's figures and its export, and is removed then. More than
    /// ``keptCopies`` at once are not kept: those are decrypted again for the export.
    private func export(
        mirror: DataStore, scratch: PlaintextScratch, state: inout CollectionState, stateFile: URL, report: inout CollectionReport,
        progress: @Sendable (CollectionProgress) -> Void
    ) async throws -> [String: OverviewCache.Item] {
        let ordered = state.entries.compactMap { $0.value.problem == nil && !$0.value.done && $0.value.item != nil ? $0.key : nil }.sorted()
        guard !ordered.isEmpty else { return [:] }
        let destination: ExportDestination
        do {
            destination = try ExportDestination(folder: out, dataFolder: mirror.root, permissions: .private)
        } catch {
            throw CollectionError.io(path: out.path, reason: "\(error)")
        }
        var read: [String: OverviewCache.Item] = [:]
        // Recordings an interrupted collect had published (their publications are complete now).
        var completed = Set<String>()
        // The checked recordings of the participant folder at hand, each readable as `Readable` says.
        var checked: [String: Readable] = [:]
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
                    checked = try check(
                        keys, keep: keys.count <= keptCopies, mirror: mirror, scratch: scratch, completed: completed, state: &state, report: &report,
                        read: &read)
                    checkedFolder = folder
                    // What was kept out has left the catalog and the mirror: the state says so at once.
                    if report.problems.count != problems { try state.save(to: stateFile) }
                }
                // Not checked: kept out (a problem says why).
                guard let readable = checked.removeValue(forKey: key) else { continue }
                do {
                    switch readable {
                    case .copy(let file):
                        defer { scratch.remove(file) }
                        if let again = try await redecoded(file, scratch: scratch, key: key, report: &report) {
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
                        if let again = try await redecoded(plain, scratch: scratch, key: key, report: &report) {
                            defer { scratch.remove(again) }
                            _ = try exporter.export(item, plaintext: again)
                        } else {
                            _ = try exporter.export(item)
                        }
                    case .stored:
                        _ = try exporter.export(item)
                    }
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

    /// With a ``redecoder``: `file` decoded again into the scratch (named in the report's
    /// ``CollectionReport/redecoded``), or `nil` when it keeps no bytes to decode.
    private func redecoded(_ file: URL, scratch: PlaintextScratch, key: String, report: inout CollectionReport) async throws -> URL? {
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

    /// How a checked recording is read for its export.
    private enum Readable {
        /// From its decrypted copy in the scratch (removed once exported).
        case copy(URL)
        /// From the mirror (decrypted again by the exporter when sealed).
        case stored
    }

    /// Checks the collected recordings `keys` (of one participant folder): each must decrypt with
    /// the study's key, match its manifest's plaintext digest, be readable as a recording and carry
    /// this study's id. One that does not is kept out — a problem in the state and the report, out of
    /// the catalog and the mirror — and the overview's figures of the others go into `read`. Returns
    /// how each checked one is read for its export: the decrypted copy when `keep`.
    private func check(
        _ keys: ArraySlice<String>, keep: Bool, mirror: DataStore, scratch: PlaintextScratch, completed: Set<String>, state: inout CollectionState,
        report: inout CollectionReport, read: inout [String: OverviewCache.Item]
    ) throws -> [String: Readable] {
        var checked: [String: Readable] = [:]
        for key in keys {
            guard let entry = state.entries[key], let id = entry.item, let item = try mirror.catalog.item(id: id),
                !completed.contains(item.path)
            else { continue }
            let stored = mirror.url(of: item.path)
            let sealed = item.encryption != .none
            let file: URL
            do {
                file = sealed ? try scratch.plaintext(of: stored) : stored
            } catch let error as PlaintextScratchError {
                guard case .decryption(_, let reason) = error else { throw error }
                if DiskSpace.isFull(error) { throw CollectionError.diskFull(path: scratchParent.path) }
                try keepOut(
                    key, item: item, .foreignKey, "it does not decrypt with the study's key: \(reason)", mirror: mirror, state: &state,
                    report: &report)
                continue
            }
            var problem: (CollectionProblem.Reason, String)?
            if let digest = entry.plaintextSHA256, (try? SHA256.hex(ofFile: file)) != digest {
                problem = (.checksum, "the decrypted recording does not match its manifest's plaintext digest")
            } else if let recording = try? RecordingReader(url: file) {
                if recording.study == study.id {
                    read[id] = OverviewCache.recording(recording, sha256: item.sha256)
                    // Demonstration data: counted apart, named, and not exported unless asked for.
                    if !includeSimulated, let reason = recording.provenance?.demonstrationReason {
                        report.leftOut.append(ExportSkip(item: key, reason: "not a participant's data (\(reason)); --include-simulated takes it"))
                        if sealed { scratch.remove(file) }
                        continue
                    }
                } else {
                    problem = (.otherStudy, "a recording of \(recording.study.map { "the study \($0)" } ?? "no study"), not \(study.id)")
                }
            } else {
                problem = (.notOurs, "not a recording of study-recorder's")
            }
            if let (reason, detail) = problem {
                if sealed { scratch.remove(file) }
                try keepOut(key, item: item, reason, detail, mirror: mirror, state: &state, report: &report)
            } else if sealed && keep {
                checked[key] = .copy(file)
            } else {
                if sealed { scratch.remove(file) }
                checked[key] = .stored
            }
        }
        return checked
    }

    /// Keeps the collected recording `key` out of the dataset for `reason`: a problem in the state
    /// and the report, and out of the mirror and its catalog.
    private func keepOut(
        _ key: String, item: CatalogItem, _ reason: CollectionProblem.Reason, _ detail: String, mirror: DataStore, state: inout CollectionState,
        report: inout CollectionReport
    ) throws {
        let problem = CollectionProblem(remote: key, reason: reason, detail: detail)
        state.entries[key]?.problem = problem
        state.entries[key]?.plaintextSHA256 = nil
        report.problems.append(problem)
        report.collected.removeAll { $0 == key }
        try mirror.catalog.remove(id: item.id)
        try? FileManager.default.removeItem(at: mirror.url(of: item.path))
    }

    /// The participant folder of a state key (`<folder>/<item name>`).
    private static func folder(of key: String) -> Substring {
        key.prefix { $0 != "/" }
    }
}
