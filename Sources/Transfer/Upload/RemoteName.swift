/// The names an item may take on the server. The first choice is the local file name; when that name
/// is taken (412), the item goes under `<stem>.<id>.<ext>`, `<stem>.<id>-2.<ext>`… where `<id>` is the
/// first 8 characters of the item's catalog id, so nothing on the server is ever overwritten.
enum RemoteName {
    /// The candidate names for `fileName` of item `id`, best first.
    static func candidates(fileName: String, itemID: String, count: Int = 4) -> [String] {
        let short = String(itemID.lowercased().filter { $0.isLetter || $0.isNumber }.prefix(8))
        let dot = fileName.firstIndex(of: ".") ?? fileName.endIndex
        let stem = fileName[..<dot], ext = fileName[dot...]
        return [fileName] + (1..<count).map { n in "\(stem).\(short)\(n == 1 ? "" : "-\(n)")\(ext)" }
    }
}
