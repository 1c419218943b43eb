import Storage

/// The BIDS session and run of a recording, derived from the participant's catalogued recordings
/// alone, so every export (and a later dataset built from all items) numbers them the same way:
///
/// - `ses-1…n` over the participant's recording sessions: the distinct (study day, study session)
///   pairs of their recordings, in that order (a study's session index alone may read `ses-2`, `ses-4`;
///   a day with two recording sessions gives two BIDS sessions).
/// - `run-1…n` within that session over its recordings of every task, in the order of the
///   participant's run counter (then creation time and path, so two recordings an older version gave
///   one counter still get two runs). Runs are unique in a session, so no two files share a name.
///
/// The original study day, session and run counter stay in `scans.tsv` (``BIDSScansTable``).
struct BIDSNumbering: Equatable {
    /// The BIDS session index (1-based).
    let session: Int
    /// The BIDS run index within the session (1-based).
    let run: Int

    /// A numbering given directly.
    init(session: Int, run: Int) {
        self.session = session
        self.run = run
    }

    /// The numbering of `item` among `recordings` (the participant's catalogued recordings; `item`
    /// is added when missing).
    init(of item: CatalogItem, among recordings: [CatalogItem]) {
        var all = recordings.filter { $0.kind == .recording && $0.participant == item.participant }
        if !all.contains(where: { $0.id == item.id }) { all.append(item) }
        let key = Self.sessionKey(item)
        let sessions = Set(all.map(Self.sessionKey)).sorted { ($0.day, $0.session) < ($1.day, $1.session) }
        session = (sessions.firstIndex { $0 == key } ?? 0) + 1
        let runs = all.filter { Self.sessionKey($0) == key }.sorted { a, b in
            (a.run ?? 0, a.created, a.path) < (b.run ?? 0, b.created, b.path)
        }
        run = (runs.firstIndex { $0.id == item.id } ?? runs.count) + 1
    }

    private struct SessionKey: Hashable {
        let day: Int
        let session: Int
    }

    private static func sessionKey(_ item: CatalogItem) -> SessionKey {
        SessionKey(day: item.day ?? 0, session: item.session ?? 0)
    }
}
