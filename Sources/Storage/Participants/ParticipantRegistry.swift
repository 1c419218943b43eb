public import Foundation

/// The participants known on this device, kept in `private/participants.json` (mode 0600 in a 0700
/// folder). It is the only place besides the consent record where a participant's name is written,
/// and it is never catalogued or uploaded.
package struct ParticipantRegistry: Sendable {
    /// The registry file.
    package let url: URL

    /// The registry of `store`'s data folder.
    package init(store: DataStore) throws {
        url = try store.privateFolder().appendingPathComponent("participants.json")
    }

    /// All participants, oldest first.
    package func all() throws -> [Participant] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = UTCTimestamp.jsonDecodingStrategy
            return try decoder.decode([Participant].self, from: Data(contentsOf: url))
        } catch {
            throw StorageError.io(path: url.path, reason: "unreadable participant registry (\(error))")
        }
    }

    /// The participant with `id` (case-insensitive).
    package func participant(id: String) throws -> Participant? {
        try all().first { $0.id.caseInsensitiveCompare(id) == .orderedSame }
    }

    /// Adds (or replaces, by id) a participant.
    package func save(_ participant: Participant) throws {
        var list = try all().filter { $0.id != participant.id }
        list.append(participant)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = UTCTimestamp.jsonEncodingStrategy
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(list), to: url, permissions: 0o600)
    }

    /// Removes the participant with `id` (undoing an enrolment that did not finish); unknown ids are
    /// ignored.
    package func remove(id: String) throws {
        let list = try all()
        let kept = list.filter { $0.id.caseInsensitiveCompare(id) != .orderedSame }
        guard kept.count != list.count else { return }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = UTCTimestamp.jsonEncodingStrategy
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFile.write(try encoder.encode(kept), to: url, permissions: 0o600)
    }

    /// The participant `id` (registered as a new anonymous one when unknown), or with `nil` the
    /// ``defaultParticipant(study:)``: how the command line and the SDK pick who a recording is for.
    package func resolve(_ id: UUID?) throws -> String {
        guard let id else { return try defaultParticipant().id }
        if let known = try participant(id: id.uuidString) { return known.id }
        var participant = Participant()
        participant.id = id.uuidString
        try save(participant)
        return participant.id
    }

    /// The participant to use when none is named: the only one known, or a new anonymous one when none
    /// exists. Several participants make the choice ambiguous, which is an error naming the option.
    package func defaultParticipant(study: String? = nil) throws -> Participant {
        let list = try all()
        if list.count == 1 { return list[0] }
        if list.isEmpty {
            let created = Participant(study: study)
            try save(created)
            return created
        }
        let ids = list.map(\.id).sorted()
        throw StorageError.participant(
            "\(ids.count) participants are known here; choose one with --participant UUID (\(ids.prefix(20).joined(separator: ", "))\(ids.count > 20 ? ", …" : ""))")
    }
}
