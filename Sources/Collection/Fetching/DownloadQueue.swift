import Foundation
import Storage
import Transfer

/// The downloads of a collect: the listing's ``PendingItem``s fetched ``readers``-many at a time
/// (``ItemFetcher``, each reader a kept-alive connection of its own), and what comes back recorded
/// one at a time in the state, the report and the mirror's catalog. A failed item is that item's
/// alone; after ``CollectionLimits/failuresInARow`` requests in a row without an answer the rest is
/// deferred, untried. The state is saved at most once a second as items come through, and whatever
/// stops the downloads, what came through is kept for the next run.
struct DownloadQueue {
    /// Fetches and checks one item.
    let fetcher: ItemFetcher
    /// One reader per connection.
    let readers: [CollectionReader]
    /// The mirror, whose catalog takes every verified item.
    let mirror: DataStore
    /// Where the state is saved.
    let stateFile: URL

    /// Fetches `pending` and records each outcome in `state` and `report`; `progress` hears each item.
    func run(
        _ pending: [PendingItem], state: inout CollectionState, report: inout CollectionReport, progress: @Sendable (CollectionProgress) -> Void
    ) async throws {
        let failuresInARow = fetcher.limits.failuresInARow
        var saved = ContinuousClock.now - .seconds(10)
        var done = 0
        var unansweredInARow = 0
        do {
            try await withThrowingTaskGroup(of: (Int, PendingItem, FetchedItem).self) { group in
                var queue = pending.makeIterator()
                var stopped = false
                func start(_ slot: Int, _ group: inout ThrowingTaskGroup<(Int, PendingItem, FetchedItem), any Error>) {
                    guard !stopped, let item = queue.next() else { return }
                    let reader = readers[slot], fetcher = fetcher
                    group.addTask { (slot, item, try await fetcher.fetch(item, reader: reader)) }
                }
                for slot in readers.indices { start(slot, &group) }
                while let outcome = try await group.next() {
                    let (slot, item, fetched) = outcome
                    unansweredInARow = fetched.unanswered ? unansweredInARow + 1 : 0
                    if unansweredInARow >= failuresInARow && !stopped {
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
                        progress(
                            CollectionProgress(phase: .download, done: done, total: pending.count, item: item.key, bytes: report.bytesDownloaded))
                    }
                    guard try record(fetched, of: item, state: &state, report: &report) else { continue }
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
    }

    /// Records what fetching `item` came to; false when it leaves the state as it was (a deferral,
    /// or a problem with the server's answer only).
    private func record(_ fetched: FetchedItem, of item: PendingItem, state: inout CollectionState, report: inout CollectionReport) throws -> Bool {
        if let deferral = fetched.deferral {
            report.deferred.append(deferral)
            return false
        }
        if fetched.answerOnly, let problem = fetched.entry.problem {
            report.problems.append(problem)
            return false
        }
        if fetched.consentKeptSealed { report.consentKeptSealed += 1 }
        if fetched.consentDecrypted { report.consentDecrypted += 1 }
        var result = fetched.entry
        if let manifest = fetched.catalogue {
            try catalogue(manifest, path: item.key)
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
        return true
    }

    /// Adds (or updates) the item to the mirror's catalog as the manifest describes it.
    private func catalogue(_ manifest: UploadManifest, path: String) throws {
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
}
