import Foundation
import Transfer

/// The names a study's upload folder may hold, checked before any of them is used: a name the server
/// lists is input from whoever could write to the folder (every participant's upload account may PUT
/// any name), so it is data, never a path, until it passes.
///
/// A participant folder is a UUID (the pseudonym the recorder made at enrolment). An item is one path
/// segment after percent-decoding — no `/`, `\`, `.` or `..`, NUL or other control or format
/// character, at most ``maximumBytes`` bytes of UTF-8 — that follows the recorder's own naming
/// (`FileNaming`), the uploader's alternative names (`<stem>.<id8>[-n]<ext>`, `<stem>.<sha12><ext>`)
/// and the manifests beside them:
///
/// ```
/// r_<paradigm>_<day>_<session>_<run>_<uuid>.h5      q_…_<uuid>.json   t_…_<uuid>.json
/// c_<study>_<uuid>.json   c_<study>_<uuid>.pdf      each optionally .gpg or .asc
/// <item name>.manifest.json[.gpg|.asc]
/// ```
///
/// where `<uuid>` is the folder's own. Anything else is refused with the reason, and shown only
/// through ``display(_:)``.
enum ServerName {
    /// The longest name taken, in bytes of UTF-8 (file systems allow 255; the recorder's longest
    /// names, an alternative name of a sealed manifest, stay under 140).
    static let maximumBytes = 200
    /// The most characters of a refused name shown in a message.
    static let displayCharacters = 120

    /// A name the study's uploads may hold: a recording, record or table, or a manifest of one.
    struct Item: Equatable {
        /// The item's name (for a manifest, the item it describes).
        var item: String
        /// Whether the name is a manifest's.
        var isManifest: Bool
        /// The item's name as the recorder first gave it, without the uploader's alternative tag
        /// (`r_rest_1_1_1_<uuid>.h5` for `r_rest_1_1_1_<uuid>.1a2b3c4d.h5`).
        var firstName: String
    }

    /// Why `name` cannot be a participant folder, or `nil` when it can.
    static func problem(participantFolder name: String) -> String? {
        if let unsafe = unsafeSegment(name) { return unsafe }
        return UUID(uuidString: name) == nil ? "not a participant folder (the participant's UUID)" : nil
    }

    /// `name` in the folder of participant `uuid`, or why it is refused.
    static func item(_ name: String, participant uuid: String) -> Result<Item, Refusal> {
        if let unsafe = unsafeSegment(name) { return .failure(Refusal(unsafe)) }
        var item = name
        let isManifest = UploadManifest.itemName(ofManifest: name) != nil
        if let described = UploadManifest.itemName(ofManifest: name) { item = described }
        var rest = Substring(item)
        for sealed in [".gpg", ".asc"] where rest.hasSuffix(sealed) { rest = rest.dropLast(sealed.count) }
        guard let dot = rest.firstIndex(of: ".") else { return .failure(Refusal("not a name the recorder gives (no extension)")) }
        let stem = rest[..<dot]
        var parts = rest[rest.index(after: dot)...].split(separator: ".", omittingEmptySubsequences: false)
        guard let ext = parts.popLast(), parts.count <= 1 else { return .failure(Refusal("not a name the recorder gives")) }
        if let tag = parts.first, !isAlternativeTag(tag) {
            return .failure(Refusal("not a name the recorder gives (\(display(String(tag))) is no uploader's tag)"))
        }
        let kinds: [(prefix: String, extensions: Set<Substring>)] = [
            ("r_", ["h5"]), ("q_", ["json"]), ("t_", ["json"]), ("c_", ["json", "pdf"]),
        ]
        guard let kind = kinds.first(where: { stem.hasPrefix($0.prefix) }), kind.extensions.contains(ext) else {
            return .failure(Refusal("not a name the recorder gives (r_…h5, q_…json, t_…json, c_…json or pdf)"))
        }
        guard stem.utf8.allSatisfy({ isTokenByte($0) || $0 == UInt8(ascii: "_") }) else {
            return .failure(Refusal("not a name the recorder gives (letters, digits, - and _ only)"))
        }
        guard stem.count > 36 + 3, let underscore = stem.dropLast(36).last, underscore == "_",
            stem.suffix(36).uppercased() == uuid.uppercased()
        else {
            return .failure(Refusal("not a name of this participant's (it must end in _\(uuid.uppercased()))"))
        }
        let first = parts.isEmpty ? item : String(stem) + "." + item[item.index(after: dot)...].drop { $0 != "." }.dropFirst()
        return .success(Item(item: item, isManifest: isManifest, firstName: first))
    }

    /// Why a name is refused, in words.
    struct Refusal: Error, Equatable {
        var reason: String
        init(_ reason: String) { self.reason = reason }
    }

    /// Whether `tag` is one the uploader puts between a taken name's stem and extension: the first
    /// 8 letters or digits of the item's id, with `-2`, `-3`… after the first, or 12 hex digits of
    /// the file's SHA-256 (`RemoteName`).
    private static func isAlternativeTag(_ tag: Substring) -> Bool {
        let lowerAlnum = { (b: UInt8) in (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7A) }
        let bytes = Array(tag.utf8)
        if bytes.count == 12 && bytes.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) { return true }
        guard bytes.count >= 8, bytes[..<8].allSatisfy(lowerAlnum) else { return false }
        if bytes.count == 8 { return true }
        return bytes[8] == UInt8(ascii: "-") && bytes.count > 9 && bytes.count <= 12 && bytes[9...].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
    }

    /// Letters, digits and `-`: what `FileNaming.token` leaves.
    private static func isTokenByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == UInt8(ascii: "-")
    }

    /// Why `name` is no safe single path segment, or `nil`: empty, `.`, `..`, too long, or holding a
    /// separator, NUL, or a control or format character.
    static func unsafeSegment(_ name: String) -> String? {
        if name.isEmpty { return "an empty name" }
        if name == "." || name == ".." { return "a name that is a path (\(name))" }
        if name.utf8.count > maximumBytes { return "a name of \(name.utf8.count) bytes (at most \(maximumBytes))" }
        if name.contains("/") || name.contains("\\") { return "a name holding a path separator" }
        if name.unicodeScalars.contains(where: isHidden) { return "a name holding control characters" }
        return nil
    }

    /// Control characters (C0, DEL, C1) and format characters (bidirectional overrides, zero-width
    /// marks): what a terminal acts on or hides rather than shows.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: true
        default: false
        }
    }

    /// `text` as it may be shown on a terminal or written to a log: every control or format
    /// character as `\u{…}` (`\n`, `\r`, `\t` by name), a backslash doubled, and cut to
    /// `limit` characters with `…`.
    static func display(_ text: String, limit: Int = displayCharacters) -> String {
        var out = ""
        var count = 0
        for scalar in text.unicodeScalars {
            if count >= limit {
                out += "…"
                break
            }
            switch scalar {
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\\": out += "\\\\"
            default:
                if isHidden(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
            count += 1
        }
        return out
    }
}
