import DataSources
import Exports
import Foundation
import Storage
import Study

/// The third step of a collect, before a participant's recordings are exported: each collected
/// recording must decrypt with the study's key, match its manifest's plaintext digest, be readable as
/// a recording and carry this study's id. One that does not is kept out of the dataset — a problem
/// in the state and the report, out of the mirror and its catalog; demonstration data is left out
/// unless ``includeSimulated``. A failing recording leaves the others as they are.
struct RecordingCheck {
    /// The study whose recordings these must be.
    let study: StudyDefinition
    /// Whether demonstration data is exported too (`--include-simulated`).
    let includeSimulated: Bool
    /// The mirror the recordings were collected into.
    let mirror: DataStore
    /// Where a sealed recording is decrypted to for its check.
    let scratch: PlaintextScratch
    /// The scratch's parent folder (a full disk there is named by it).
    let scratchParent: URL

    /// How a checked recording is read for its export.
    enum Readable {
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
    func check(
        _ keys: ArraySlice<String>, keep: Bool, completed: Set<String>, state: inout CollectionState, report: inout CollectionReport,
        read: inout [String: OverviewCache.Item]
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
                try keepOut(key, item: item, .foreignKey, "it does not decrypt with the study's key: \(reason)", state: &state, report: &report)
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
                try keepOut(key, item: item, reason, detail, state: &state, report: &report)
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
        _ key: String, item: CatalogItem, _ reason: CollectionProblem.Reason, _ detail: String, state: inout CollectionState,
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
}
