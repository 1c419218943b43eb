import Foundation
import Storage
import Study
import Transfer

#if canImport(Glibc)
import Glibc
#endif

/// The second step of a collect, for one ``PendingItem`` at a time: fetches its manifest (decrypted
/// when sealed), which must name this participant folder, this study and the item's file name and
/// bound its size; then the item into the mirror as it was uploaded (sealed stays sealed), which
/// must match the manifest's size and SHA-256. A consent record or PDF (it holds the participant's
/// name) is not downloaded unless there is a ``consentFolder``: then it is verified and decrypted
/// into it. Every file is written through ``contained`` (or the consent folder's own
/// ``ContainedFolder``), never outside.
struct ItemFetcher: Sendable {
    /// The study whose uploads these are.
    let study: StudyDefinition
    /// The bounds the server is held to.
    let limits: CollectionLimits
    /// Decrypts sealed consent records.
    let decryptor: OpenPGPDecryptor
    /// Where consent records and PDFs go, when the experimenter asks for them.
    let consentFolder: ConsentFolder?
    /// The collect's work folder, which every download stays in.
    let contained: ContainedFolder
    /// The mirror's folder (in ``contained``).
    let mirror: URL
    /// Decrypts sealed manifests.
    let scratch: PlaintextScratch

    /// Fetches and checks one item; what came of it says whether it joins the mirror's catalog. A
    /// failed request is the item's alone: a deferral when it may pass, a problem when a person must
    /// look (``FetchedItem/init(failure:key:)``); anything else (a full disk, an unwritable dataset)
    /// ends the run.
    func fetch(_ pending: PendingItem, reader: CollectionReader) async throws -> FetchedItem {
        do {
            return try await fetchChecked(pending, reader: reader)
        } catch let error as TransferError where error.code != .localFile && error.code != .cancelled {
            return FetchedItem(failure: error, key: pending.key)
        }
    }

    /// ``fetch(_:reader:)`` with every failure thrown.
    private func fetchChecked(_ pending: PendingItem, reader: CollectionReader) async throws -> FetchedItem {
        let key = pending.key, folder = pending.folder, entry = pending.entry
        var fetched = FetchedItem()
        guard let manifest = try await manifest(of: pending, reader: reader, fetched: &fetched) else { return fetched }
        // Names never appear: consent records and PDFs stay sealed on the server unless asked for.
        if manifest.kind.holdsName {
            return try await consent(pending, manifest: manifest, reader: reader, fetched: fetched)
        }
        // The item, checked against the manifest; one more try, then a problem.
        let participantFolder = try contained.folder([mirror.lastPathComponent, folder])
        let file = try contained.file(entry.name, in: participantFolder)
        var found = ""
        guard let bytes = try await fetchVerified(entry, folder: folder, manifest: manifest, reader: reader, to: file, found: &found) else {
            if pending.collectedBefore {
                return fetched.refused(key, .changed, "changed on the server after it was collected (\(found))", item: manifest.item)
            }
            return fetched.refused(key, .checksum, "the download does not match its manifest, twice (\(found))", item: manifest.item)
        }
        fetched.bytes += bytes
        // A recording is checked (decrypted, compared with its plaintext digest, read) when it is
        // added to the dataset: one decryption serves the check, the overview's figures and the export.
        fetched.catalogue = manifest
        let recording = manifest.kind == .recording
        fetched.entry = CollectionState.Entry(
            fingerprint: CollectionState.Fingerprint(), item: manifest.item, done: !recording, problem: nil, sha256: manifest.uploaded.sha256,
            plaintextSHA256: recording ? manifest.plaintext?.sha256 : nil)
        return fetched
    }

    /// The item's manifest, fetched and checked against the listing and the study: `nil` when it is
    /// refused (then `fetched` says why).
    private func manifest(of pending: PendingItem, reader: CollectionReader, fetched: inout FetchedItem) async throws -> UploadManifest? {
        let key = pending.key, folder = pending.folder, entry = pending.entry, manifestEntry = pending.manifest
        let downloads = try contained.folder(["manifests", folder])
        let manifestFile = try contained.file(manifestEntry.name, in: downloads)
        try? FileManager.default.removeItem(at: manifestFile)
        fetched.bytes += try await reader.fetch([folder, manifestEntry.name], to: manifestFile, etag: nil, size: nil, limit: limits.manifestBytes)
        let manifest: UploadManifest
        do {
            if manifestEntry.name.hasSuffix(UploadManifest.suffix) {
                manifest = try UploadManifest.decode(Data(contentsOf: manifestFile))
            } else {
                manifest = try scratch.withPlaintext(of: manifestFile) { try UploadManifest.decode(Data(contentsOf: $0)) }
            }
        } catch let error as PlaintextScratchError {
            guard case .decryption(_, let reason) = error else { throw error }
            fetched = fetched.refused(key, .foreignKey, "its manifest does not decrypt with the study's key: \(reason)")
            return nil
        } catch {
            fetched = fetched.refused(key, .notOurs, "its manifest is unreadable (\(error))")
            return nil
        }
        fetched.created = manifest.created
        if let other = manifest.study, other != study.id {
            fetched = fetched.refused(key, .otherStudy, "its manifest names the study \(other), not \(study.id)", item: manifest.item)
            return nil
        }
        guard manifest.participant == folder, manifest.uploaded.name == entry.name else {
            fetched = fetched.refused(key, .notOurs, "its manifest describes \(manifest.participant)/\(manifest.uploaded.name)", item: manifest.item)
            return nil
        }
        // The manifest bounds the download: what the server lists or announces must agree with it.
        guard manifest.uploaded.size >= 0, manifest.uploaded.size <= limits.itemBytes else {
            fetched = fetched.refused(
                key, .server, "its manifest says \(manifest.uploaded.size) bytes, more than the \(limits.itemBytes) an item may have",
                item: manifest.item)
            return nil
        }
        if let listed = entry.size, listed != manifest.uploaded.size {
            fetched = fetched.refused(
                key, pending.collectedBefore ? .changed : .server, "the server lists \(listed) bytes; its manifest says \(manifest.uploaded.size)",
                item: manifest.item)
            return nil
        }
        return manifest
    }

