public import Foundation

/// The rule that keeps derived files out of the data folder: an export's `--out`, a report's file and
/// the folder of decrypted scratch copies must not be the data folder or lie inside it, where
/// recovery, upload and the catalog would see them (and a plaintext copy would sit among sealed
/// originals). Paths are compared after following symbolic links, also of the parts that do not
/// exist yet, so a link into the data folder is caught. One rule for ``PlaintextScratch``, the
/// exports' destination and the report's file.
///
/// ```swift
/// let boundary = DataFolderBoundary(dataFolder: store.root)
/// if boundary.contains(outFolder) { throw … }
/// ```
package struct DataFolderBoundary: Sendable {
    /// The data folder, resolved.
    package let root: URL

    /// The boundary of the data folder at `dataFolder`.
    package init(dataFolder: URL) {
        root = Self.resolve(dataFolder)
    }

    /// Whether the folder `url`, resolved, is the data folder or lies inside it.
    package func contains(_ url: URL) -> Bool {
        contains(path: Self.resolve(url).path)
    }

    /// Whether the file `url` is the data folder or lies inside it: the folder it goes into is
    /// resolved, its own name is not (a file is written by a rename, which replaces a link and
    /// never follows it).
    package func contains(file url: URL) -> Bool {
        contains(path: Self.resolve(url.deletingLastPathComponent()).appendingPathComponent(url.lastPathComponent).standardizedFileURL.path)
    }

    private func contains(path: String) -> Bool {
        let root = root.path
        return path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// `url` made absolute and standardised, with the symbolic links of its longest existing prefix
    /// resolved.
    package static func resolve(_ url: URL) -> URL {
        var existing = url.standardizedFileURL
        var rest: [String] = []
        while !FileManager.default.fileExists(atPath: existing.path), existing.path != "/" {
            rest.insert(existing.lastPathComponent, at: 0)
            existing.deleteLastPathComponent()
        }
        var resolved = existing.resolvingSymlinksInPath()
        for part in rest { resolved.appendPathComponent(part) }
        return resolved.standardizedFileURL
    }
}
