#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
#include <zlib.h>

// inflateInit2 is a macro that passes ZLIB_VERSION and sizeof(z_stream); Swift cannot import it.
static inline int czlib_inflate_init_gzip(z_stream *stream) {
    // 15 + 16: the largest window, and accept only the gzip wrapper (RFC 1952).
    return inflateInit2(stream, 15 + 16);
}

// -15: the largest window and no wrapper at all — raw deflate, as ZIP members hold it.
static inline int czlib_inflate_init_raw(z_stream *stream) {
    return inflateInit2(stream, -15);
}
#endif
