public import Foundation
public import Storage
public import Study
import DataSources
import Report
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
/// Each step is a type of its own, and the collector only runs them in turn with its settings (the
/// policy: the server's bounds, what is left out unless ``includeSimulated``, ``redecoder``, where
/// consent goes): ``UploadListing`` (1: names checked before any is used), ``ItemFetcher`` (2–4,
/// one item) run by ``DownloadQueue`` (``connections`` at a time; 5), ``RecordingCheck`` and
/// ``DatasetExport`` (6).
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
        let consent = consentFolder.map(ConsentFolder.init(url:))
        try consent?.makePrivate()
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
        var pending = try await UploadListing(limits: limits, consentFolder: consent).pending(reader: readers[0], state: &state, report: &report)

        // The downloads, `connections` at a time; what comes back is recorded one at a time.
        let fetcher = ItemFetcher(
            study: study, limits: limits, decryptor: decryptor, consentFolder: consent, contained: try ContainedFolder(work), mirror: mirror.root,
            scratch: scratch)
        try await DownloadQueue(fetcher: fetcher, readers: readers, mirror: mirror, stateFile: stateFile)
            .run(pending, state: &state, report: &report, progress: progress)
        // The listing is done with: what the rest of the run needs of each item is in the state.
        pending = []
        report.collected.sort()

        // The dataset, then the overview.
        let export = DatasetExport(
            study: study, out: out, mirror: mirror, scratch: scratch, decryptor: decryptor, scratchParent: scratchParent,
            includeSimulated: includeSimulated, publicationSize: publicationSize, keptCopies: keptCopies, redecoder: redecoder, stateFile: stateFile)
        do {
            let read = try await export.run(state: &state, report: &report, progress: progress)
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
}
