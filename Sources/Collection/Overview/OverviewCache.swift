import Foundation
import Storage

/// What the study overview needs of each collected item, kept between runs in
/// `<dataset>/.collect/overview.json` (owner-only) so that a second `collect` reads and decrypts
/// only the items that are new: per catalog id, the uploaded bytes' SHA-256 it was read from,
/// whether it ran its course, the quality grades its recording stored, and a trial table's score.
/// It grows with the items, like the state file; it holds no name and no signal.
struct OverviewCache: Codable, Equatable {
    /// One item as read.
    struct Item: Codable, Equatable {
        /// The SHA-256 of the uploaded file it was read from (an item collected again with other
        /// bytes is read again).
        var sha256: String?
        /// Whether the recording or trial table ran its planned course.
        var complete: Bool
        /// Channel-windows graded good, medium and bad in the recording's stored `Grade` series
        /// (`nil`: no quality stored).
        var grades: [Int]?
        /// A trial table's session median of correct latencies.
        var sessionMedianMs: Double?
        /// Whether it is demonstration data (``Provenance/isDemonstration``): counted apart.
        var demonstration = false
    }

    /// What the overview needs of a recording (read from `reader`, uploaded as bytes of `sha256`): its
    /// outcome and the quality grades it stored while it was made (its `/Quality` `Grade` series).
    static func recording(_ reader: RecordingReader, sha256: String?) -> Item {
        var grades: [Int]?
        if let series = try? reader.series(group: RecordingFormat.Quality.group, name: RecordingFormat.Quality.grade) {
            var counts = [0, 0, 0]
            for value in series.values {
                switch value {
                case 1: counts[0] += 1
                case 2: counts[1] += 1
                case 4: counts[2] += 1
                default: continue
                }
            }
            grades = counts
        }
        return Item(
            sha256: sha256, complete: reader.outcome.isComplete, grades: grades, demonstration: reader.provenance?.isDemonstration ?? false)
    }

    /// The cache's format (2: items say whether they are demonstration data; a cache of version 1
    /// is read again).
    var formatVersion = 2
    /// By catalog id.
    var items: [String: Item] = [:]

    /// The cache in `file`, or an empty one when there is none or it cannot be read (it is only a
    /// cache: the items are read again).
    static func load(_ file: URL) -> OverviewCache {
        guard let data = try? Data(contentsOf: file), let cache = try? JSONDecoder().decode(OverviewCache.self, from: data),
            cache.formatVersion == 2
        else { return OverviewCache() }
        return cache
    }

    /// Writes the cache to `file` atomically (owner-only).
    func save(to file: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            try AtomicFile.write(try encoder.encode(self), to: file, permissions: 0o600)
        } catch {
            throw CollectionError.io(path: file.path, reason: "\(error)")
        }
    }
}
