import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Tidies the published dataset's folder tree: a subject folder holds data or is not there. A
/// recording kept out after its folders were made (its check failed, or an export stopped part way)
/// would otherwise leave `sub-…/ses-…/eeg/` empty, which BIDS validators read as a participant
/// without data (`PARTICIPANT_ID_MISMATCH` against `participants.tsv`).
enum DatasetFolders {
    /// Removes every empty folder below each `sub-*` folder of `dataset`, and the `sub-*` folder
    /// itself when nothing is left in it. Files are never touched.
    static func removeEmptySubjectFolders(in dataset: URL) {
        guard let subjects = try? FileManager.default.contentsOfDirectory(atPath: dataset.path) else { return }
        for subject in subjects where subject.hasPrefix("sub-") {
            removeIfEmpty(dataset.appendingPathComponent(subject, isDirectory: true))
        }
    }

    /// Removes the empty folders below `folder`, then `folder` when it is empty; whether it was.
    @discardableResult
    private static func removeIfEmpty(_ folder: URL) -> Bool {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return false }
        var left = names.count
        for name in names where removeIfEmpty(folder.appendingPathComponent(name, isDirectory: true)) { left -= 1 }
        guard left == 0 else { return false }
        return rmdir(folder.path) == 0
    }
}
