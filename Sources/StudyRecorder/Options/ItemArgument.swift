import ArgumentParser
import Foundation
import Storage

/// An item named on the command line: any name ``DataStore/item(named:)`` accepts (a path, the
/// name `list` shows, a unique prefix).
enum ItemArgument {
    /// The catalog entry named `path`, whose file must exist (unless not `requireFile`); 66 when no
    /// item has the name or its file is missing, 64 with the candidates when several have it.
    static func resolve(_ path: String, in store: DataStore, requireFile: Bool = true) throws -> CatalogItem {
        let item = try store.item(named: path)
        guard !requireFile || FileManager.default.fileExists(atPath: store.url(of: item.path).path) else {
            throw CommandError.missingInput("no such item: \(item.path) (in the catalog, but the file is missing)")
        }
        return item
    }
}
