import DataSources
import Foundation
public import Logging

#if canImport(Glibc)
import Glibc
#endif

/// Turns whatever a crash (kill -9, power cut, full disk) left in the data folder into valid,
/// catalogued files. Run at every start of the recorder and by `study-recorder recover`; safe to run
/// at any time, also while another process records (its files are left alone).
///
/// - A crash journal with no live writer is replayed into a fresh HDF5 file, which is stored as an
///   incomplete recording; the half-written `.partial` file and the journal are then removed.
/// - A journal whose recording was already finished (renamed) only needs its catalog entry set to
///   pending.
/// - A recording, questionnaire or trial file without a catalog entry is adopted; a `.h5` file only
///   when it is a readable recording.
/// - What cannot be recovered at all (a journal whose header is damaged or empty, a `.h5` that is
///   not a readable recording) is renamed to `<name>.damaged` with one line in the report, instead of
///   failing this and every later recovery.
/// - A pending item whose file has another size than the catalog holds is re-verified: healed when
///   the file reads, else reported for a person (never left pending silently).
/// - What an interrupted recovery itself left (its `.recovering` staging file, the crashed recording's
///   `.partial` once the rebuilt file is in place) is removed, so a `recover` killed mid-way leaves no
///   orphan behind after the next one.
package enum Recovery {
    /// Recovers everything in `store`'s data folder.
    ///
    /// One recovery of a data folder runs at a time: it holds an exclusive lock
    /// (`private/recovery.lock`, released by the kernel when the process ends in any way), and a
    /// second one (`recover` while `upload` or `record` recovers first) waits for it and then finds
    /// what the first left. Two recoveries of one journal would each rebuild it into the same staging
    /// file and overwrite the other's result, leaving a false "could not be recovered" or a catalog
    /// entry whose size is that of the other file.
    ///
    /// Recovery blocks (HDF5 rebuilds, `fsync`s, the lock's wait), so it runs on
    /// ``BlockingExecutor/shared`` and never holds a thread of the cooperative pool.
    package static func run(store: DataStore, logger: Logger = Logger(label: "study-recorder.recovery")) async -> RecoveryReport {
        await BlockingExecutor.shared.run("recovery") { runBlocking(store: store, logger: logger) }
    }

    /// ``run(store:logger:)`` on the calling thread: for a caller that cannot await (a synchronous
    /// test) or already runs on a ``BlockingExecutor``.
    package static func runBlocking(store: DataStore, logger: Logger = Logger(label: "study-recorder.recovery")) -> RecoveryReport {
        var report = RecoveryReport()
        let lock: ExclusiveLock
        do {
            let file = try store.lockURL("recovery")
            if let free = try ExclusiveLock(file: file) {
                lock = free
            } else {
                let holder = ExclusiveLock.holder(of: file).map { " (pid \($0))" } ?? ""
                logger.notice("waiting for another recovery of this data folder\(holder)")
                lock = try ExclusiveLock(waitingFor: file)
            }
        } catch {
            report.problems.append("recovery did not run: its lock could not be taken (\(error))")
            return report
        }
        defer { withExtendedLifetime(lock) {} }
        let fm = FileManager.default
        for folder in itemFolders(of: store) {
            let files = ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            var changed = false
            for name in files where name.hasSuffix(".journal") {
                let journal = folder.appendingPathComponent(name)
                let final = URL(fileURLWithPath: String(journal.path.dropLast(".journal".count)))
                recoverJournal(journal, final: final, store: store, report: &report, logger: logger)
                changed = true
            }
            if removeOrphans(in: folder, names: files) { changed = true }
            // The folder is listed again only when this recovery changed it (the common start finds
            // nothing to do), and its catalogued paths are read once, not one row per file.
            let remaining = changed ? ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() : files
            let catalogued = (try? store.catalog.paths(in: store.relativePath(of: folder))) ?? []
            for name in remaining where FileNaming.parse(name) != nil {
                let url = folder.appendingPathComponent(name)
                if catalogued.contains(store.relativePath(of: url)) { continue }
                adopt(url, store: store, report: &report)
            }
        }
        // Entries still `writing` with neither journal nor file: nothing was recorded.
        for item in (try? store.catalog.items(state: .writing)) ?? [] {
            let url = store.url(of: item.path)
            if !fm.fileExists(atPath: RecordingWriter.journalURL(for: url).path) && !fm.fileExists(atPath: url.path) {
                report.problems.append("\(item.path): catalogued as being written, but neither the file nor its journal exists")
            }
        }
        for pending in (try? store.catalog.sizes(state: .pending)) ?? [] {
            reverify(id: pending.id, path: pending.path, size: pending.size, store: store, report: &report, logger: logger)
        }
        return report
    }

    /// The folders of the data folder that hold items (participants' folders), sorted: every
    /// directory but `private` and hidden ones. Checked with `lstat` rather than Foundation's resource
    /// values, which also look up the owner's account and group names (reading /etc/passwd and
    /// /etc/group) for each folder; a symbolic link is not followed.
    static func itemFolders(of store: DataStore) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: store.root.path)) ?? []
        return names.sorted().compactMap { name in
            guard name != "private", !name.hasPrefix(".") else { return nil }
            let folder = store.root.appendingPathComponent(name, isDirectory: true)
            var st = stat()
            guard lstat(folder.path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else { return nil }
            return folder
        }
    }

    /// Checks that a pending item's file still has the size the catalog holds (the upload refuses it
    /// otherwise, for good). When it does not, the file is re-verified: a readable recording or a
    /// questionnaire that parses is catalogued anew with its size and checksum (healed); anything
    /// else is reported for a person, never left pending silently. A missing file is the upload's
    /// to report. Only sizes are compared (a `stat` each): hashing every pending file at every start
    /// would read gigabytes after a few offline weeks.
    private static func reverify(id: String, path: String, size: Int64, store: DataStore, report: inout RecoveryReport, logger: Logger) {
        let url = store.url(of: path)
        var st = stat()
        // A size of 0 means "not known" (the upload does not compare it either).
        guard size > 0, stat(url.path, &st) == 0, Int64(st.st_size) != size else { return }
        let problem: String?
        switch url.pathExtension {
        case "h5": problem = unreadable(url)
        case "json":
            problem = (try? JSONSerialization.jsonObject(with: Data(contentsOf: url))) == nil ? "not valid JSON" : nil
        default: problem = "an encrypted file cannot be checked here"
        }
        if let problem {
            report.problems.append(
                "\(path): \(st.st_size) bytes on disk, but the catalog says \(size), and the file cannot be verified (\(problem)); "
                    + "it is not uploaded until a person restores it from a copy or retires it")
            return
        }
        do {
            let fingerprint = try FileFingerprint(of: url)
            try store.catalog.update(id: id) {
                $0.size = fingerprint.size
                $0.sha256 = fingerprint.sha256
            }
            report.healed.append("\(path): the catalog said \(size) bytes, the verified file has \(fingerprint.size); catalogued anew")
            logger.notice("catalog entry healed", metadata: ["file": "\(path)", "catalogued": "\(size)", "size": "\(fingerprint.size)"])
        } catch {
            report.problems.append("\(path): its size differs from the catalog's and it could not be catalogued anew (\(error))")
        }
    }

    /// The files ``run(store:logger:)`` would act on, relative to the data folder, without changing
    /// anything: crash journals no live process holds and finished files without a catalog entry.
    package static func needed(store: DataStore) -> [String] {
        var paths: [String] = []
        let fm = FileManager.default
        for folder in itemFolders(of: store) {
            guard let catalogued = try? store.catalog.paths(in: store.relativePath(of: folder)) else { continue }
            for name in ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).sorted() {
                let url = folder.appendingPathComponent(name)
                if name.hasSuffix(".journal") {
                    if !JournalFile.isLocked(url) {
                        paths.append(store.relativePath(of: URL(fileURLWithPath: String(url.path.dropLast(".journal".count)))))
                    }
                    continue
                }
                guard FileNaming.parse(name) != nil else { continue }
                let relative = store.relativePath(of: url)
                if !catalogued.contains(relative), !Sealer.isSealLeftover(relative, in: store), !fm.fileExists(atPath: url.path + ".journal") {
                    paths.append(relative)
                }
            }
        }
        return paths
    }

    private static func recoverJournal(_ journal: URL, final: URL, store: DataStore, report: inout RecoveryReport, logger: Logger) {
        let relative = store.relativePath(of: final)
        if JournalFile.isLocked(journal) {
            report.inProgress.append(relative)
            return
        }
        let fm = FileManager.default
        do {
            if fm.fileExists(atPath: final.path), let problem = unreadable(final) {
                // Renamed but unreadable: the journal still holds the samples, so rebuild from it.
                quarantine(final, because: problem, store: store, report: &report)
            }
            if fm.fileExists(atPath: final.path) {
                // Finished and renamed; the process died before the catalog update (or a recovery died
                // after putting the rebuilt file in place, before removing what it replaced).
                let item = try catalogue(final, store: store, outcome: RecordingReader.storedOutcome(final))
                try removeLeftovers(of: final)
                RecordingWriter.removeJournal(for: final)
                report.completed.append(item)
                return
            }
            let partial = RecordingWriter.partialURL(for: final)
            let staging = URL(fileURLWithPath: final.path + ".recovering")
            unlink(RecordingWriter.partialURL(for: staging).path)
            unlink(staging.path)
            var writer: RecordingWriter?
            let metadata = try RecordingJournal.read(
                journal,
                header: { metadata in
                    writer = try RecordingWriter(url: staging, metadata: metadata, options: .init(journaling: false))
                }
            ) { record in
                try writer?.replay(record)
            }
            guard let w = writer else { return }
            let summary = try w.finish(.incomplete(reason: "recovered after the recording process ended unexpectedly"))
            try AtomicFile.commit(summary.url, to: final)
            let item = try catalogue(
                final, store: store, outcome: .incomplete(reason: "recovered after a crash; \(summary.samples) samples kept"),
                metadata: metadata)
            unlink(partial.path)
            RecordingWriter.removeJournal(for: final)
            report.rebuilt.append(item)
            logger.notice("recording recovered from its journal", metadata: ["file": "\(relative)", "samples": "\(summary.samples)"])
        } catch StorageError.notARecording(_, let reason) {
            // The journal's header is damaged or empty: nothing in it can ever be replayed.
            quarantine(journal, because: reason, store: store, report: &report)
            let partial = RecordingWriter.partialURL(for: final)
            if fm.fileExists(atPath: partial.path) { quarantine(partial, because: "its journal is damaged", store: store, report: &report) }
            if let item = try? store.catalog.item(path: relative), item.state == .writing { try? store.catalog.remove(id: item.id) }
        } catch {
            report.problems.append("\(relative): could not be recovered (\(error)); its journal is kept")
        }
    }

    /// Why the recording at `url` cannot be read, or `nil` when it can (sealed files are not checked).
    private static func unreadable(_ url: URL) -> String? {
        guard url.pathExtension == "h5" else { return nil }
        do {
            _ = try RecordingReader(url: url)
            return nil
        } catch StorageError.notARecording(_, let reason) {
            return reason
        } catch {
            return "\(error)"
        }
    }

    /// Renames `url` to `<url>.damaged` and reports it in one line (or as a problem when even that fails).
    private static func quarantine(_ url: URL, because reason: String, store: DataStore, report: inout RecoveryReport) {
        let relative = store.relativePath(of: url)
        let aside = URL(fileURLWithPath: url.path + ".damaged")
        unlink(aside.path)
        guard rename(url.path, aside.path) == 0 else {
            report.problems.append("\(relative): \(reason), and it could not be moved aside (\(String(cString: strerror(errno))))")
            return
        }
        report.quarantined.append("\(relative): \(reason); moved aside to \(aside.lastPathComponent)")
    }

    /// The files a recording at `final` may leave besides itself: the writer's `.partial`, and a
    /// recovery's `.recovering` staging file and its `.partial`.
    static func leftovers(of final: URL) -> [URL] {
        let staging = URL(fileURLWithPath: final.path + ".recovering")
        return [RecordingWriter.partialURL(for: final), staging, RecordingWriter.partialURL(for: staging)]
    }

    private static func removeLeftovers(of final: URL) throws {
        for url in leftovers(of: final) { unlink(url.path) }
        try AtomicFile.syncFolder(final.deletingLastPathComponent())
    }

    /// Removes leftovers whose recording has no journal (so no writer and no pending recovery can
    /// still need them) and whose finished file exists, or that only a recovery makes (`.recovering`).
    /// `names` is the folder's listing; returns whether anything was removed.
    private static func removeOrphans(in folder: URL, names: [String]) -> Bool {
        let fm = FileManager.default
        var removed = false
        for name in names {
            let base: String
            if name.hasSuffix(".recovering.partial") {
                base = String(name.dropLast(".recovering.partial".count))
            } else if name.hasSuffix(".recovering") {
                base = String(name.dropLast(".recovering".count))
            } else if name.hasSuffix(".partial") {
                base = String(name.dropLast(".partial".count))
            } else {
                continue
            }
            let final = folder.appendingPathComponent(base)
            guard FileNaming.parse(base) != nil, !fm.fileExists(atPath: RecordingWriter.journalURL(for: final).path) else { continue }
            let madeByRecovery = name.hasSuffix(".recovering") || name.hasSuffix(".recovering.partial")
            if madeByRecovery || fm.fileExists(atPath: final.path), unlink(folder.appendingPathComponent(name).path) == 0 { removed = true }
        }
        return removed
    }

    private static func adopt(_ url: URL, store: DataStore, report: inout RecoveryReport) {
        let relative = store.relativePath(of: url)
        guard (try? store.catalog.item(path: relative)) == .some(nil) else { return }
        // Leftovers of an interrupted at-rest seal are Sealer.recover()'s to clean up, never new items.
        if Sealer.isSealLeftover(relative, in: store) { return }
        if let problem = unreadable(url) {
            quarantine(url, because: "not a readable recording (\(problem))", store: store, report: &report)
            return
        }
        do {
            let outcome = url.pathExtension == "h5" ? RecordingReader.storedOutcome(url) : .complete
            let item = try catalogue(url, store: store, outcome: outcome)
            report.adopted.append(item)
        } catch {
            report.problems.append("\(relative): found without a catalog entry and could not be adopted (\(error))")
        }
    }

    /// Creates or updates the catalog entry of a finished file as `pending`, with `outcome`. An
    /// existing entry keeps its end reason when `outcome` is incomplete without one.
    private static func catalogue(
        _ url: URL, store: DataStore, outcome: RecordingOutcome, metadata: RecordingMetadata? = nil
    ) throws -> CatalogItem {
        let relative = store.relativePath(of: url)
        let fingerprint = try FileFingerprint(of: url)
        let encryption = EncryptionState(fileExtension: url.pathExtension)
        if let existing = try store.catalog.item(path: relative) {
            return try store.catalog.update(id: existing.id) {
                $0.state = .pending
                $0.size = fingerprint.size
                $0.sha256 = fingerprint.sha256
                $0.outcome = outcome == .incomplete(reason: nil) ? .incomplete(reason: $0.outcome.reason) : outcome
                $0.encryption = encryption
            }
        }
        let parsed = FileNaming.parse(url.lastPathComponent)
        let item = CatalogItem(
            kind: parsed?.kind ?? .recording, path: relative,
            participant: metadata?.participant ?? parsed?.participant ?? url.deletingLastPathComponent().lastPathComponent,
            study: metadata?.study, title: metadata?.paradigm?.title ?? parsed?.title, day: metadata?.day ?? parsed?.day,
            session: metadata?.session ?? parsed?.session, run: metadata?.run ?? parsed?.run,
            created: metadata?.created ?? ((try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date) ?? Date()),
            size: fingerprint.size, sha256: fingerprint.sha256, encryption: encryption, state: .pending, outcome: outcome)
        try store.catalog.insert(item)
        return item
    }
}

extension RecordingReader {
    /// The outcome a recording file stores (complete when it has no `Complete` flag or is
    /// unreadable as such).
    static func storedOutcome(_ url: URL) -> RecordingOutcome {
        (try? RecordingReader(url: url).outcome) ?? .complete
    }
}
