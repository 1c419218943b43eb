/* Swift-callable access to libdbus (the D-Bus session bus) for the Notifications module.
 *
 * The library is not linked (docs/decisions/0012-dbus-opened-on-demand.md): only `remind` talks to
 * the session bus, so libdbus (and what it loads: libsystemd, liblzma, libzstd, liblz4, libcap,
 * libgcrypt…) is opened with dlopen when a notification is shown, not at every start of the binary.
 * The headers give the types and constants; `cdbus_open` fills one table of the functions the
 * Notifications module calls, each typed from its declaration (`__typeof__(&name)`, which makes no
 * reference to the symbol), so a call through the table is type-checked as a direct call is. */
#ifndef CDBUS_SHIM_H
#define CDBUS_SHIM_H

#include <dbus/dbus.h>
#include <dlfcn.h>
#include <stddef.h>

/* The library opened: libdbus's soname. */
#define CDBUS_LIBRARY "libdbus-1.so.3"

/* The argument type codes (macros of the form ((int) 's'), which Swift does not import). */
static inline int cdbus_type_string(void) { return DBUS_TYPE_STRING; }
static inline int cdbus_type_uint32(void) { return DBUS_TYPE_UINT32; }
static inline int cdbus_type_int32(void) { return DBUS_TYPE_INT32; }
static inline int cdbus_type_array(void) { return DBUS_TYPE_ARRAY; }

/* Every function the Notifications module calls; a new call is added here first (the build fails
 * otherwise, since nothing links the library). */
#define CDBUS_FUNCTIONS(X) \
    X(dbus_bus_register) \
    X(dbus_connection_close) \
    X(dbus_connection_open_private) \
    X(dbus_connection_send_with_reply_and_block) \
    X(dbus_connection_unref) \
    X(dbus_error_free) \
    X(dbus_error_init) \
    X(dbus_error_is_set) \
    X(dbus_message_iter_append_basic) \
    X(dbus_message_iter_close_container) \
    X(dbus_message_iter_init_append) \
    X(dbus_message_iter_open_container) \
    X(dbus_message_new_method_call) \
    X(dbus_message_unref)

/* The opened library's functions, one field per function, named and typed as the function. */
typedef struct cdbus_functions {
#define CDBUS_FIELD(name) __typeof__(&name) _Nonnull name;
    CDBUS_FUNCTIONS(CDBUS_FIELD)
#undef CDBUS_FIELD
} cdbus_functions;

/* Opens `library` (CDBUS_LIBRARY, or another name in tests) and fills `functions`; NULL when every
 * function was found, else dlerror's message (valid until the next dl call on this thread) and
 * `functions` is left unset. The library stays open for the life of the process (libdbus keeps
 * global state); opening it again is cheap (dlopen counts references). */
static inline const char *_Nullable cdbus_open(const char *_Nonnull library, cdbus_functions *_Nonnull functions) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) { return dlerror(); }
    cdbus_functions found;
#define CDBUS_LOOKUP(name) \
    found.name = (__typeof__(&name))dlsym(handle, #name); \
    if (found.name == NULL) { return dlerror(); }
    CDBUS_FUNCTIONS(CDBUS_LOOKUP)
#undef CDBUS_LOOKUP
    *functions = found;
    return NULL;
}

#endif
