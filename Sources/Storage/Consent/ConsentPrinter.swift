public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Prints a participant's signed consent again: copies the PDF stored at enrolment
/// (``ItemKind/consentPDF``) to a file outside the data folder, decrypting it with the study's secret
/// key when it is sealed. The copy holds the participant's name, so it is readable by the owner only
/// (0600), never replaces a file, and appears whole or not at all (written to a hidden sibling,
/// then renamed). For a participant enrolled before consent PDFs were stored, ``record(of:)`` reads
/// the consent record to typeset one from (the Typesetting module's `reprint(participant:to:)`).
///
/// ```swift
/// let printer = ConsentPrinter(store: store, decryptor: OpenPGPDecryptor())
/// let item = try printer.item(participant: nil)
/// try printer.write(item, to: URL(fileURLWithPath: "consent.pdf"))
/// ```
package struct ConsentPrinter: Sendable {
    /// The data folder.
    package let store: DataStore
    /// Opens sealed PDFs and records.
    package let decryptor: OpenPGPDecryptor

    /// A participant's stored consent: the PDF, the record, or both.
    package struct StoredConsent: Sendable, Equatable {
        /// The participant's UUID.
        package var participant: String
        /// The consent PDF, when one was stored (enrolments since it is made).
        package var pdf: CatalogItem?
        /// The consent record.
        package var record: CatalogItem?
    }

    /// A printer of `store`'s consent documents, opening sealed ones with `decryptor`.
    package init(store: DataStore, decryptor: OpenPGPDecryptor) {
        self.store = store
        self.decryptor = decryptor
    }

    /// The stored consent of `participant` (a UUID), or, when `nil`, of the only participant who has
    /// one. Throws ``ConsentPrintError/missing(participant:dataFolder:)`` or
    /// ``ConsentPrintError/ambiguous(participants:)``.
    package func stored(participant: String?) throws -> StoredConsent {
        let found = try store.catalog.items(participant: participant?.uppercased()).filter { $0.kind.holdsName && $0.state != .writing }
        let participants = Set(found.map(\.participant)).sorted()
        guard participants.count <= 1 else { throw ConsentPrintError.ambiguous(participants: participants) }
        guard let who = participants.first else {
            throw ConsentPrintError.missing(participant: participant?.uppercased(), dataFolder: store.root.path)
        }
        func newest(_ kind: ItemKind) -> CatalogItem? { found.filter { $0.kind == kind }.max { $0.created < $1.created } }
        return StoredConsent(participant: who, pdf: newest(.consentPDF), record: newest(.consent))
    }

    /// The consent PDF of `participant`, or of the only participant with a stored consent. Throws
    /// ``ConsentPrintError``.
    package func item(participant: String?) throws -> CatalogItem {
        let stored = try stored(participant: participant)
        guard let pdf = stored.pdf else { throw ConsentPrintError.missing(participant: stored.participant, dataFolder: store.root.path) }
        return pdf
    }

    /// The consent record `item`, decrypted when sealed (in a private scratch folder outside the
    /// data folder, removed at once). Throws ``ConsentPrintError``.
    package func record(of item: CatalogItem) throws -> ConsentRecord {
        let url = store.url(of: item.path)
        let data: Data
        do {
            if item.encryption == .none {
                data = try Data(contentsOf: url)
            } else {
                let scratch = try PlaintextScratch(decryptor: decryptor, dataFolder: store.root)
                defer { scratch.close() }
                data = try scratch.withPlaintext(of: url) { try Data(contentsOf: $0) }
            }
        } catch PlaintextScratchError.decryption(_, let reason) {
            throw ConsentPrintError.encrypted(path: item.path, reason: reason)
        } catch {
            throw ConsentPrintError.io(path: item.path, reason: "cannot be read (\(error))")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = UTCTimestamp.jsonDecodingStrategy
        do {
            return try decoder.decode(ConsentRecord.self, from: data)
        } catch {
            throw ConsentPrintError.io(path: item.path, reason: "not a consent record (\(error))")
        }
    }

    /// Writes `item`'s PDF to `url` (decrypted when sealed), mode 0600. Throws ``ConsentPrintError``.
    package func write(_ item: CatalogItem, to url: URL) throws {
        let source = store.url(of: item.path)
        try write(to: url) { temporary in
            if item.encryption == .none {
                let data: Data
                do {
                    data = try Data(contentsOf: source)
                } catch {
                    throw ConsentPrintError.io(path: item.path, reason: "cannot be read (\(error.localizedDescription))")
                }
                try AtomicFile.write(data, to: temporary, permissions: 0o600)
            } else {
                do {
                    try decryptor.decrypt(source, to: temporary)
                } catch let error as EncryptionError {
                    if case .io = error { throw ConsentPrintError.io(path: url.path, reason: "\(error)") }
                    throw ConsentPrintError.encrypted(path: item.path, reason: "\(error)")
                }
            }
        }
    }

    /// Writes `pdf` (a document typeset now) to `url` as a stored one is written. Throws
    /// ``ConsentPrintError``.
    package func write(_ pdf: Data, to url: URL) throws {
        try write(to: url) { try AtomicFile.write(pdf, to: $0, permissions: 0o600) }
    }

    /// Checks `url`, lets `fill` write the hidden sibling, and renames it into place.
    private func write(to url: URL, _ fill: (URL) throws -> Void) throws {
        if DataFolderBoundary(dataFolder: store.root).contains(file: url) {
            throw ConsentPrintError.insideDataFolder(path: url.path, dataFolder: store.root.path)
        }
        if FileManager.default.fileExists(atPath: url.path) { throw ConsentPrintError.exists(path: url.path) }
        let temporary = Self.temporaryURL(for: url)
        unlink(temporary.path)
        // SIGINT or SIGTERM while the copy is written: no partial copy with the name stays behind.
        let key = "consent-part:" + temporary.path
        TerminationSignals.onSignal(key) { unlink(temporary.path) }
        defer { TerminationSignals.release(key) }
        do {
            try TerminationSignals.check()
            try fill(temporary)
            try TerminationSignals.check()
            try AtomicFile.commit(temporary, to: url, replacing: false)
        } catch let error as ConsentPrintError {
            unlink(temporary.path)
            throw error
        } catch let error as TerminationSignals.Interrupted {
            unlink(temporary.path)
            throw error
        } catch {
            unlink(temporary.path)
            if FileManager.default.fileExists(atPath: url.path) { throw ConsentPrintError.exists(path: url.path) }
            throw ConsentPrintError.io(path: url.path, reason: (error as? StorageError)?.reason ?? "\(error)")
        }
    }

    /// The hidden sibling of `url` the copy is written to before it is renamed into place; removed on
    /// SIGINT or SIGTERM (``TerminationSignals``).
    package static func temporaryURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).part")
    }
}
