import CHDF5
import Foundation

/// An open HDF5 file, group or dataset: the handle plus the path for error messages, with the
/// attribute reading and writing every kind of object shares. Closed explicitly or on deinit.
final class HDF5Object {
    /// What kind of object the handle refers to; decides how it is closed.
    enum Kind { case file, group, dataset }

    /// The handle, for a call into HDF5. Reading it prepares the calling thread (HDF5's error printing
    /// off, ``HDF5Library/prepareThread()``), so every call on an object starts prepared, on any thread.
    var id: hid_t {
        HDF5Library.prepareThread()
        return handle
    }
    private let handle: hid_t
    let kind: Kind
    /// The file's path, for error messages.
    let path: String
    private var isOpen = true

    init(id: hid_t, kind: Kind, path: String) {
        self.handle = id
        self.kind = kind
        self.path = path
    }

    deinit { try? close() }

    /// Closes the handle; closing a file flushes it.
    func close() throws {
        guard isOpen else { return }
        isOpen = false
        let status: herr_t
        switch kind {
        case .file: status = H5Fclose(id)
        case .group: status = H5Gclose(id)
        case .dataset: status = H5Dclose(id)
        }
        try HDF5Library.check(status, "close", path)
    }

    // MARK: Children

    func createGroup(_ name: String) throws -> HDF5Object {
        let gid = try HDF5Library.check(H5Gcreate2(id, name, chdf5_default(), chdf5_default(), chdf5_default()), "create group \(name)", path)
        return HDF5Object(id: gid, kind: .group, path: path)
    }

    func openGroup(_ name: String) throws -> HDF5Object {
        let gid = try HDF5Library.check(H5Gopen2(id, name, chdf5_default()), "open group \(name)", path)
        return HDF5Object(id: gid, kind: .group, path: path)
    }

    func openDataset(_ name: String) throws -> HDF5Object {
        let did = try HDF5Library.check(H5Dopen2(id, name, chdf5_default()), "open dataset \(name)", path)
        return HDF5Object(id: did, kind: .dataset, path: path)
    }

    func exists(_ name: String) -> Bool {
        H5Lexists(id, name, chdf5_default()) > 0
    }

    /// The names of this group's members (empty when it has none or is not a group).
    func memberNames() -> [String] {
        var info = H5G_info_t()
        guard H5Gget_info(id, &info) >= 0 else { return [] }
        return (0..<info.nlinks).compactMap { i in
            Self.name { buf, size in H5Lget_name_by_idx(id, ".", H5_INDEX_NAME, H5_ITER_INC, i, buf, size, chdf5_default()) }
        }
    }

    /// The names of this object's attributes.
    func attributeNames() -> [String] {
        let count = H5Aget_num_attrs(id)
        guard count > 0 else { return [] }
        return (0..<hsize_t(count)).compactMap { i in
            Self.name { buf, size in H5Aget_name_by_idx(id, ".", H5_INDEX_NAME, H5_ITER_INC, i, buf, size, chdf5_default()) }
        }
    }

