public import Storage
public import Study
public import Transfer

extension TransferSetup {
    /// Before anything of `study` is stored (its consent record, its recordings): when the study
    /// requires OpenPGP, throws ``RecorderError/Code-swift.struct/configuration`` unless the
    /// configuration names a usable key, so that such a study is refused rather than stored in the
    /// clear. A study that requires nothing passes. The key is checked on a thread of its own, not
    /// on the cooperative pool.
    public func check(_ study: StudyDefinition, store: DataStore) async throws {
        guard study.settings.encryption.scheme == .openpgp else { return }
        do {
            try await requireEncryption(for: study.id, store: store)
        } catch {
            throw RecorderError(.configuration, "\(error)", underlying: error)
        }
    }
}
