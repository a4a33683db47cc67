/* FNV-1a, the 64-bit digest tests fold what they observe into: equal digests mean equal observations. */
#ifndef FNV_H
#define FNV_H

#include <stddef.h>
#include <stdint.h>

#define FNV_START 0xcbf29ce484222325ULL

static inline uint64_t fnv_bytes(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}

#endif
