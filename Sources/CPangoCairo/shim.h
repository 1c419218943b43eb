/* Swift-callable access to Pango (text layout) and Cairo (PDF output) for the Typesetting module.
 *
 * The libraries are not linked (docs/decisions/0011-pango-cairo-opened-on-demand.md): their ~30
 * shared libraries (glib, gobject, harfbuzz, fontconfig, freetype, pixman, X11, gio, libselinux...)
 * would otherwise be loaded, and their constructors run, at every start of the binary, while only
 * the consent PDF needs them. The headers give the types, enum constants and function declarations;
 * `cpangocairo_open` opens the library with dlopen and fills one table of the functions Typesetting
 * calls, each typed from its declaration (`__typeof__(&name)`, which makes no reference to the
 * symbol), so a call through the table is type-checked exactly as a direct call would be. */
#ifndef CPANGOCAIRO_SHIM_H
#define CPANGOCAIRO_SHIM_H

#include <pango/pangocairo.h>
#include <cairo-pdf.h>
#include <dlfcn.h>
#include <stddef.h>

/* The library opened: the soname the binary linked before 0011. dlsym on its handle also finds the
 * functions of its dependencies (libpango, libcairo, libgobject). */
#define CPANGOCAIRO_LIBRARY "libpangocairo-1.0.so.0"

/* PANGO_SCALE: Pango units per device unit (point, on a PDF surface). */
static inline int cpangocairo_scale(void) { return PANGO_SCALE; }

/* Every function Typesetting calls; a new call is added here first (the build fails otherwise,
 * since nothing links the libraries). */
#define CPANGOCAIRO_FUNCTIONS(X) \
    X(cairo_create) \
    X(cairo_destroy) \
    X(cairo_move_to) \
    X(cairo_pdf_surface_create_for_stream) \
    X(cairo_pdf_surface_set_metadata) \
    X(cairo_set_source_rgb) \
    X(cairo_show_page) \
    X(cairo_status) \
    X(cairo_status_to_string) \
    X(cairo_surface_destroy) \
    X(cairo_surface_finish) \
    X(cairo_surface_status) \
    X(g_object_unref) \
    X(pango_attr_insert_hyphens_new) \
    X(pango_attr_list_insert) \
    X(pango_attr_list_new) \
    X(pango_attr_list_unref) \
    X(pango_attr_weight_new) \
    X(pango_cairo_context_set_resolution) \
    X(pango_cairo_font_map_new) \
    X(pango_cairo_show_layout_line) \
    X(pango_cairo_update_context) \
    X(pango_font_describe) \
    X(pango_font_description_free) \
    X(pango_font_description_get_family) \
    X(pango_font_description_new) \
    X(pango_font_description_set_family) \
    X(pango_font_description_set_size) \
    X(pango_font_description_set_weight) \
    X(pango_font_map_create_context) \
    X(pango_font_map_load_font) \
    X(pango_layout_get_iter) \
    X(pango_layout_get_line_readonly) \
    X(pango_layout_iter_free) \
    X(pango_layout_iter_get_baseline) \
    X(pango_layout_iter_get_line_extents) \
    X(pango_layout_iter_next_line) \
    X(pango_layout_new) \
    X(pango_layout_set_alignment) \
    X(pango_layout_set_attributes) \
    X(pango_layout_set_font_description) \
    X(pango_layout_set_text) \
    X(pango_layout_set_width) \
    X(pango_layout_set_wrap)

/* The opened library's functions, one field per function, named and typed as the function. */
typedef struct cpangocairo_functions {
#define CPANGOCAIRO_FIELD(name) __typeof__(&name) _Nonnull name;
    CPANGOCAIRO_FUNCTIONS(CPANGOCAIRO_FIELD)
#undef CPANGOCAIRO_FIELD
} cpangocairo_functions;

/* Opens `library` (CPANGOCAIRO_LIBRARY, or another name in tests) and fills `functions`; NULL when
 * every function was found, else dlerror's message (valid until the next dl call on this thread) and
 * `functions` is left unset. The library stays open for the life of the process: glib and gobject
 * cannot be unloaded safely. Opening it again is cheap (dlopen counts references). */
static inline const char *_Nullable cpangocairo_open(const char *_Nonnull library, cpangocairo_functions *_Nonnull functions) {
    void *handle = dlopen(library, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) { return dlerror(); }
    cpangocairo_functions found;
#define CPANGOCAIRO_LOOKUP(name) \
    found.name = (__typeof__(&name))dlsym(handle, #name); \
    if (found.name == NULL) { return dlerror(); }
    CPANGOCAIRO_FUNCTIONS(CPANGOCAIRO_LOOKUP)
#undef CPANGOCAIRO_LOOKUP
    *functions = found;
    return NULL;
}

#endif
