import ArgumentParser
import Foundation
import Storage

/// Picking the participant a command works for.
enum ParticipantOptions {
    /// The participant named by `--participant` (must be a UUID; registered if new), or the default
    /// one of the data folder. Exits 64 with one line when that is impossible.
    static func resolve(_ given: String?, store: DataStore) throws -> String {
        do {
            var uuid: UUID?
            if let given {
                guard let parsed = UUID(uuidString: given) else {
                    Terminal.error("--participant must be a UUID, got \(given.count) characters that are not one")
                    throw ExitCode.usage
                }
                uuid = parsed
            }
            return try ParticipantRegistry(store: store).resolve(uuid)
        } catch let exit as ExitCode {
            throw exit
        } catch {
            Terminal.error(error)
            throw ExitCode.usage
        }
    }
}
