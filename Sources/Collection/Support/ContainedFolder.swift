import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The one place `collect` makes paths to write from names the server gave: every folder and file
/// goes through ``folder(_:)`` or ``file(_:in:)``, which take single checked segments
/// (``ServerName/unsafeSegment(_:)``) and refuse any result that does not resolve — symbolic links
/// followed — inside ``root``. The names are checked before they get here; this is the second lock
/// on the same door, so that nothing the server sends is ever written outside the dataset (or the
/// consent folder) whatever a later change to the naming rules lets through.
struct ContainedFolder {
    /// The folder everything stays in, resolved.
    let root: URL

    /// The folder `root`, which must exist.
    init(_ root: URL) throws {
        guard let resolved = Self.resolved(root.path) else {
            throw CollectionError.io(path: root.path, reason: "cannot be resolved: \(String(cString: strerror(Glibc.errno)))")
        }
        self.root = URL(fileURLWithPath: resolved, isDirectory: true)
    }

    /// The folder `segments` below ``root``, created owner-only where missing.
    func folder(_ segments: [String]) throws -> URL {
        var folder = root
        for segment in segments {
            try check(segment)
            folder = folder.appendingPathComponent(segment, isDirectory: true)
            if mkdir(folder.path, 0o700) != 0 && Glibc.errno != EEXIST {
                let code = Glibc.errno
                if DiskSpace.isFull(errno: code) { throw CollectionError.diskFull(path: folder.path) }
                throw CollectionError.io(path: folder.path, reason: String(cString: strerror(code)))
            }
            try inside(folder)
        }
        return folder
    }

    /// The file `name` in `folder` (one of ``folder(_:)``'s): refused when `name` is no single safe
    /// segment, when `folder` no longer resolves inside ``root``, or when the file is a symbolic link.
    func file(_ name: String, in folder: URL) throws -> URL {
        try check(name)
        try inside(folder)
        let file = folder.appendingPathComponent(name)
        var st = stat()
        if lstat(file.path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFLNK {
            throw CollectionError.io(path: file.path, reason: "a symbolic link; not written through")
        }
        return file
    }

    private func check(_ segment: String) throws {
        if let why = ServerName.unsafeSegment(segment) {
            throw CollectionError.io(path: root.path, reason: "\(why): \(ServerName.display(segment)); not written")
        }
    }

    /// Refuses `folder` unless it resolves to ``root`` or below it.
    private func inside(_ folder: URL) throws {
        guard let resolved = Self.resolved(folder.path), resolved == root.path || resolved.hasPrefix(root.path + "/") else {
            throw CollectionError.io(path: folder.path, reason: "resolves outside \(root.path); not written")
        }
    }

    /// `path` with every symbolic link, `.` and `..` resolved, or `nil` when it does not exist.
    private static func resolved(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }
}
