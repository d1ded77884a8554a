#ifndef CLZMA_SHIM_H
#define CLZMA_SHIM_H
#include <lzma.h>

// LZMA_STREAM_INIT is a compound-literal macro; Swift cannot import it.
static inline lzma_stream clzma_stream_init(void) {
    lzma_stream stream = LZMA_STREAM_INIT;
    return stream;
}

// LZMA_CONCATENATED is a UINT32_C(...) macro; Swift cannot import it.
static inline uint32_t clzma_concatenated(void) { return LZMA_CONCATENATED; }
#endif
