import DataSources
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
        /// A recording's length and the part of it lost to link gaps (EEG rows without data), in
        /// seconds.
        var seconds: Double?
        var lostSeconds: Double?
        /// Reconnections of the headband during the recording.
        var reconnects: Int?
        /// The first and last battery level the recording stored (percent).
        var batteryStart: Double?
        var batteryEnd: Double?
        /// The headband: model and firmware.
        var device: String?
        /// Where the data came from (`/Provenance` `Source`: headband, simulated-headband, replay…)
        /// and whether a script played the participant, when the recording says.
        var source: String?
        var scripted: Bool?
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
        var item = Item(sha256: sha256, complete: reader.outcome.isComplete, grades: grades)
        item.seconds = Double(reader.sampleCount) / max(1, reader.samplingRate)
        var lost = 0.0, reconnects = 0
        var battery: [Double] = []
        for event in (try? reader.events()) ?? [] {
            switch event.code {
            case Marker.gapCode:
                // The EEG's own gaps; another stream's are named after it and lose no EEG.
                if let gap = event.lostSamples, gap.stream == nil { lost += Double(gap.count) / max(1, reader.samplingRate) }
            case Marker.deviceStateCode:
                if event.label == "\(DeviceState.reconnected.rawValue)=true" { reconnects += 1 }
                if event.label.hasPrefix("battery "), let level = Double(event.label.dropFirst(8).prefix { $0.isNumber || $0 == "." }) {
                    battery.append(level)
                }
            default: continue
            }
        }
        item.lostSeconds = lost
        item.reconnects = reconnects
        item.batteryStart = battery.first
        item.batteryEnd = battery.last
        let device = reader.descriptor
        // A headband's (an oscillator's model is its signal, no device).
        item.device = device.kind == "muse" ? ([device.model] + [device.firmware].compactMap { $0 }).joined(separator: " ") : nil
        let provenance = reader.provenance
        item.source = provenance?.source?.rawValue
        item.scripted = provenance?.scriptedParticipant
        item.demonstration = provenance?.isDemonstration ?? false
        return item
    }

    /// The cache's format: 3 since it holds a recording's loss, link, battery, device and provenance
    /// (a cache of an earlier format is read again from the items).
    var formatVersion = 3
    /// By catalog id.
    var items: [String: Item] = [:]

    /// The cache in `file`, or an empty one when there is none or it cannot be read (it is only a
    /// cache: the items are read again).
    static func load(_ file: URL) -> OverviewCache {
        guard let data = try? Data(contentsOf: file), let cache = try? JSONDecoder().decode(OverviewCache.self, from: data),
            cache.formatVersion == OverviewCache().formatVersion
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
