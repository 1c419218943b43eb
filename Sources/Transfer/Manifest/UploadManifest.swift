public import Foundation
public import Storage

/// What the uploader puts beside each item on the server (`<remote name>.manifest.json`, sealed like
/// the item as `.manifest.json.gpg` when encryption is on): which item it is, whose and from which
/// study, day, session and run, and the sizes and SHA-256 digests a collector checks a download
/// against. It holds no name and no free text a participant typed, only the catalog's metadata.
///
/// The item counts as sent only once its manifest is on the server too (``Uploader``), so a collector
/// (`study-recorder collect`) takes an item without a manifest for one still arriving.
///
/// ```json
/// {"formatVersion":1,"item":"…","kind":"recording","study":"reaction-time","participant":"…",
///  "title":"rest","day":1,"session":1,"run":3,"created":"2026-11-26T12:00:00Z",
///  "uploaded":{"name":"r_rest_1_1_3_….h5.gpg","size":123456,"sha256":"…","encrypted":true},
///  "plaintext":{"size":120000,"sha256":"…"}}
/// ```
package struct UploadManifest: Sendable, Codable, Equatable {
    /// The format this manifest is written in; a reader refuses a newer one.
    package static let currentFormatVersion = 1
    /// The suffix after the item's remote name (before the encryption's own, `.gpg` or `.asc`).
    package static let suffix = ".manifest.json"

    /// A file's size and SHA-256 (lowercase hex).
    package struct Digest: Sendable, Codable, Equatable {
        /// The size in bytes.
        package var size: Int64
        /// The SHA-256, lowercase hex.
        package var sha256: String

        /// A digest.
        package init(size: Int64, sha256: String) {
            self.size = size
            self.sha256 = sha256
        }
    }

    /// The bytes that went to the server.
    package struct Uploaded: Sendable, Codable, Equatable {
        /// The item's file name on the server (beside this manifest).
        package var name: String
        /// The uploaded file's size in bytes.
        package var size: Int64
        /// The uploaded file's SHA-256, lowercase hex.
        package var sha256: String
        /// Whether the uploaded file is OpenPGP-encrypted.
        package var encrypted: Bool

        /// What was uploaded.
        package init(name: String, size: Int64, sha256: String, encrypted: Bool) {
            self.name = name
            self.size = size
            self.sha256 = sha256
            self.encrypted = encrypted
        }
    }

    /// ``currentFormatVersion`` when written.
    package var formatVersion: Int
    /// The item's catalog id.
    package var item: String
    /// What the item is.
    package var kind: ItemKind
    /// The study's name, when the item belongs to one.
    package var study: String?
    /// The participant's pseudonym (UUID).
    package var participant: String
    /// The paradigm or questionnaire title.
    package var title: String?
    /// Study day, session index and the participant's run counter, as in the file name.
    package var day: Int?
    /// The session's index in the study.
    package var session: Int?
    /// The participant's global run counter.
    package var run: Int?
    /// When the item was created (ISO 8601, UTC).
    package var created: String
    /// The uploaded bytes.
    package var uploaded: Uploaded
    /// The plaintext's size and SHA-256 from the catalog, when the catalog knows them (an item sealed
    /// at rest is catalogued by its encrypted file only, so there this is `nil`).
    package var plaintext: Digest?

    /// The manifest of `item` uploaded as `uploaded`. The plaintext digest is the catalog's when the
    /// stored file is not encrypted.
    package init(item: CatalogItem, uploaded: Uploaded) {
        formatVersion = Self.currentFormatVersion
        self.item = item.id
        kind = item.kind
        study = item.study
        participant = item.participant
        title = item.title
        day = item.day
        session = item.session
        run = item.run
        created = UTCTimestamp.iso8601(item.created, fractionDigits: 3)
        self.uploaded = uploaded
        plaintext = item.encryption == .none ? item.sha256.map { Digest(size: item.size, sha256: $0) } : nil
    }

    /// The manifest's file name beside the item named `remoteName`, with `encryptionExtension`
    /// (`gpg`, `asc`) when it is sealed.
    package static func fileName(beside remoteName: String, encryptionExtension: String?) -> String {
        let plain = remoteName + suffix
        return encryptionExtension.map { plain + "." + $0 } ?? plain
    }

    /// The item's remote name if `fileName` is a manifest's (`x.h5.gpg.manifest.json.gpg` → `x.h5.gpg`).
    package static func itemName(ofManifest fileName: String) -> String? {
        for ending in [suffix, suffix + ".gpg", suffix + ".asc"] where fileName.hasSuffix(ending) && fileName.count > ending.count {
            return String(fileName.dropLast(ending.count))
        }
        return nil
    }

    /// The manifest as written: sorted keys, so the same manifest is the same bytes.
    package func encoded() throws -> Data {
        if let plain = plainEncoded() { return plain }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    /// The bytes ``encoded()`` writes with `JSONEncoder` (sorted keys, no spaces, absent optionals
    /// left out), written directly, or `nil` when a text field holds anything but printable ASCII
    /// other than a quote, backslash or slash (what JSON escapes, and all non-ASCII text): then the
    /// encoder writes it. An upload run
    /// encodes one manifest per item between two requests, and the encoder took as long as the rest
    /// of the item's work on this side.
    func plainEncoded() -> Data? {
        var out = [UInt8]()
        out.reserveCapacity(512)
        func plain(_ text: String) -> Bool {
            text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") && $0 != UInt8(ascii: "/") }
        }
        func key(_ name: String, first: Bool = false) {
            if !first { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: name.utf8)
            out.append(contentsOf: "\":".utf8)
        }
        func string(_ text: String) {
            out.append(UInt8(ascii: "\""))
            out.append(contentsOf: text.utf8)
            out.append(UInt8(ascii: "\""))
        }
        func number<N: BinaryInteger>(_ n: N) { out.append(contentsOf: String(n).utf8) }
        let texts = [created, item, kind.rawValue, participant, uploaded.name, uploaded.sha256, plaintext?.sha256, study, title]
        guard texts.allSatisfy({ $0.map(plain) ?? true }) else { return nil }
        out.append(UInt8(ascii: "{"))
        key("created", first: true)
        string(created)
        if let day { key("day"); number(day) }
        key("formatVersion")
        number(formatVersion)
        key("item")
        string(item)
        key("kind")
        string(kind.rawValue)
        key("participant")
        string(participant)
        if let plaintext {
            key("plaintext")
            out.append(UInt8(ascii: "{"))
            key("sha256", first: true)
            string(plaintext.sha256)
            key("size")
            number(plaintext.size)
            out.append(UInt8(ascii: "}"))
        }
        if let run { key("run"); number(run) }
        if let session { key("session"); number(session) }
        if let study { key("study"); string(study) }
        if let title { key("title"); string(title) }
        key("uploaded")
        out.append(UInt8(ascii: "{"))
        key("encrypted", first: true)
        out.append(contentsOf: (uploaded.encrypted ? "true" : "false").utf8)
        key("name")
        string(uploaded.name)
        key("sha256")
        string(uploaded.sha256)
        key("size")
        number(uploaded.size)
        out.append(contentsOf: "}}".utf8)
        return Data(out)
    }

    /// Reads a manifest; throws for JSON that is none, or one of a newer format.
    package static func decode(_ data: Data) throws -> UploadManifest {
        let manifest = try JSONDecoder().decode(UploadManifest.self, from: data)
        guard manifest.formatVersion <= currentFormatVersion else {
            throw TransferError.configuration("manifest format \(manifest.formatVersion) is newer than this program reads (\(currentFormatVersion))")
        }
        return manifest
    }
}
