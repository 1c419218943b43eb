import DataSources
public import Foundation
public import Storage

/// Makes the post-session report (the session view of one or more recordings) and the participant
/// view from a data folder's catalog, as one self-contained HTML page (inline SVG and CSS, no
/// script, no network; see ``HTMLPage``).
///
/// Encrypted items are decrypted with the secret key the user's GnuPG holds (its agent asks for the
/// passphrase) into the process's ``PlaintextScratch`` under the temporary directory, which must lie
/// outside the data folder, and removed as soon as they are read: a plaintext copy never lands among
/// the originals. The report never names the participant, only the pseudonymous UUID.
///
/// ```swift
/// let builder = ReportBuilder(store: store)
/// let html = try builder.sessionReport(for: [item])
/// try ReportBuilder.write(html, to: URL(fileURLWithPath: "report.html"))
/// ```
package struct ReportBuilder: Sendable {
    /// The data folder.
    package let store: DataStore
    /// Decrypts encrypted items.
    package var decryptor: OpenPGPDecryptor
    /// The private folder under which decrypted copies are kept while they are read.
    package var scratchParent: URL
    /// The moment the footer names (default: now).
    package var generated: Date
    /// Whether the spectrum and whole-recording band power keep windows graded bad or off the head
    /// (default false: they are left out with the segments touching a gap).
    package var includesBadWindows = false
    /// The participant's locale (`en`, `de`, …): the language of the whole page, session view and
    /// participant view alike, its words and its number and date formats (default English;
    /// languages without words use English).
    package var locale = "en"
    /// The participant view's completion line (study days completed of the days so far), when the
    /// caller read the participant's progress through the study; without it the line is left out.
    package var completion: StudyCompletion?

    /// A builder for `store`'s items.
    package init(
        store: DataStore, decryptor: OpenPGPDecryptor = OpenPGPDecryptor(), scratchParent: URL = PlaintextScratch.defaultParent,
        generated: Date = Date()
    ) {
        self.store = store
        self.decryptor = decryptor
        self.scratchParent = scratchParent
        self.generated = generated
    }

    /// The session view of `items` (recordings; a reaction-time block's trial table is found by its
    /// `recording` field). Throws ``ReportError``. Like every report, it first removes the decrypted
    /// copies killed processes left (``PlaintextScratch/sweep(parent:)``). Reading the recordings
    /// (HDF5, maybe decrypting with GPGME) runs on ``BlockingExecutor/shared``.
    package func sessionReport(for items: [CatalogItem]) async throws -> String {
        try await BlockingExecutor.shared.run("session report") { [self] () throws(any Error) in try sessionReportBlocking(for: items) }
    }

    /// ``sessionReport(for:)`` on the calling thread: for code already on a ``BlockingExecutor``.
    package func sessionReportBlocking(for items: [CatalogItem]) throws -> String {
        PlaintextScratch.sweep(parent: scratchParent)
        let words = ReportWords(locale: locale)
        var sections: [String] = []
        var tables: [String: [String: TrialTable]] = [:]
        for item in items {
            guard item.kind == .recording else {
                throw ReportError.unsupported(path: item.path, reason: "a \(item.kind.rawValue) item has no session report (name a recording)")
            }
            if tables[item.participant] == nil { tables[item.participant] = try trialTables(participant: item.participant) }
            var digest = try digest(of: item, detail: true)
            digest.trials = tables[item.participant]?[Self.stem(item.path)]
            sections.append(SessionSection(digest: digest, words: words).html)
        }
        let first = items.first
        let title =
            words(.sessionTitle)
            + (first.map { item in
                let parts = [item.study, item.day.map { words(.dayN, $0) }, item.session.map { words(.sessionN, $0) }]
                return " · " + parts.compactMap { $0 }.joined(separator: " · ")
            } ?? "")
        let subtitle = words(items.count == 1 ? .sessionSubtitleOne : .sessionSubtitleMany, first?.participant ?? "–", items.count)
        return page(title: title, subtitle: subtitle, body: sections.joined(), words: words)
    }

    /// The participant view: every session of `participant` with EEG, over the days. Throws
    /// ``ReportError/missing(path:)`` when the participant has no recordings. Reading the
    /// recordings runs on ``BlockingExecutor/shared``.
    package func participantReport(participant: String) async throws -> String {
        try await BlockingExecutor.shared.run("participant report") { [self] () throws(any Error) in
            try participantReportBlocking(participant: participant)
        }
    }

    /// ``participantReport(participant:)`` on the calling thread: for code already on a
    /// ``BlockingExecutor``.
    package func participantReportBlocking(participant: String) throws -> String {
        PlaintextScratch.sweep(parent: scratchParent)
        let items = try store.catalog.items(participant: participant).filter { $0.kind == .recording && $0.state != .writing }
        guard !items.isEmpty else { throw ReportError.missing(path: "recordings of participant \(participant)") }
        let tables = try trialTables(participant: participant)
        var rows: [SessionRow] = []
        var index: [String: Int] = [:]
        for item in items {
            var digest = try digest(of: item, detail: false)
            digest.trials = tables[Self.stem(item.path)]
            let key = "\(digest.study ?? item.study ?? "")/\(digest.day ?? item.day ?? 0)/\(digest.session ?? item.session ?? 0)"
            if index[key] == nil {
                index[key] = rows.count
                rows.append(SessionRow(study: digest.study ?? item.study, day: digest.day ?? item.day, session: digest.session ?? item.session))
            }
            rows[index[key] ?? 0].add(digest)
        }
        rows.sort { ($0.start ?? .infinity, $0.day ?? 0, $0.session ?? 0) < ($1.start ?? .infinity, $1.day ?? 0, $1.session ?? 0) }
        let words = ReportWords(locale: locale)
        let body = ParticipantSection(participant: participant, rows: rows, words: words, completion: completion).html
        return page(
            title: words(.participantTitle),
            subtitle: words(rows.count == 1 ? .participantSubtitleOne : .participantSubtitleMany, participant, rows.count), body: body, words: words)
    }

    /// Refuses a report at `url` inside `dataFolder` (symbolic links of both resolved) with
    /// ``ReportError/insideDataFolder(path:dataFolder:)``: a report is a derived, uncatalogued file
    /// that recovery, upload and the catalog must never see, and one of an encrypted item would be
    /// plaintext among sealed originals. (`run`'s own post-session reports go to `<data>/reports/`.)
    package static func checkOutside(_ url: URL, dataFolder: URL) throws {
        if DataFolderBoundary(dataFolder: dataFolder).contains(file: url) {
            throw ReportError.insideDataFolder(path: url.path, dataFolder: dataFolder.path)
        }
    }

    /// Writes `html` to `url` atomically (a temporary file in the same folder, fsynced, then a
    /// rename) with mode 0600 for ``ExportPermissions/private`` (folders it makes: 0700), else 0644;
    /// refuses to overwrite unless `overwrite`. Once SIGINT or SIGTERM has arrived, nothing is
    /// written (``TerminationSignals/Interrupted`` is thrown; a half-written temporary file is removed).
    package static func write(_ html: String, to url: URL, overwrite: Bool = false, permissions: ExportPermissions = .shared) throws {
        try TerminationSignals.check()
        let fm = FileManager.default
        if !overwrite, fm.fileExists(atPath: url.path) {
            throw ReportError.io(path: url.path, reason: "exists already; reports never overwrite (choose another --out, or --replace)")
        }
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString.prefix(8)).part")
        do {
            if !fm.fileExists(atPath: folder.path) {
                try fm.createDirectory(
                    at: folder, withIntermediateDirectories: true, attributes: permissions.folderMode.map { [.posixPermissions: Int($0)] } ?? [:])
            }
            try AtomicFile.write(Data(html.utf8), to: temporary, permissions: mode_t(permissions.fileMode ?? 0o644))
            try TerminationSignals.check()
            try AtomicFile.commit(temporary, to: url, replacing: overwrite)
        } catch let error as TerminationSignals.Interrupted {
            try? fm.removeItem(at: temporary)
            throw error
        } catch {
            try? fm.removeItem(at: temporary)
            throw ReportError.io(path: url.path, reason: (error as? StorageError)?.reason ?? error.localizedDescription)
        }
    }

    // MARK: Reading

    /// The digest of a recording item, decrypting it first when it is encrypted.
    func digest(of item: CatalogItem, detail: Bool) throws -> RecordingDigest {
        try withPlaintext(of: item) { url in
            let reader: RecordingReader
            do {
                reader = try RecordingReader(url: url)
            } catch {
                throw ReportError.unsupported(path: item.path, reason: "not a readable recording (\(error))")
            }
            do {
                return try RecordingDigest(reader: reader, name: item.path, detail: detail, includesBadWindows: includesBadWindows)
            } catch {
                throw ReportError.unsupported(path: item.path, reason: "reading failed (\(error))")
            }
        }
    }

    /// The participant's reaction-time trial tables by the stem of the recording they belong to.
    func trialTables(participant: String) throws -> [String: TrialTable] {
        var out: [String: TrialTable] = [:]
        for item in try store.catalog.items(participant: participant) where item.kind == .trials {
            let data = try withPlaintext(of: item) { url in try? Data(contentsOf: url) }
            guard let data, let table = try? TrialTable(json: data) else { continue }
            out[Self.stem(table.recording)] = table
        }
        return out
    }

    /// Calls `body` with the item's file, or, when the item is encrypted, with a decrypted copy in
    /// this process's ``PlaintextScratch`` (outside the data folder; removed as soon as `body` returns).
    func withPlaintext<T>(of item: CatalogItem, _ body: (URL) throws -> T) throws -> T {
        let url = store.url(of: item.path)
        guard FileManager.default.fileExists(atPath: url.path) else { throw ReportError.missing(path: item.path) }
        guard item.encryption != .none else { return try body(url) }
        do {
            let scratch = try PlaintextScratch(decryptor: decryptor, dataFolder: store.root, parent: scratchParent)
            defer { scratch.close() }
            return try scratch.withPlaintext(of: url, body)
        } catch let error as PlaintextScratchError {
            switch error {
            case .insideDataFolder(let path, let data): throw ReportError.insideDataFolder(path: path, dataFolder: data)
            case .io: throw ReportError.io(path: scratchParent.path, reason: "\(error)")
            case .decryption(_, let reason): throw ReportError.encrypted(path: item.path, reason: reason)
            }
        }
    }

    /// The file name without directories and extensions (`r_rest_1_2_3_<uuid>`).
    static func stem(_ path: String) -> String {
        var name = (path as NSString).lastPathComponent
        while let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        return name
    }

    // MARK: Page

    /// The page around `body`, its footer in `words`' language.
    private func page(title: String, subtitle: String, body: String, words: ReportWords) -> String {
        let moment = generated.timeIntervalSince1970.rounded(.down)
        let footer = words(.footer, ProductVersion.current, words.language == "en" ? words.time(moment) : words.time(moment) + " UTC")
        let main = """
            <main>
            <header class="report"><h1>\(HTML.escape(title))</h1><p>\(HTML.escape(subtitle))</p></header>
            \(body)
            <footer>\(HTML.escape(footer))</footer>
            </main>
            """
        return HTMLPage(title: title, body: main, language: words.language).html
    }
}
