import Foundation
import Storage

/// The lock that lets one run of a study work in a data folder at a time: two would both record the
/// block that is due and advance the same progress file. It is a `flock` on
/// `<data>/private/run-<study>.lock`, so the kernel drops it when the holder ends, however it ends,
/// and a second run — in another process or in this one — finds it taken.
enum StudyRunLock {
    /// Takes the lock for `study` in `store`; throws ``RecorderError/Code-swift.struct/busy`` (naming
    /// the holder's pid when known) when another run holds it, ``RecorderError/Code-swift.struct/dataFolder``
    /// when the lock file cannot be made.
    static func claim(study: String, store: DataStore) throws -> ExclusiveLock {
        let file: URL
        let lock: ExclusiveLock?
        do {
            file = try store.lockURL("run-\(study)")
            lock = try ExclusiveLock(file: file)
        } catch {
            throw RecorderError(.dataFolder, "\(error)", underlying: error)
        }
        guard let lock else {
            let holder = ExclusiveLock.holder(of: file).map { " (pid \($0))" } ?? ""
            throw RecorderError(.busy, "another `run` of \(study) is active in \(store.root.path)\(holder); try again when it has finished")
        }
        return lock
    }
}