    /// Calls an HDF5 "get name" function twice: for the length, then for the text.
    private static func name(_ get: (UnsafeMutablePointer<CChar>?, Int) -> Int) -> String? {
        let length = get(nil, 0)
        guard length > 0, length < 1 << 16 else { return nil }
        var buffer = [CChar](repeating: 0, count: length + 1)
        guard get(&buffer, length + 1) >= 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes a fixed (non-extendable) 2-D dataset of variable-length UTF-8 strings with `dims`.
    func writeStrings(_ name: String, _ values: [String], dims: [Int]) throws {
        let type = chdf5_vlen_utf8()
        defer { H5Tclose(type) }
        try writeFixed(name, fileType: type, memType: type, dims: dims) { write in
            try withCStrings(values) { pointers in try write(pointers) }
        }
    }

    /// Writes a fixed 2-D dataset of 64-bit integers with `dims`.
    func writeInt64s(_ name: String, _ values: [Int64], dims: [Int]) throws {
        try writeFixed(name, fileType: chdf5_std_i64le(), memType: chdf5_native_int64(), dims: dims) { write in
            try values.withUnsafeBufferPointer { try write(UnsafeRawPointer($0.baseAddress!)) }
        }
    }

    /// Writes a fixed dataset of doubles with `dims`.
    func writeDoubles(_ name: String, _ values: [Double], dims: [Int]) throws {
        try writeFixed(name, fileType: chdf5_ieee_f64le(), memType: chdf5_native_double(), dims: dims) { write in
            try values.withUnsafeBufferPointer { try write(UnsafeRawPointer($0.baseAddress!)) }
        }
    }

    private func writeFixed(
        _ name: String, fileType: hid_t, memType: hid_t, dims: [Int],
        body: ((UnsafeRawPointer) throws -> Void) throws -> Void
    ) throws {
        let parent = id
        var hdims = dims.map { hsize_t($0) }
        let space = try HDF5Library.check(H5Screate_simple(Int32(hdims.count), &hdims, nil), "dataspace \(name)", path)
        defer { H5Sclose(space) }
        let did = try HDF5Library.check(
            H5Dcreate2(parent, name, fileType, space, chdf5_default(), chdf5_default(), chdf5_default()), "create dataset \(name)", path)
        defer { H5Dclose(did) }
        if dims.reduce(1, *) == 0 { return }
        try body { pointer in
            try HDF5Library.checkWrite(H5Dwrite(did, memType, chdf5_all(), chdf5_all(), chdf5_default(), pointer), "write \(name)", path)
        }
    }

    // MARK: Attributes

    /// Sets a scalar variable-length UTF-8 string attribute.
    func setAttribute(_ name: String, _ value: String) throws {
        let type = chdf5_vlen_utf8()
        defer { H5Tclose(type) }
        try writeAttribute(name, type: type, memType: type, dims: nil) { write in
            try withCStrings([value]) { try write($0) }
        }
    }

    /// Sets a scalar 64-bit integer attribute (or, with `myndShape`, a `[1, 1]` one as the reference
    /// app wrote `Session`, `Run` and `Version`).
    func setAttribute(_ name: String, _ value: Int64, myndShape: Bool = false) throws {
        var v = value
        try writeAttribute(name, type: chdf5_std_i64le(), memType: chdf5_native_int64(), dims: myndShape ? [1, 1] : nil) { write in
            try withUnsafePointer(to: &v) { try write(UnsafeRawPointer($0)) }
        }
    }

    /// Sets a scalar double attribute.
    func setAttribute(_ name: String, _ value: Double) throws {
        var v = value
        try writeAttribute(name, type: chdf5_ieee_f64le(), memType: chdf5_native_double(), dims: nil) { write in
            try withUnsafePointer(to: &v) { try write(UnsafeRawPointer($0)) }
        }
    }

    /// Sets a 1-D string-array attribute.
    func setAttribute(_ name: String, _ values: [String]) throws {
        let type = chdf5_vlen_utf8()
        defer { H5Tclose(type) }
        try writeAttribute(name, type: type, memType: type, dims: [values.count]) { write in
            try withCStrings(values) { try write($0) }
        }
    }

    /// Sets a 1-D double-array attribute.
    func setAttribute(_ name: String, _ values: [Double]) throws {
        try writeAttribute(name, type: chdf5_ieee_f64le(), memType: chdf5_native_double(), dims: [values.count]) { write in
            try values.withUnsafeBufferPointer { try write(UnsafeRawPointer($0.baseAddress!)) }
        }
    }

    private func writeAttribute(
        _ name: String, type: hid_t, memType: hid_t, dims: [Int]?,
        body: ((UnsafeRawPointer) throws -> Void) throws -> Void
    ) throws {
        if H5Aexists(id, name) > 0 { H5Adelete(id, name) }
        let space: hid_t
        if let dims {
            var hdims = dims.map { hsize_t($0) }
            space = H5Screate_simple(Int32(hdims.count), &hdims, nil)
        } else {
            space = H5Screate(H5S_SCALAR)
        }
        try HDF5Library.check(space, "dataspace for attribute \(name)", path)
        defer { H5Sclose(space) }
        let aid = try HDF5Library.check(H5Acreate2(id, name, type, space, chdf5_default(), chdf5_default()), "create attribute \(name)", path)
        defer { H5Aclose(aid) }
        if let dims, dims.reduce(1, *) == 0 { return }
        try body { pointer in
            try HDF5Library.check(H5Awrite(aid, memType, pointer), "write attribute \(name)", path)
        }
    }

    /// Reads a string attribute (variable- or fixed-length, scalar or first element), or `nil`.
    func stringAttribute(_ name: String) -> String? {
        stringArrayAttribute(name)?.first
    }

    /// Reads a string-array attribute, or `nil` when absent or not strings.
    func stringArrayAttribute(_ name: String) -> [String]? {
        guard H5Aexists(id, name) > 0 else { return nil }
        let aid = H5Aopen(id, name, chdf5_default())
        guard aid >= 0 else { return nil }
        defer { H5Aclose(aid) }
        let ftype = H5Aget_type(aid)
        defer { H5Tclose(ftype) }
        guard H5Tget_class(ftype) == H5T_STRING else { return nil }
        let space = H5Aget_space(aid)
        defer { H5Sclose(space) }
        let count = max(1, Int(H5Sget_simple_extent_npoints(space)))
        guard count <= Self.maxAttributeElements else { return nil }
        if H5Tis_variable_str(ftype) > 0 {
            let mtype = chdf5_vlen_utf8()
            defer { H5Tclose(mtype) }
            var pointers = [UnsafeMutablePointer<CChar>?](repeating: nil, count: count)
            guard H5Aread(aid, mtype, &pointers) >= 0 else { return nil }
            let strings = pointers.map { $0.map { String(cString: $0) } ?? "" }
            H5Dvlen_reclaim(mtype, space, chdf5_default(), &pointers)
            return strings
        }
        let size = H5Tget_size(ftype)
        guard size > 0, size <= Self.maxAttributeElements, size * count <= Self.maxAttributeElements * 16 else { return nil }
        var buffer = [UInt8](repeating: 0, count: size * count)
        guard H5Aread(aid, ftype, &buffer) >= 0 else { return nil }
        return (0..<count).map { i in
            let slice = buffer[(i * size)..<((i + 1) * size)]
            return String(decoding: slice.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    /// Reads a numeric attribute as a double (first element), or `nil`.
    func doubleAttribute(_ name: String) -> Double? {
        guard H5Aexists(id, name) > 0 else { return nil }
        let aid = H5Aopen(id, name, chdf5_default())
        guard aid >= 0 else { return nil }
        defer { H5Aclose(aid) }
        let ftype = H5Aget_type(aid)
        defer { H5Tclose(ftype) }
        let cls = H5Tget_class(ftype)
        guard cls == H5T_INTEGER || cls == H5T_FLOAT else { return nil }
        let space = H5Aget_space(aid)
        defer { H5Sclose(space) }
        let count = max(1, Int(H5Sget_simple_extent_npoints(space)))
        guard count <= Self.maxAttributeElements else { return nil }
        var values = [Double](repeating: 0, count: count)
        guard H5Aread(aid, chdf5_native_double(), &values) >= 0 else { return nil }
        return values.first
    }

    /// Whether the attribute `name` exists at all (of any type).
    func hasAttribute(_ name: String) -> Bool {
        H5Aexists(id, name) > 0
    }

    /// Whether the attribute `name` holds exactly one number (an integer or a float, scalar or one
    /// element): a rate stored as text or as a list is not one, and must not read as its first element.
    func isSingleNumberAttribute(_ name: String) -> Bool {
        guard H5Aexists(id, name) > 0 else { return false }
        let aid = H5Aopen(id, name, chdf5_default())
        guard aid >= 0 else { return false }
        defer { H5Aclose(aid) }
        let ftype = H5Aget_type(aid)
        defer { H5Tclose(ftype) }
        let cls = H5Tget_class(ftype)
        let space = H5Aget_space(aid)
        defer { H5Sclose(space) }
        return (cls == H5T_INTEGER || cls == H5T_FLOAT) && H5Sget_simple_extent_npoints(space) == 1
    }

    /// Reads a numeric attribute as an integer, or `nil` when absent, not numeric, not finite or
    /// beyond ±2⁵³ (where a double no longer holds every integer): a damaged file's NaN or 1e300
    /// reads as "not stored" instead of trapping in the conversion.
    func intAttribute(_ name: String) -> Int? {
        guard let value = doubleAttribute(name), value.isFinite, abs(value) <= 9_007_199_254_740_992 else { return nil }
        return Int(value)
    }

    /// The most elements an attribute may hold to be read (ours hold a few; a damaged or hostile file
    /// could declare billions, which would be allocated before reading).
    static let maxAttributeElements = 1 << 16
}

/// Calls `body` with a C array of NUL-terminated copies of `strings`, valid for the call only.
func withCStrings<R>(_ strings: [String], _ body: (UnsafeRawPointer) throws -> R) throws -> R {
    let pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    defer { pointers.forEach { free($0) } }
    return try pointers.withUnsafeBufferPointer { try body(UnsafeRawPointer($0.baseAddress!)) }
}
