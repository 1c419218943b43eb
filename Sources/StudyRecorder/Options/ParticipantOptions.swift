import ArgumentParser
import Foundation
import Storage

/// Picking the participant a command works for.
enum ParticipantOptions {
    /// The participant named by `--participant` (must be a UUID; registered if new), or the default
    /// one of the data folder. Exits 64 with one line when that is impossible.
    static func resolve(_ given: String?, store: DataStore) throws -> String {
        var uuid: UUID?
        if let given {
            guard let parsed = UUID(uuidString: given) else {
                throw CommandFailure(.usage, "--participant must be a UUID, got \(given.count) characters that are not one")
            }
            uuid = parsed
        }
        do {
            return try ParticipantRegistry(store: store).resolve(uuid)
        } catch {
            throw CommandFailure(.usage, error)
        }
    }
}
