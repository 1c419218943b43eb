import ArgumentParser
import Foundation
import Storage
import Study

/// Picking the participant a command works for.
enum ParticipantOptions {
    /// The participant named by `--participant` (must be a UUID; registered if new), or the default
    /// one of the data folder. Exits 64 with one line when that is impossible.
    static func resolve(_ given: String?, store: DataStore) throws -> String {
        var uuid: UUID?
        if let given {
            guard let parsed = UUID(uuidString: given) else {
                throw CommandError.invalidOption("--participant must be a UUID, got \(given.count) characters that are not one")
            }
            uuid = parsed
        }
        return try ParticipantRegistry(store: store).resolve(uuid)
    }

    /// The locale `participant` enrolled in, from the progress files of the data folder
    /// (`<data>/progress/<study>.json`); `nil` when none names them.
    static func enrolledLocale(of participant: String, in data: URL) -> String? {
        let store = ProgressStore(dataFolder: data)
        let folder = data.appendingPathComponent("progress")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for file in files.sorted() where file.hasSuffix(".json") {
            guard let progress = try? store.load(studyID: String(file.dropLast(5))),
                progress.participant.uuidString.caseInsensitiveCompare(participant) == .orderedSame
            else { continue }
            if let locale = progress.locale { return locale }
        }
        return nil
    }
}
