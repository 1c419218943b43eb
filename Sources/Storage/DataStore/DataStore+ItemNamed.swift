import Foundation

extension DataStore {
    /// The catalogued item a person named: its path (relative to the data folder, or absolute),
    /// its file name, the name `list` shows (``CatalogItem/shownName``), or a prefix of any of these
    /// that only one item has. An exact name wins over prefixes.
    ///
    /// - Throws: ``StorageError/noSuchItem(name:root:)`` when nothing matches,
    ///   ``StorageError/ambiguousItem(name:candidates:)`` (the candidates' paths) when several do.
    public func item(named name: String) throws -> CatalogItem {
        let relative = name.hasPrefix("/") ? relativePath(of: URL(fileURLWithPath: name)) : name
        if let item = try catalog.item(path: relative) { return item }
        let all = try catalog.items()
        func names(_ item: CatalogItem) -> [String] { [item.path, (item.path as NSString).lastPathComponent, item.shownName] }
        let exact = all.filter { names($0).contains(relative) }
        let matches = exact.isEmpty ? all.filter { item in names(item).contains { $0.hasPrefix(relative) } } : exact
        guard !relative.isEmpty, let first = matches.first else { throw StorageError.noSuchItem(name: name, root: root.path) }
        guard matches.count == 1 else { throw StorageError.ambiguousItem(name: name, candidates: matches.map(\.path)) }
        return first
    }
}
