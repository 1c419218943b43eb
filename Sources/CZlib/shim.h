/* zlib for Swift: deflateInit2 is a macro (it passes the library's version and the stream's size),
 * so a wrapper starts a deflate stream with the gzip wrapper (RFC 1952). */
#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
#include <zlib.h>

/* A deflate stream writing one gzip member (window bits 15 + 16) at `level`; zlib's default gzip
 * header: no file name, modification time 0. */
static inline int czlib_deflate_init_gzip(z_streamp stream, int level) {
    return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY);
}
#endif
