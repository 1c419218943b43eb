import Foundation
import Storage

/// What the device remembers about announcements, per participant and per location, in
/// `<data>/private/announcements.json`: each location has its own ETag/Last-Modified, so a newer global
/// message never hides a participant's message (the reference app kept one date for both).
struct AnnouncementState: Codable, Equatable {
    struct Entry: Codable, Equatable {
        var validators: WebDAVClient.Validators
        var raw: Data
        var received: Date
        var shown: Bool
        /// The detached signature (`message.json.sig`) fetched with it, when signatures are required.
        var signature: Data?
    }

    /// participant → scope → last message.
    var entries: [String: [String: Entry]] = [:]

    static func url(in store: DataStore) throws -> URL {
        try store.privateFolder().appendingPathComponent("announcements.json")
    }

    static func load(from store: DataStore) throws -> AnnouncementState {
        let url = try url(in: store)
        guard let data = try? Data(contentsOf: url) else { return AnnouncementState() }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = UTCTimestamp.jsonDecodingStrategy
        return (try? decoder.decode(AnnouncementState.self, from: data)) ?? AnnouncementState()
    }

    func save(to store: DataStore) throws {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = UTCTimestamp.jsonEncodingStrategy
        encoder.outputFormatting = [.sortedKeys]
        try AtomicFile.write(try encoder.encode(self), to: try Self.url(in: store), permissions: 0o600)
    }
}
