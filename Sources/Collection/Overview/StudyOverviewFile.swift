import Foundation
import Report
import Storage
import Study

/// The HTML study overview `collect` keeps in the dataset, `<dataset>/overview.html` (listed in the
/// dataset's `.bidsignore`, so BIDS tools pass over it): Report's ``StudyOverview`` of what has been
/// collected so far, rewritten only when its bytes change (the page holds no moment of its own), so
/// a `collect` that found nothing new leaves the file, its bytes and its modification time alone.
///
/// The figures come from the mirror's catalog (the collected items and their manifests' metadata),
/// the study's protocol (which sessions each day has) and the items themselves, read once each and
/// remembered in ``OverviewCache``: a recording's outcome and the quality grades it stored while it
/// was made (its `/Quality` `Grade` series; nothing is recomputed), a trial table's score. A recording
/// the collector has just checked and exported comes with those figures (it was decrypted once for
/// all three); other sealed items are read through the collector's ``PlaintextScratch`` (outside the
/// dataset, removed at once).
struct StudyOverviewFile {
    /// The file's name in the dataset.
    static let name = "overview.html"

    let study: StudyDefinition
    /// The dataset.
    let out: URL
    /// `<dataset>/.collect`.
    let work: URL
    /// The page's language (`en` or `de`; others fall back to English).
    var locale = "en"
    /// The day the monitoring's figures are for.
    var asOf = Date()

    /// Brings the overview and the study's monitoring (``StudyMonitoring``, `<dataset>/overview.json`)
    /// up to date with `mirror`'s items, the participant folders `state` has seen and `problems`;
    /// returns the monitoring. `known` is what the caller read of items while it had them decrypted
    /// anyway (by catalog id): they are not decrypted again.
    @discardableResult
    func update(
        mirror: DataStore, scratch: PlaintextScratch, state: CollectionState, problems: [CollectionProblem], known: [String: OverviewCache.Item] = [:]
    ) throws -> StudyMonitoring {
        let cacheFile = work.appendingPathComponent("overview.json")
        var cache = OverviewCache.load(cacheFile)
        var changed = false
        for (id, item) in known where cache.items[id] != item {
            cache.items[id] = item
            changed = true
        }
        // Participant by participant, so what is held of the catalog is one participant's items, not
        // the study's. Every catalogued item is in a folder the state has seen: `collect` catalogues
        // only items whose manifest names the participant folder they were in.
        let kinds: Set<ItemKind> = [.recording, .questionnaire, .trials]
        var rows: [OverviewParticipant] = []
        var adherence: [ParticipantAdherence] = []
        var recordings = 0
        var demonstrations = 0
        var created: [Date] = []
        let entries = Dictionary(grouping: state.entries, by: { String($0.key.prefix { $0 != "/" }) })
        let monitor = ParticipantMonitor(study: study, thresholds: study.monitoringThresholds, asOf: asOf)
        for participant in entries.keys.sorted() {
            let items = try mirror.catalog.items(participant: participant).filter { kinds.contains($0.kind) }
            for item in items where item.kind != .questionnaire && cache.items[item.id]?.sha256 != item.sha256 {
                cache.items[item.id] = read(item, mirror: mirror, scratch: scratch)
                changed = true
            }
            rows.append(self.participant(participant, items: items, cache: cache))
            adherence.append(monitor.adherence(participant, items: items, entries: entries[participant]?.map(\.value) ?? [], cache: cache))
            for item in items where item.kind == .recording {
                if cache.items[item.id]?.demonstration == true { demonstrations += 1 } else { recordings += 1 }
            }
            created.append(contentsOf: items.map(\.created))
        }
        if changed { try cache.save(to: cacheFile) }

        let overview = StudyOverview(
            study: study.id, dayCount: study.days.count, participants: rows, recordings: recordings, weeks: Self.weeks(created),
            problems: problems.sorted { $0.remote < $1.remote }.map {
                OverviewProblem(remote: $0.remote, reason: $0.reason.rawValue, detail: $0.detail)
            })
        let monitoring = StudyMonitoring(study: study.id, asOf: ParticipantMonitor.day(asOf), participants: adherence)
        var page = overview
        page.demonstrationRecordings = demonstrations
        page.locale = locale
        page.monitoring = monitoring
        try ignoreInBIDS()
        _ = try write(Data(page.html.utf8), to: out.appendingPathComponent(Self.name))
        do {
            _ = try write(try monitoring.encoded(), to: out.appendingPathComponent(StudyMonitoring.fileName))
        } catch let error as CollectionError {
            throw error
        } catch {
            throw CollectionError.io(path: out.appendingPathComponent(StudyMonitoring.fileName).path, reason: "\(error)")
        }
        return monitoring
    }

