import CHDF5

/// A dataset that grows along its first dimension as rows arrive: chunked, with shuffle and deflate
/// for numbers, unlimited in rows. One row is `columns` values (`columns == 0` makes it 1-D).
final class AppendableDataset {
    /// The element type of the dataset.
    enum Element {
        case double, int64, int32, uint16, uint8, utf8

        var fileType: hid_t {
            switch self {
            case .double: chdf5_ieee_f64le()
            case .int64: chdf5_std_i64le()
            case .int32: chdf5_std_i32le()
            case .uint16: chdf5_std_u16le()
            case .uint8: chdf5_std_u8le()
            case .utf8: chdf5_vlen_utf8()
            }
        }

        var memType: hid_t {
            switch self {
            case .double: chdf5_native_double()
            case .int64: chdf5_native_int64()
            case .int32: chdf5_native_int32()
            case .uint16: chdf5_native_uint16()
            case .uint8: chdf5_native_uint8()
            case .utf8: chdf5_vlen_utf8()
            }
        }
    }

    let object: HDF5Object
    let columns: Int
    let element: Element
    private(set) var rows: Int = 0
    private let fileType: hid_t
    private let memType: hid_t

    /// Creates the dataset `name` in `parent`.
    init(in parent: HDF5Object, name: String, element: Element, columns: Int, chunkRows: Int, deflateLevel: UInt32 = 4) throws {
        let parentID = parent.id
        self.columns = columns
        self.element = element
        fileType = element.fileType
        memType = element.memType
        let path = parent.path
        var dims: [hsize_t] = columns > 0 ? [0, hsize_t(columns)] : [0]
        var maxDims: [hsize_t] = columns > 0 ? [chdf5_unlimited(), hsize_t(columns)] : [chdf5_unlimited()]
        var chunk: [hsize_t] = columns > 0 ? [hsize_t(max(1, chunkRows)), hsize_t(columns)] : [hsize_t(max(1, chunkRows))]
        let space = try HDF5Library.check(H5Screate_simple(Int32(dims.count), &dims, &maxDims), "dataspace \(name)", path)
        defer { H5Sclose(space) }
        let plist = try HDF5Library.check(chdf5_dataset_create_plist(), "property list \(name)", path)
        defer { H5Pclose(plist) }
        try HDF5Library.check(H5Pset_chunk(plist, Int32(chunk.count), &chunk), "chunk \(name)", path)
        if element != .utf8 {
            // Shuffling regroups the bytes of multi-byte numbers; single bytes gain nothing from it.
            if element != .uint8 { try HDF5Library.check(H5Pset_shuffle(plist), "shuffle \(name)", path) }
            try HDF5Library.check(H5Pset_deflate(plist, deflateLevel), "deflate \(name)", path)
        }
        // The cache holds the chunk being filled (and one more); finished chunks are written and dropped
        // (preemption 1.0), so a day-long recording does not keep HDF5's default 1 MiB per dataset busy.
        let cacheBytes = max(64 << 10, 2 * chunk.reduce(1) { $0 * Int($1) } * 8)
        let dapl = try HDF5Library.check(chdf5_dapl_chunk_cache(cacheBytes), "access properties \(name)", path)
        defer { H5Pclose(dapl) }
        let did = try HDF5Library.check(H5Dcreate2(parentID, name, fileType, space, chdf5_default(), plist, dapl), "create dataset \(name)", path)
        object = HDF5Object(id: did, kind: .dataset, path: path)
    }

    deinit {
        if element == .utf8 { H5Tclose(fileType) }
    }

