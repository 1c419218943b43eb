public import Foundation
import Storage

/// What `collect` knows about the server between runs, in `<dataset>/.collect/state.json` (written
/// atomically after each item, so a killed run resumes where it stopped): per uploaded item, the
/// size and ETag its file and manifest had when it was looked at, and what came of it. An item whose
/// file and manifest are unchanged is not downloaded again.
package struct CollectionState: Sendable, Codable, Equatable {
    /// A remote file's fingerprint: its size and ETag (for a folder source, its modification time).
    /// ETags are kept without a weak marker: Apache calls a file changed within the last second's
    /// ETag weak (`W/"…"`) and the same file's later strong (`"…"`), which is no change.
    package struct Fingerprint: Sendable, Codable, Equatable {
        /// The item's size and ETag.
        package var itemSize: Int64?
        /// The item's ETag.
        package var itemETag: String?
        /// The manifest's size.
        package var manifestSize: Int64?
        /// The manifest's ETag.
        package var manifestETag: String?

        /// A fingerprint; what is not known is `nil`.
        package init(itemSize: Int64? = nil, itemETag: String? = nil, manifestSize: Int64? = nil, manifestETag: String? = nil) {
            self.itemSize = itemSize
            self.itemETag = itemETag.map(Self.strong)
            self.manifestSize = manifestSize
            self.manifestETag = manifestETag.map(Self.strong)
        }

        /// `etag` without its weak marker (`W/`).
        static func strong(_ etag: String) -> String {
            etag.hasPrefix("W/") ? String(etag.dropFirst(2)) : etag
        }
    }

    /// One uploaded item as last seen.
    package struct Entry: Sendable, Codable, Equatable {
        /// The server's files when they were looked at.
        package var fingerprint: Fingerprint
        /// The item's catalog id (from the manifest), once known.
        package var item: String?
        /// Whether it is in the dataset (recordings), or needs nothing more (other kinds).
        package var done: Bool
        /// What kept it out, if anything.
        package var problem: CollectionProblem?
        /// The uploaded file's SHA-256 as its manifest gave it, once known: a file whose ETag changed
        /// but whose content did not is no change.
        package var sha256: String?
        /// `true` for a consent record or PDF (they hold the participant's name), so a later run
        /// with `--with-consent` fetches one that was kept sealed; `nil` for every other item.
        package var holdsName: Bool?
        /// A recording's plaintext SHA-256 as its manifest gave it, while it waits to be added to the
        /// dataset: it is checked when it is decrypted for the dataset (once), and forgotten then.
        package var plaintextSHA256: String?
        /// When the item was made (its manifest's `created`, ISO 8601): a consent's is the
        /// participant's enrolment.
        package var created: String?
        /// When it reached the server (the listing's Last-Modified, as ISO 8601 UTC).
        package var uploaded: String?

        /// An entry.
        package init(
            fingerprint: Fingerprint, item: String?, done: Bool, problem: CollectionProblem?, sha256: String? = nil, holdsName: Bool? = nil,
            plaintextSHA256: String? = nil
        ) {
            self.fingerprint = fingerprint
            self.item = item
            self.done = done
            self.problem = problem
            self.sha256 = sha256
            self.holdsName = holdsName
            self.plaintextSHA256 = plaintextSHA256
        }
    }

    /// The state file's format.
    package var formatVersion = 1
    /// By `<participant folder>/<item name>`.
    package var entries: [String: Entry] = [:]
    /// The interrupted uploads' leftovers already reported (`<participant folder>/<item name>`).
    package var leftovers: [String]?

    /// An empty state.
    package init() {}

    /// The state in `file`, or an empty one when there is none yet.
    package static func load(_ file: URL) throws -> CollectionState {
        guard let data = try? Data(contentsOf: file) else { return CollectionState() }
        do {
            return try JSONDecoder().decode(CollectionState.self, from: data)
        } catch {
            throw CollectionError.io(path: file.path, reason: "not a collect state file (\(error)); move it away to start over")
        }
    }

    /// Writes the state to `file` atomically (owner-only): the JSON ``load(_:)`` reads (and earlier
    /// versions did), one entry a line in key order.
    ///
    /// Entry by entry, not as one encoding of the whole state: an encoder holds a tree of every value
    /// it encodes until it has written them, several times the file's size, and a first `collect`
    /// saves the state every second — that tree made `collect`'s memory grow with the study.
    package func save(to file: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            var data = Data("{\"entries\":{".utf8)
            for (index, key) in entries.keys.sorted().enumerated() {
                guard let entry = entries[key] else { continue }
                // `"key":{…}`: a one-member object without its braces.
                let member = try encoder.encode([key: entry])
                data.append(contentsOf: index == 0 ? "\n".utf8 : ",\n".utf8)
                data.append(member.dropFirst().dropLast())
            }
            data.append(contentsOf: "\n},\"formatVersion\":\(formatVersion)".utf8)
            if let leftovers, !leftovers.isEmpty {
                data.append(contentsOf: ",\"leftovers\":".utf8)
                data.append(try encoder.encode(leftovers.sorted()))
            }
            data.append(contentsOf: "}\n".utf8)
            try AtomicFile.write(data, to: file, permissions: 0o600)
        } catch {
            if DiskSpace.isFull(error) { throw CollectionError.diskFull(path: file.path) }
            throw CollectionError.io(path: file.path, reason: "\(error)")
        }
    }
}
