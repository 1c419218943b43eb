import CHDF5

/// Creating and opening HDF5 files.
enum HDF5File {
    /// The cap on HDF5's metadata cache per open file (chunk indexes, object headers). The cache counts
    /// a chunk-index B-tree node at its on-disk size (~2.6 KB) but holds it in memory at ~18 KB, so a
    /// 1 MiB cap let a 24-hour recording keep all of its ~200 nodes: 7 MB that grew with the length of
    /// the recording. 128 KiB keeps memory flat without slowing appends, which touch only the path to
    /// the newest chunk.
    static let metadataCacheBytes = 128 << 10

    /// Creates a new file at `path`, failing if one exists (nothing is ever overwritten).
    static func create(_ path: String) throws -> HDF5Object {
        HDF5Library.prepareThread()
        let fapl = try HDF5Library.check(chdf5_fapl_capped_cache(metadataCacheBytes), "file access properties", path)
        defer { H5Pclose(fapl) }
        let fid = try HDF5Library.check(H5Fcreate(path, chdf5_acc_excl(), chdf5_default(), fapl), "create file", path)
        return HDF5Object(id: fid, kind: .file, path: path)
    }

    /// Opens an existing file read-only, with the metadata cache capped as for writing: a reader
    /// walking a day's recording once touches each chunk-index node once, and HDF5's default cache
    /// (up to 32 MiB, adaptive) kept every node it had read, so the memory of `report` and `analyze`
    /// grew with the length of the recording.
    static func openReadOnly(_ path: String) throws -> HDF5Object {
        HDF5Library.prepareThread()
        let fapl = try HDF5Library.check(chdf5_fapl_capped_cache(metadataCacheBytes), "file access properties", path)
        defer { H5Pclose(fapl) }
        let fid = try HDF5Library.check(H5Fopen(path, chdf5_acc_rdonly(), fapl), "open file", path)
        return HDF5Object(id: fid, kind: .file, path: path)
    }

    /// Flushes everything written so far to the operating system.
    static func flush(_ file: HDF5Object) throws {
        try HDF5Library.checkWrite(H5Fflush(file.id, H5F_SCOPE_GLOBAL), "flush", file.path)
    }
}
