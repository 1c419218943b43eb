import DataSources
import Foundation
public import Storage
public import Study
public import Transfer

extension TransferSetup {
    /// Before anything of `study` is stored (its consent record, its recordings): when the study
    /// requires OpenPGP, throws ``RecorderError/Code-swift.struct/configuration`` unless the
    /// configuration names a usable key and that key is one of the study's recipients (by
    /// fingerprint, or held by one of its key files), so that such a study is refused rather than
    /// stored in the clear or encrypted to a key the lab cannot decrypt with. A study that requires
    /// nothing passes. The keys are checked on a thread of their own, not on the cooperative pool.
    public func check(_ study: StudyDefinition, store: DataStore) async throws {
        guard study.settings.encryption.scheme == .openpgp else { return }
        do {
            try await requireEncryption(for: study.id, store: store)
            try await requireRecipient(of: study)
        } catch let error as RecorderError {
            throw error
        } catch {
            throw RecorderError(.configuration, "\(error)", underlying: error)
        }
    }

    /// Throws unless the configured key is one of `study`'s recipients.
    private func requireRecipient(of study: StudyDefinition) async throws {
        let requirement = study.settings.encryption
        guard !requirement.recipients.isEmpty,
            let pinned = try configuration()?.encryption.policy.fingerprint,
            let configured = OpenPGPFingerprint.parse(pinned)
        else { return }
        if requirement.recipientFingerprints.contains(configured) { return }
        let held = try await BlockingExecutor.shared.run("check the study's recipients") { () throws(any Error) -> Bool in
            for file in requirement.recipientKeyFiles {
                if try OpenPGPEncryptor.keyFile(URL(fileURLWithPath: file), holds: configured) { return true }
            }
            return false
        }
        guard !held else { return }
        let named = requirement.recipients.map { OpenPGPFingerprint.parse($0) ?? URL(fileURLWithPath: $0).lastPathComponent }
        throw RecorderError(
            .configuration,
            "study \(study.id) encrypts to \(named.joined(separator: ", ")), but \(configurationURL.path) encrypts to \(configured): "
                + "the lab could not decrypt what this device uploads (set encryption.keyFile and fingerprint to the study's key)")
    }
}