    /// A consent record or PDF: kept sealed on the server without a ``consentFolder``; else
    /// downloaded, checked against `manifest`, decrypted and put into the folder under the
    /// participant's UUID.
    private func consent(_ pending: PendingItem, manifest: UploadManifest, reader: CollectionReader, fetched: FetchedItem) async throws -> FetchedItem
    {
        let key = pending.key, folder = pending.folder, entry = pending.entry
        var fetched = fetched
        let empty = CollectionState.Fingerprint()
        guard let consentFolder else {
            fetched.consentKeptSealed = true
            fetched.entry = CollectionState.Entry(
                fingerprint: empty, item: manifest.item, done: true, problem: nil, sha256: manifest.uploaded.sha256, holdsName: true)
            return fetched
        }
        guard UUID(uuidString: folder) != nil else {
            return fetched.refused(key, .notOurs, "a consent in a folder that is no participant's UUID", item: manifest.item)
        }
        let place = try ContainedFolder(consentFolder.url)
        let target = try place.file(consentFolder.file(participant: folder, name: entry.name).lastPathComponent, in: place.root)
        let download = try place.file(".\(target.lastPathComponent).download", in: place.root)
        defer { try? FileManager.default.removeItem(at: download) }
        var found = ""
        guard let bytes = try await fetchVerified(entry, folder: folder, manifest: manifest, reader: reader, to: download, found: &found) else {
            return fetched.refused(key, .checksum, "the download does not match its manifest, twice", item: manifest.item)
        }
        fetched.bytes += bytes
        let plain = try place.file(".\(target.lastPathComponent).plain", in: place.root)
        defer { try? FileManager.default.removeItem(at: plain) }
        if manifest.uploaded.encrypted {
            do { try decryptor.decrypt(download, to: plain) } catch {
                return fetched.refused(key, .foreignKey, "it does not decrypt with the study's key: \(error)", item: manifest.item)
            }
        } else {
            try FileManager.default.moveItem(at: download, to: plain)
        }
        chmod(plain.path, 0o600)
        if let digest = manifest.plaintext, (try? SHA256.hex(ofFile: plain)) != digest.sha256 {
            return fetched.refused(key, .checksum, "the decrypted consent does not match its manifest's plaintext digest", item: manifest.item)
        }
        try AtomicFile.commit(plain, to: target)
        fetched.consentDecrypted = true
        fetched.entry = CollectionState.Entry(
            fingerprint: empty, item: manifest.item, done: true, problem: nil, sha256: manifest.uploaded.sha256, holdsName: true)
        return fetched
    }

    /// Downloads `entry` into `file` and checks it against the manifest's size and SHA-256, once more
    /// when it does not match; the bytes downloaded, or `nil` (nothing left at `file`) when the
    /// second try does not match either (`found` says what it was).
    private func fetchVerified(
        _ entry: RemoteEntry, folder: String, manifest: UploadManifest, reader: CollectionReader, to file: URL, found: inout String
    ) async throws -> Int64? {
        var bytes: Int64 = 0
        for attempt in 1...2 {
            if attempt > 1 { try? FileManager.default.removeItem(at: URL(fileURLWithPath: file.path + ".partial")) }
            bytes += try await reader.fetch(
                [folder, entry.name], to: file, etag: entry.etag, size: manifest.uploaded.size, limit: manifest.uploaded.size)
            let size = ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.int64Value ?? -1
            let digest = (try? SHA256.hex(ofFile: file)) ?? ""
            if size == manifest.uploaded.size && digest == manifest.uploaded.sha256 { return bytes }
            found =
                "\(size) bytes, SHA-256 \(digest.prefix(12))…; the manifest says \(manifest.uploaded.size) bytes, \(manifest.uploaded.sha256.prefix(12))…"
            try? FileManager.default.removeItem(at: file)
        }
        return nil
    }
}