    /// What the overview needs of `item`, read from its file (decrypted into the scratch when sealed);
    /// an unreadable one counts as incomplete, without quality.
    private func read(_ item: CatalogItem, mirror: DataStore, scratch: PlaintextScratch) -> OverviewCache.Item {
        let url = mirror.url(of: item.path)
        let body = { (file: URL) -> OverviewCache.Item in
            if item.kind == .trials {
                let table = (try? Data(contentsOf: file)).flatMap { try? TrialTable(json: $0) }
                return OverviewCache.Item(
                    sha256: item.sha256, complete: table?.outcome.isComplete ?? false, sessionMedianMs: table?.sessionMedianLatencyMs)
            }
            guard let reader = try? RecordingReader(url: file) else { return OverviewCache.Item(sha256: item.sha256, complete: false) }
            return OverviewCache.recording(reader, sha256: item.sha256)
        }
        if item.encryption == .none { return body(url) }
        return (try? scratch.withPlaintext(of: url, body)) ?? OverviewCache.Item(sha256: item.sha256, complete: false)
    }

    /// A participant's row: each day's state from the protocol's sessions and the items collected
    /// (an item's stored day and session name its protocol item), the quality per session, the score.
    private func participant(_ id: String, items: [CatalogItem], cache: OverviewCache) -> OverviewParticipant {
        let protocolItems = study.items
        // Per protocol item: whether everything collected of it ran its course.
        var collected: [Int: Bool] = [:]
        for item in items where item.kind != .trials {
            guard let s = study.itemIndex(day: item.day, session: item.session) else { continue }
            let complete = item.kind == .questionnaire || cache.items[item.id]?.complete == true
            collected[s] = (collected[s] ?? true) && complete
        }
        let lastDay = items.compactMap(\.day).max() ?? 0
        let days: [OverviewDayState] = study.days.indices.map { d in
            let sessions = protocolItems.indices.filter { protocolItems[$0].position.day == d }
            let found = sessions.filter { collected[$0] != nil }
            if !sessions.isEmpty && found.count == sessions.count && found.allSatisfy({ collected[$0] == true }) { return .done }
            if !found.isEmpty { return .incomplete }
            if sessions.isEmpty && d + 1 <= lastDay { return .done }
            return d + 1 < lastDay ? .missing : .open
        }
        var sessions: [String: OverviewSession] = [:]
        for item in items where item.kind == .recording {
            guard let d = item.day, let s = item.session else { continue }
            var row = sessions["\(d)/\(s)"] ?? OverviewSession(day: d, session: s)
            if let grades = cache.items[item.id]?.grades, grades.count == 3 {
                row.good += grades[0]
                row.medium += grades[1]
                row.bad += grades[2]
            }
            sessions["\(d)/\(s)"] = row
        }
        let score =
            items.filter { $0.kind == .trials }
            .sorted { ($0.day ?? 0, $0.session ?? 0, $0.run ?? 0) < ($1.day ?? 0, $1.session ?? 0, $1.run ?? 0) }
            .compactMap { cache.items[$0.id]?.sessionMedianMs }.last
        return OverviewParticipant(
            id: id, days: days, sessions: sessions.values.sorted { ($0.day, $0.session) < ($1.day, $1.session) }, reactionTimeMs: score)
    }

    /// Items per ISO week (UTC) from the first week to the last, weeks without items included.
    static func weeks(_ dates: [Date]) -> [StudyOverview.Week] {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        func start(_ date: Date) -> Date? { calendar.dateInterval(of: .weekOfYear, for: date)?.start }
        let counts = Dictionary(grouping: dates.compactMap(start), by: { $0 }).mapValues(\.count)
        guard var week = counts.keys.min(), let last = counts.keys.max() else { return [] }
        var out: [StudyOverview.Week] = []
        while week <= last, out.count < 1000 {
            let parts = calendar.dateComponents([.yearForWeekOfYear, .weekOfYear], from: week)
            out.append(.init(label: String(format: "%04d-W%02d", parts.yearForWeekOfYear ?? 0, parts.weekOfYear ?? 0), items: counts[week] ?? 0))
            guard let next = calendar.date(byAdding: .weekOfYear, value: 1, to: week) else { break }
            week = next
        }
        return out
    }

    /// Adds the overview and the monitoring to the dataset's `.bidsignore` (once): they are no BIDS files.
    private func ignoreInBIDS() throws {
        let file = out.appendingPathComponent(".bidsignore")
        let existing = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        var lines = existing.split(separator: "\n").map(String.init)
        let missing = [Self.name, StudyMonitoring.fileName].filter { !lines.contains($0) }
        guard !missing.isEmpty else { return }
        lines += missing
        _ = try write(Data(lines.map { $0 + "\n" }.joined().utf8), to: file)
    }

    /// Writes `data` to `url` atomically (owner-only) unless it holds those bytes already; returns
    /// whether it wrote.
    private func write(_ data: Data, to url: URL) throws -> Bool {
        if (try? Data(contentsOf: url)) == data { return false }
        do {
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try AtomicFile.write(data, to: url, permissions: 0o600)
        } catch {
            throw CollectionError.io(path: url.path, reason: "\(error)")
        }
        return true
    }
}
