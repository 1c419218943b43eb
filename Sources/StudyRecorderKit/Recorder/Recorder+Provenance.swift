import Storage

extension Recorder {
    /// Where the recording `item` came from: its stored `/Provenance` (the source, whether a script
    /// stood in for the participant, the speed, the software and decoder versions), read on the
    /// blocking executor. `nil` for a file made before recordings said where they came from.
    public func provenance(of item: CatalogItem) async throws -> Provenance? {
        let url = store.url(of: item.path)
        return try await RecordingReader.withReader(at: url) { $0.provenance }
    }
}
