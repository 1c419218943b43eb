import CPangoCairo
import Synchronization

/// Pango and Cairo, opened the first time a PDF is typeset rather than linked
/// (docs/decisions/0011-pango-cairo-opened-on-demand.md).
///
/// Linked, their ~30 shared libraries were loaded (and their constructors run) at every start of the
/// binary, an upload or a `list` included, though only the consent PDF needs them. ``functions(library:)``
/// opens `libpangocairo-1.0.so.0` with `dlopen` and returns the table of the functions the typesetter
/// calls, each typed from its C declaration (CPangoCairo's `shim.h`); a machine without the library
/// gets a ``TypesettingError/libraryMissing(library:reason:)`` instead of a failed start.
enum PangoCairoLibrary {
    /// The library opened: the soname the binary linked before.
    static let name = CPANGOCAIRO_LIBRARY

    /// The tables opened so far in this process, by library name: the first PDF pays for `dlopen`
    /// (the libraries' loading and constructors), every later one finds its table here.
    private static let opened = Mutex<[String: cpangocairo_functions]>([:])

    /// The functions of `library` (``name`` unless a test names another), opening it on first use.
    /// Throws ``TypesettingError/libraryMissing(library:reason:)`` with `dlerror`'s reason when the
    /// library or one of the functions is not found.
    static func functions(library: String = name) throws(TypesettingError) -> cpangocairo_functions {
        try opened.withLock { opened throws(TypesettingError) in
            if let functions = opened[library] { return functions }
            let table = UnsafeMutablePointer<cpangocairo_functions>.allocate(capacity: 1)
            defer { table.deallocate() }
            if let reason = cpangocairo_open(library, table) {
                throw .libraryMissing(library: library, reason: String(cString: reason))
            }
            opened[library] = table.pointee
            return table.pointee
        }
    }
}
