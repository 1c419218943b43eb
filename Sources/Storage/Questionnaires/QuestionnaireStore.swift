public import Foundation

/// Stores questionnaire answers (and other JSON items such as trial tables) in the data folder and
/// the catalog.
package enum QuestionnaireStore {
    /// Writes `record` atomically as `q_<title>_<day>_<session>_<run>_<uuid>.json` and catalogues it as
    /// pending. A crash between the two leaves a file that ``Recovery`` adopts.
    @discardableResult
    package static func store(_ record: QuestionnaireRecord, in store: DataStore) throws -> CatalogItem {
        let name = FileNaming.questionnaire(
            title: record.title, day: record.day, session: record.session, run: record.run, participant: record.participant)
        return try storeJSON(
            record, kind: .questionnaire, fileName: name, participant: record.participant, study: record.study,
            title: record.title, day: record.day, session: record.session, run: record.run, in: store)
    }

    /// Writes any encodable value as a catalogued JSON item of `kind`. A consent record (it holds the
    /// participant's name) is readable by the owner only (0600, in a 0700 folder).
    @discardableResult
    package static func storeJSON<T: Encodable>(
        _ value: T, kind: ItemKind, fileName: String, participant: String, study: String?, title: String?, day: Int?, session: Int?,
        run: Int?, in store: DataStore
    ) throws -> CatalogItem {
        try storeFile(
            try encoder.encode(value), kind: kind, fileName: fileName, participant: participant, study: study, title: title, day: day,
            session: session, run: run, in: store)
    }

    /// Writes `data` as a catalogued item of `kind` (the consent PDF), atomically and pending. An
    /// item that holds the participant's name (``ItemKind/holdsName``) is readable by the owner only
    /// (0600, in a 0700 folder).
    @discardableResult
    package static func storeFile(
        _ data: Data, kind: ItemKind, fileName: String, participant: String, study: String?, title: String?, day: Int?, session: Int?,
        run: Int?, in store: DataStore
    ) throws -> CatalogItem {
        let url = try store.unusedURL(participant: participant, fileName: fileName)
        if kind.holdsName { chmod(url.deletingLastPathComponent().path, 0o700) }
        try AtomicFile.write(data, to: url, permissions: kind.holdsName ? 0o600 : 0o644)
        var digest = SHA256()
        digest.update(data)
        let item = CatalogItem(
            kind: kind, path: store.relativePath(of: url), participant: participant, study: study, title: title, day: day,
            session: session, run: run, size: Int64(data.count), sha256: digest.finalizeHex(), state: .pending)
        try store.catalog.insert(item)
        return item
    }

    /// Reads a stored questionnaire back.
    package static func load(_ url: URL) throws -> QuestionnaireRecord {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = UTCTimestamp.jsonDecodingStrategy
        return try decoder.decode(QuestionnaireRecord.self, from: Data(contentsOf: url))
    }

    static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        e.dateEncodingStrategy = UTCTimestamp.jsonEncodingStrategy
        return e
    }()
}
