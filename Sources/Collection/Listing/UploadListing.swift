import Foundation
import Transfer

/// The first step of a collect: lists the study's uploads on the server (or the local copy) and says
/// what to fetch (``PendingItem``), with what waits for its manifest, the leftovers of interrupted
/// uploads, what is unchanged since the last run and the refused names in the report.
///
/// What the server lists is input from strangers: every name is checked (``ServerName``) before it
/// is used, and a refused one is a problem (reason `name`, shown escaped), never a path. The listing
/// writes no file.
struct UploadListing {
    /// The bounds the server is held to.
    let limits: CollectionLimits
    /// Where consent records go when the experimenter asks for them: one kept sealed so far is
    /// fetched once it is missing there.
    let consentFolder: ConsentFolder?

    /// Lists the study's uploads: what to fetch, with what waits for its manifest, the leftovers and
    /// the refused names in `report`. Every name is checked (``ServerName``) before it is used;
    /// a participant folder whose listing fails is deferred (or a problem, when a person must look),
    /// and the rest go on. Only the study's own listing failing ends the run: 75 when it may pass,
    /// 78 for a refused account, ``CollectionError/untrustedAnswer(_:)`` for an answer past the limits.
    func pending(reader: CollectionReader, state: inout CollectionState, report: inout CollectionReport) async throws -> [PendingItem] {
        let started = ContinuousClock.now
        let deadline = started + .milliseconds(Int64(limits.listingDeadline * 1000))
        func listingLimits() -> WebDAVClient.ListingLimits {
            let left = Double((deadline - .now).components.seconds) + Double((deadline - .now).components.attoseconds) / 1e18
            return WebDAVClient.ListingLimits(
                bytes: limits.listingBytes, entries: limits.listingEntries, seconds: max(0.001, min(limits.listingSeconds, left)))
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
        var pending: [PendingItem] = []
        var known = Set(state.leftovers ?? [])
        var unansweredInARow = 0
        for folder in root.sorted(by: { $0.name < $1.name }) where folder.isFolder && !folder.name.hasPrefix(".") {
            try Task.checkCancellation()
            if let why = ServerName.problem(participantFolder: folder.name) {
                report.problems.append(CollectionProblem(remote: folder.name + "/", reason: .name, detail: why))
                continue
            }
            guard ContinuousClock.now < deadline, unansweredInARow < limits.failuresInARow else {
                let why =
                    unansweredInARow >= limits.failuresInARow
                    ? "the server stopped answering" : "the listing took longer than \(Int(limits.listingDeadline)) s"
                report.deferred.append(CollectionProblem(remote: folder.name + "/", reason: .transfer, detail: "not listed: \(why)"))
                continue
            }
            let listed: [RemoteEntry]
            do {
                listed = try await reader.list([folder.name], limits: listingLimits())
                unansweredInARow = 0
            } catch let error as TransferError where error.code != .localFile && error.code != .cancelled {
                let outcome = FetchedItem(failure: error, key: folder.name + "/")
                unansweredInARow = outcome.unanswered ? unansweredInARow + 1 : 0
                if let deferral = outcome.deferral { report.deferred.append(deferral) }
                if let problem = outcome.entry.problem { report.problems.append(problem) }
                continue
            }
            pending += items(in: folder.name, listed: listed, state: state, known: &known, report: &report)
        }
        // Leftovers no longer on the server are forgotten, so one coming back is reported again.
        let present = Set(report.leftovers)
        state.leftovers = known.filter { present.contains($0) }.sorted()
        return pending
    }

    /// What to fetch of participant folder `folder`, which lists `listed`; what waits, the leftovers
    /// (`known` are those reported before), the unchanged and the refused names go into `report`.
    private func items(
        in folder: String, listed: [RemoteEntry], state: CollectionState, known: inout Set<String>, report: inout CollectionReport
    ) -> [PendingItem] {
        // Each name checked: refused ones are problems (shown escaped), never files.
        var items: [String: (entry: RemoteEntry, name: ServerName.Item)] = [:]
        var manifests: [String: RemoteEntry] = [:]
        // Hidden files (a sync tool's, the desktop's) and partial uploads are no items: passed over unused.
        for entry in listed where !entry.isFolder && !entry.name.hasSuffix(".partial") && !entry.name.hasPrefix(".") {
            switch ServerName.item(entry.name, participant: folder) {
            case .failure(let refusal):
                report.problems.append(CollectionProblem(remote: folder + "/" + entry.name, reason: .name, detail: refusal.reason))
            case .success(let name) where name.isManifest:
                if manifests[name.item] == nil { manifests[name.item] = entry }
            case .success(let name):
                items[entry.name] = (entry, name)
            }
        }
        var pending: [PendingItem] = []
        for (name, (entry, parsed)) in items.sorted(by: { $0.key < $1.key }) {
            let key = folder + "/" + name
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
                    && consentFolder.map { !FileManager.default.fileExists(atPath: $0.file(participant: folder, name: name).path) } == true
                if !consentWanted {
                    report.unchanged += 1
                    if let problem = known.problem { report.problems.append(problem) }
                    continue
                }
            }
            let collectedBefore = earlier.map { $0.item != nil && $0.problem == nil && $0.done } ?? false
            pending.append(
                PendingItem(key: key, folder: folder, entry: entry, manifest: manifest, fingerprint: fingerprint, collectedBefore: collectedBefore))
        }
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
}