    /// Appends `count` rows read from `pointer` (row-major, `columns` values per row).
    func append(_ pointer: UnsafeRawPointer, count: Int) throws {
        guard count > 0 else { return }
        let newRows = rows + count
        var size: [hsize_t] = columns > 0 ? [hsize_t(newRows), hsize_t(columns)] : [hsize_t(newRows)]
        try HDF5Library.checkWrite(H5Dset_extent(object.id, &size), "extend", object.path)
        let fileSpace = try HDF5Library.check(H5Dget_space(object.id), "file space", object.path)
        defer { H5Sclose(fileSpace) }
        var start: [hsize_t] = columns > 0 ? [hsize_t(rows), 0] : [hsize_t(rows)]
        var extent: [hsize_t] = columns > 0 ? [hsize_t(count), hsize_t(columns)] : [hsize_t(count)]
        try HDF5Library.check(H5Sselect_hyperslab(fileSpace, H5S_SELECT_SET, &start, nil, &extent, nil), "select", object.path)
        let memSpace = try HDF5Library.check(H5Screate_simple(Int32(extent.count), &extent, nil), "memory space", object.path)
        defer { H5Sclose(memSpace) }
        try HDF5Library.checkWrite(H5Dwrite(object.id, memType, memSpace, fileSpace, chdf5_default(), pointer), "write", object.path)
        rows = newRows
    }

    /// Overwrites row `row` (already written) with the `columns` values at `pointer`: a marker placed
    /// on a sample that reached the file before the marker was known.
    func overwrite(row: Int, from pointer: UnsafeRawPointer) throws {
        precondition(row >= 0 && row < rows, "overwrite outside the dataset")
        let fileSpace = try HDF5Library.check(H5Dget_space(object.id), "file space", object.path)
        defer { H5Sclose(fileSpace) }
        var start: [hsize_t] = columns > 0 ? [hsize_t(row), 0] : [hsize_t(row)]
        var extent: [hsize_t] = columns > 0 ? [1, hsize_t(columns)] : [1]
        try HDF5Library.check(H5Sselect_hyperslab(fileSpace, H5S_SELECT_SET, &start, nil, &extent, nil), "select", object.path)
        let memSpace = try HDF5Library.check(H5Screate_simple(Int32(extent.count), &extent, nil), "memory space", object.path)
        defer { H5Sclose(memSpace) }
        try HDF5Library.checkWrite(H5Dwrite(object.id, memType, memSpace, fileSpace, chdf5_default(), pointer), "write", object.path)
    }

    /// Overwrites row `row` of a one-column 64-bit integer dataset.
    func overwrite(row: Int, with value: Int64) throws {
        var v = value
        try withUnsafeBytes(of: &v) { try overwrite(row: row, from: $0.baseAddress!) }
    }

    /// Appends doubles (a whole number of rows).
    func append(_ values: [Double]) throws {
        try values.withUnsafeBufferPointer { try append(UnsafeRawPointer($0.baseAddress!), count: values.count / max(1, columns)) }
    }

    /// Appends 64-bit integers (a whole number of rows).
    func append(_ values: [Int64]) throws {
        try values.withUnsafeBufferPointer { try append(UnsafeRawPointer($0.baseAddress!), count: values.count / max(1, columns)) }
    }

    /// Appends 32-bit integers (a whole number of rows).
    func append(_ values: [Int32]) throws {
        try values.withUnsafeBufferPointer { try append(UnsafeRawPointer($0.baseAddress!), count: values.count / max(1, columns)) }
    }

    /// Appends 16-bit unsigned integers (a whole number of rows).
    func append(_ values: [UInt16]) throws {
        try values.withUnsafeBufferPointer { try append(UnsafeRawPointer($0.baseAddress!), count: values.count / max(1, columns)) }
    }

    /// Appends bytes (a whole number of rows).
    func append(_ values: [UInt8]) throws {
        try values.withUnsafeBufferPointer { try append(UnsafeRawPointer($0.baseAddress!), count: values.count / max(1, columns)) }
    }

    /// Appends strings to a 1-D string dataset.
    func append(_ values: [String]) throws {
        guard !values.isEmpty else { return }
        try withCStrings(values) { try append($0, count: values.count) }
    }

    func close() throws { try object.close() }
}
