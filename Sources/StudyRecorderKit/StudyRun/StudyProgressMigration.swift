public import Foundation
public import Storage
public import Study

/// Moves the progress of the participant enrolled in a data folder to the study's changed protocol
/// (``ProgressMigration`` says what is safe), holding the study's run lock so no `run` advances the
/// progress meanwhile. The progress before is kept beside it, `progress/<study>.before-<fingerprint>.json`.
public enum StudyProgressMigration {
    /// What ``migrate(study:store:at:)`` did.
    public struct Result: Sendable, Hashable, Codable {
        /// The progress file.
        public var file: String
        /// Whether the progress moved (false: it already fitted the study).
        public var migrated: Bool
        /// Where the progress before was kept, when it moved.
        public var keptBefore: String?
        /// What changed, one line each (items added, untouched items changed or removed).
        public var changes: [String]
    }

    /// Migrates the progress of `study` in `store` at `time`. Throws ``RunnerError/notEnrolled(study:)``
    /// when nobody is enrolled, ``ProgressMigrationError`` (nothing changed) when the progress cannot
    /// move, ``RecorderError`` (busy) when a run of the study is active.
    public static func migrate(study: StudyDefinition, store: DataStore, at time: Date = Date()) throws -> Result {
        let lock = try StudyRunLock.claim(study: study.id, store: store)
        defer { withExtendedLifetime(lock) {} }
        let progressStore = ProgressStore(dataFolder: store.root)
        let file = progressStore.url(forStudy: study.id)
        guard let progress = try progressStore.load(studyID: study.id) else { throw RunnerError.notEnrolled(study: study.id) }
        switch ProgressMigration.migrate(progress, to: study, at: time) {
        case .unchanged:
            return Result(file: file.path, migrated: false, keptBefore: nil, changes: [])
        case .refused(let refusals):
            throw ProgressMigrationError(file: file.path, refusals: refusals)
        case .migrated(let migrated, let changes):
            let before = file.deletingLastPathComponent().appendingPathComponent("\(study.id).before-\(progress.protocolFingerprint).json")
            // The file as it was, byte for byte (never replacing one kept by an earlier migration).
            if !FileManager.default.fileExists(atPath: before.path) {
                try AtomicFile.write(try Data(contentsOf: file), to: before)
            }
            try progressStore.save(migrated)
            return Result(file: file.path, migrated: true, keptBefore: before.path, changes: changes)
        }
    }
}
