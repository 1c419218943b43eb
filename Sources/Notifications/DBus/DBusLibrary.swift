import CDBus
import Synchronization

/// libdbus, opened the first time a notification is shown rather than linked
/// (docs/decisions/0012-dbus-opened-on-demand.md): only `remind` talks to the session bus, so the
/// library and the ones it loads (libsystemd, libgcrypt, liblzma, libzstd, liblz4, libcap) stay out
/// of every other command's start. ``functions(library:)`` returns the table of the functions
/// ``DBusNotifier`` calls, each typed from its C declaration (CDBus's `shim.h`).
enum DBusLibrary {
    /// The library opened: libdbus's soname.
    static let name = CDBUS_LIBRARY

    /// The tables opened so far in this process, by library name.
    private static let opened = Mutex<[String: cdbus_functions]>([:])

    /// The functions of `library` (``name`` unless a test names another), opening it on first use.
    /// Throws ``NotificationError/libraryMissing(library:reason:)`` with `dlerror`'s reason when the
    /// library or one of the functions is not found.
    static func functions(library: String = name) throws(NotificationError) -> cdbus_functions {
        try opened.withLock { opened throws(NotificationError) in
            if let functions = opened[library] { return functions }
            let table = UnsafeMutablePointer<cdbus_functions>.allocate(capacity: 1)
            defer { table.deallocate() }
            if let reason = cdbus_open(library, table) {
                throw .libraryMissing(library: library, reason: String(cString: reason))
            }
            opened[library] = table.pointee
            return table.pointee
        }
    }
}
