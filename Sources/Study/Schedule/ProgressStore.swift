public import Foundation
import Storage

/// Reads and writes progress files under a data folder: `<data>/progress/<study-id>.json`, written
/// atomically (temporary file, then rename), so a crash never leaves half a file.
package struct ProgressStore: Sendable {
    /// The data folder.
    package let dataFolder: URL

    /// Creates a store over `dataFolder`.
    package init(dataFolder: URL) { self.dataFolder = dataFolder }

    /// The progress file of a study.
    package func url(forStudy id: String) -> URL {
        dataFolder.appendingPathComponent("progress").appendingPathComponent("\(id).json")
    }

    /// The stored progress of a study, or `nil` if the participant has not enrolled.
    package func load(studyID: String) throws -> StudyProgress? {
        let url = url(forStudy: studyID)
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        return try Self.decoder.decode(StudyProgress.self, from: data)
    }

    /// Stores `progress` atomically and durably: written beside the file, fsync'ed, renamed, the
    /// folder synced. Foundation's `.atomic` option renames without syncing, so a power cut right
    /// after a session could bring back the previous progress and repeat the session.
    package func save(_ progress: StudyProgress) throws {
        let url = url(forStudy: progress.studyID)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(Self.encoder.encode(progress), to: url)
    }

    /// ISO 8601 dates, sorted keys, pretty-printed: diff-friendly and readable.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = UTCTimestamp.jsonEncodingStrategy
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = UTCTimestamp.jsonDecodingStrategy
        return decoder
    }
}
