import DataSources

extension DataStore {
    /// The catalog's items, oldest first, optionally only those in `state`, of `participant` or of
    /// one of `kinds`, read on ``BlockingExecutor/shared``: the catalog is SQLite, whose reads block
    /// (and wait for another process's checkpoint), so async code reads it here rather than through
    /// ``catalog``.
    package func items(state: TransmissionState? = nil, participant: String? = nil, kinds: Set<ItemKind>? = nil) async throws -> [CatalogItem] {
        try await BlockingExecutor.shared.run("read catalog") { [catalog] () throws(any Error) in
            try catalog.items(state: state, participant: participant, kinds: kinds)
        }
    }

    /// Takes the next run index of `participant` (``Catalog/allocateRun(participant:)``: one
    /// immediate transaction, which may wait for another process's writer) on
    /// ``BlockingExecutor/shared``.
    package func allocateRun(participant: String) async throws -> Int {
        try await BlockingExecutor.shared.run("allocate run") { [catalog] () throws(any Error) in try catalog.allocateRun(participant: participant) }
    }
}
