import CHDF5

/// Creating and opening HDF5 files.
enum HDF5File {
    /// The cap on HDF5's metadata cache per open file (chunk indexes, object headers): 1 MiB keeps a
    /// 24-hour recording's memory flat without slowing appends, which touch only the newest chunks.
    static let metadataCacheBytes = 1 << 20

    /// Creates a new file at `path`, failing if one exists (nothing is ever overwritten).
    static func create(_ path: String) throws -> HDF5Object {
        HDF5Library.prepareThread()
        let fapl = try HDF5Library.check(chdf5_fapl_capped_cache(metadataCacheBytes), "file access properties", path)
        defer { H5Pclose(fapl) }
        let fid = try HDF5Library.check(H5Fcreate(path, chdf5_acc_excl(), chdf5_default(), fapl), "create file", path)
        return HDF5Object(id: fid, kind: .file, path: path)
    }

    /// Opens an existing file read-only.
    static func openReadOnly(_ path: String) throws -> HDF5Object {
        HDF5Library.prepareThread()
        let fid = try HDF5Library.check(H5Fopen(path, chdf5_acc_rdonly(), chdf5_default()), "open file", path)
        return HDF5Object(id: fid, kind: .file, path: path)
    }

    /// Flushes everything written so far to the operating system.
    static func flush(_ file: HDF5Object) throws {
        try HDF5Library.check(H5Fflush(file.id, H5F_SCOPE_GLOBAL), "flush", file.path)
    }
}
