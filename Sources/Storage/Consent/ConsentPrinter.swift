public import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Prints a participant's signed consent again: copies the PDF stored at enrolment
/// (``ItemKind/consentPDF``) to a file outside the data folder, decrypting it with the study's secret
/// key when it is sealed. The copy holds the participant's name, so it is readable by the owner only
/// (0600), never replaces a file, and appears whole or not at all (written to a hidden sibling,
/// then renamed).
///
/// ```swift
/// let printer = ConsentPrinter(store: store, decryptor: OpenPGPDecryptor())
/// let item = try printer.item(participant: nil)
/// try printer.write(item, to: URL(fileURLWithPath: "consent.pdf"))
/// ```
public struct ConsentPrinter: Sendable {
    /// The data folder.
    public let store: DataStore
    /// Opens sealed PDFs.
    public let decryptor: OpenPGPDecryptor

    /// A printer of `store`'s consent documents, opening sealed ones with `decryptor`.
    public init(store: DataStore, decryptor: OpenPGPDecryptor) {
        self.store = store
        self.decryptor = decryptor
    }

    /// The consent PDF of `participant` (a UUID), or, when `nil`, of the only participant who has
    /// one. Throws ``ConsentPrintError/missing(participant:dataFolder:)`` or
    /// ``ConsentPrintError/ambiguous(participants:)``.
    public func item(participant: String?) throws -> CatalogItem {
        let found = try store.catalog.items(participant: participant?.uppercased()).filter { $0.kind == .consentPDF && $0.state != .writing }
        let participants = Set(found.map(\.participant)).sorted()
        guard participants.count <= 1 else { throw ConsentPrintError.ambiguous(participants: participants) }
        guard let item = found.max(by: { $0.created < $1.created }) else {
            throw ConsentPrintError.missing(participant: participant?.uppercased(), dataFolder: store.root.path)
        }
        return item
    }

    /// Writes `item`'s PDF to `url` (decrypted when sealed), mode 0600. Throws ``ConsentPrintError``.
    public func write(_ item: CatalogItem, to url: URL) throws {
        if DataFolderBoundary(dataFolder: store.root).contains(file: url) {
            throw ConsentPrintError.insideDataFolder(path: url.path, dataFolder: store.root.path)
        }
        if FileManager.default.fileExists(atPath: url.path) { throw ConsentPrintError.exists(path: url.path) }
        let source = store.url(of: item.path)
        let temporary = Self.temporaryURL(for: url)
        unlink(temporary.path)
        do {
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
            try AtomicFile.commit(temporary, to: url, replacing: false)
        } catch let error as ConsentPrintError {
            unlink(temporary.path)
            throw error
        } catch {
            unlink(temporary.path)
            if FileManager.default.fileExists(atPath: url.path) { throw ConsentPrintError.exists(path: url.path) }
            throw ConsentPrintError.io(path: url.path, reason: (error as? StorageError)?.reason ?? "\(error)")
        }
    }

    /// The hidden sibling of `url` the copy is written to before it is renamed into place; a command
    /// interrupted meanwhile removes it.
    public static func temporaryURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).part")
    }
}
