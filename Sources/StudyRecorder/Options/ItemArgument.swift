import ArgumentParser
import Foundation
import Storage

/// An item named on the command line (its path relative to the data folder, or absolute).
enum ItemArgument {
    /// The catalog entry of `path`, whose file must exist (unless not `requireFile`); exits 66 with
    /// one line otherwise.
    static func resolve(_ path: String, in store: DataStore, requireFile: Bool = true) throws -> CatalogItem {
        let relative = path.hasPrefix("/") ? store.relativePath(of: URL(fileURLWithPath: path)) : path
        guard let item = try store.catalog.item(path: relative) else {
            throw CommandFailure(.noInput, "no such item in the catalog of \(store.root.path): \(path)")
        }
        guard !requireFile || FileManager.default.fileExists(atPath: store.url(of: item.path).path) else {
            throw CommandFailure(.noInput, "no such item: \(item.path) (in the catalog, but the file is missing)")
        }
        return item
    }
}
