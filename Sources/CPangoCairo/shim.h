/* Swift-callable access to Pango (text layout) and Cairo (PDF output) for the Typesetting module.
 * Their APIs are plain functions; the wrappers here stand in for the macros Swift cannot import. */
#ifndef CPANGOCAIRO_SHIM_H
#define CPANGOCAIRO_SHIM_H

#include <pango/pangocairo.h>
#include <cairo-pdf.h>

/* PANGO_SCALE: Pango units per device unit (point, on a PDF surface). */
static inline int cpangocairo_scale(void) { return PANGO_SCALE; }

/* g_object_unref takes a gpointer; a typed wrapper keeps the call sites plain. */
static inline void cpangocairo_unref(void *object) { g_object_unref(object); }

#endif
