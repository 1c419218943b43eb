import CHDF5

/// Reading rows of numeric datasets back.
enum DatasetReader {
    /// The most elements one read may allocate: 2²⁷ (1 GiB of doubles). Readers of whole series check
    /// a dataset's size against it before reading, so a file that declares more fails with one error
    /// instead of an allocation the machine cannot make.
    static let maxElementsPerRead = 1 << 27

    /// The highest rank a dataset may declare to be inspected (HDF5's own limit is 32).
    private static let maxRank = 32

    /// The dimensions of a dataset (each clamped to `Int.max`; a rank HDF5 cannot report throws).
    static func dims(_ dataset: HDF5Object) throws -> [Int] {
        let space = try HDF5Library.check(H5Dget_space(dataset.id), "space", dataset.path)
        defer { H5Sclose(space) }
        let rank = Int(H5Sget_simple_extent_ndims(space))
        guard rank >= 0, rank <= maxRank else {
            throw StorageError.hdf5(operation: "dataspace", path: dataset.path, reason: "rank \(rank) cannot be read")
        }
        var dims = [hsize_t](repeating: 0, count: max(rank, 1))
        try HDF5Library.check(H5Sget_simple_extent_dims(space, &dims, nil), "dimensions", dataset.path)
        return dims.prefix(rank).map { Int(clamping: $0) }
    }

    /// The kind of values a dataset stores.
    enum ValueClass: Equatable { case integer, float, string, other }

    /// The class of a dataset's stored values.
    static func valueClass(_ dataset: HDF5Object) -> ValueClass {
        let type = H5Dget_type(dataset.id)
        guard type >= 0 else { return .other }
        defer { H5Tclose(type) }
        switch H5Tget_class(type) {
        case H5T_INTEGER: return .integer
        case H5T_FLOAT: return .float
        case H5T_STRING: return .string
        default: return .other
        }
    }

    /// Reads rows `start..<start+count` of a 1-D or 2-D dataset as doubles (row-major).
    static func readDoubles(_ dataset: HDF5Object, start: Int, count: Int) throws -> [Double] {
        try read(dataset, start: start, count: count, memType: chdf5_native_double(), zero: 0.0)
    }

    /// Reads rows `start..<start+count` of a 1-D or 2-D dataset as 64-bit integers (row-major).
    static func readInt64s(_ dataset: HDF5Object, start: Int, count: Int) throws -> [Int64] {
        try read(dataset, start: start, count: count, memType: chdf5_native_int64(), zero: Int64(0))
    }

    /// Reads rows `start..<start+count` of a 1-D or 2-D dataset as 16-bit unsigned integers.
    static func readUInt16s(_ dataset: HDF5Object, start: Int, count: Int) throws -> [UInt16] {
        try read(dataset, start: start, count: count, memType: chdf5_native_uint16(), zero: UInt16(0))
    }

    /// Reads rows `start..<start+count` of a 1-D or 2-D dataset as bytes.
    static func readUInt8s(_ dataset: HDF5Object, start: Int, count: Int) throws -> [UInt8] {
        try read(dataset, start: start, count: count, memType: chdf5_native_uint8(), zero: UInt8(0))
    }

    /// Reads a whole 1-D or 2-D string dataset (variable- or fixed-length) in row-major order.
    /// Throws instead of reading when the dataset holds more than `limit` strings or a fixed length
    /// beyond 64 KiB.
    static func readStrings(_ dataset: HDF5Object, limit: Int = 1 << 20) throws -> [String] {
        guard valueClass(dataset) == .string else {
            throw StorageError.hdf5(operation: "read strings", path: dataset.path, reason: "the dataset does not hold strings")
        }
        let ftype = H5Dget_type(dataset.id)
        defer { H5Tclose(ftype) }
        let space = H5Dget_space(dataset.id)
        defer { H5Sclose(space) }
        let count = Int(H5Sget_simple_extent_npoints(space))
        guard count > 0 else { return [] }
        guard count <= limit else {
            throw StorageError.hdf5(operation: "read strings", path: dataset.path, reason: "\(count) strings are more than the \(limit) expected")
        }
        if H5Tis_variable_str(ftype) > 0 {
            let mtype = chdf5_vlen_utf8()
            defer { H5Tclose(mtype) }
            var pointers = [UnsafeMutablePointer<CChar>?](repeating: nil, count: count)
            try HDF5Library.check(H5Dread(dataset.id, mtype, chdf5_all(), chdf5_all(), chdf5_default(), &pointers), "read strings", dataset.path)
            let strings = pointers.map { $0.map { String(cString: $0) } ?? "" }
            H5Dvlen_reclaim(mtype, space, chdf5_default(), &pointers)
            return strings
        }
        let size = H5Tget_size(ftype)
        guard size > 0, size <= 1 << 16 else {
            throw StorageError.hdf5(operation: "read strings", path: dataset.path, reason: "fixed-length strings of \(size) bytes")
        }
        var buffer = [UInt8](repeating: 0, count: size * count)
        try HDF5Library.check(H5Dread(dataset.id, ftype, chdf5_all(), chdf5_all(), chdf5_default(), &buffer), "read strings", dataset.path)
        return (0..<count).map { i in String(decoding: buffer[(i * size)..<((i + 1) * size)].prefix { $0 != 0 }, as: UTF8.self) }
    }

    private static func read<T>(_ dataset: HDF5Object, start: Int, count: Int, memType: hid_t, zero: T) throws -> [T] {
        let dims = try self.dims(dataset)
        guard !dims.isEmpty, count > 0, start >= 0 else { return [] }
        guard dims.count <= 2 else {
            throw StorageError.hdf5(operation: "read", path: dataset.path, reason: "\(dims.count)-D data where rows (1-D or 2-D) were expected")
        }
        let columns = dims.count > 1 ? dims[1] : 1
        let available = max(0, min(count, dims[0] - start))
        guard available > 0 else { return [] }
        let (elements, overflow) = available.multipliedReportingOverflow(by: columns)
        guard !overflow, elements <= maxElementsPerRead else {
            throw StorageError.hdf5(
                operation: "read", path: dataset.path, reason: "\(available) rows × \(columns) columns are too many to read at once")
        }
        let fileSpace = try HDF5Library.check(H5Dget_space(dataset.id), "space", dataset.path)
        defer { H5Sclose(fileSpace) }
        var offset: [hsize_t] = dims.count > 1 ? [hsize_t(start), 0] : [hsize_t(start)]
        var extent: [hsize_t] = dims.count > 1 ? [hsize_t(available), hsize_t(columns)] : [hsize_t(available)]
        try HDF5Library.check(H5Sselect_hyperslab(fileSpace, H5S_SELECT_SET, &offset, nil, &extent, nil), "select", dataset.path)
        let memSpace = try HDF5Library.check(H5Screate_simple(Int32(extent.count), &extent, nil), "memory space", dataset.path)
        defer { H5Sclose(memSpace) }
        var values = [T](repeating: zero, count: elements)
        _ = try values.withUnsafeMutableBytes { raw in
            try HDF5Library.check(H5Dread(dataset.id, memType, memSpace, fileSpace, chdf5_default(), raw.baseAddress), "read", dataset.path)
        }
        return values
    }
}
