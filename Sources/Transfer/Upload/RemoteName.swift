/// The names an item may take on the server. The first choice is the local file name; when that name
/// is taken (412), the item goes under `<stem>.<id>.<ext>`, `<stem>.<id>-2.<ext>`… where `<id>` is the
/// first 8 characters of the item's catalog id, so nothing on the server is ever overwritten.
///
/// On a server that ignores `If-None-Match` (``ConditionalPutProbe``), a taken name cannot be told
/// by the PUT's answer; there the second choice is ``contentNamed(fileName:sha256:)``, a name made
/// from the file's content, which another file can take only with the very same bytes.
enum RemoteName {
    /// The candidate names for `fileName` of item `id`, best first. Made as they are asked for: nearly
    /// every item goes under the first, and an upload run asks for each item's.
    static func candidates(fileName: String, itemID: String, count: Int = 4) -> LazyMapSequence<Range<Int>, String> {
        (0..<count).lazy.map { n in
            guard n > 0 else { return fileName }
            let short = String(itemID.lowercased().filter { $0.isLetter || $0.isNumber }.prefix(8))
            let (stem, ext) = split(fileName)
            return "\(stem).\(short)\(n == 1 ? "" : "-\(n)")\(ext)"
        }
    }

    /// The file name of a catalog or remote path (`<participant>/<name>`): what follows its last slash.
    static func fileName(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// `<stem>.<first 12 hex digits of the SHA-256>.<ext>`: 48 bits, so two different files of one
    /// participant with the same local name practically never share it.
    static func contentNamed(fileName: String, sha256: String) -> String {
        let (stem, ext) = split(fileName)
        return "\(stem).\(sha256.lowercased().prefix(12))\(ext)"
    }

    /// The name before its first dot, and the rest (`.h5.gpg`).
    private static func split(_ fileName: String) -> (Substring, Substring) {
        let dot = fileName.firstIndex(of: ".") ?? fileName.endIndex
        return (fileName[..<dot], fileName[dot...])
    }
}
