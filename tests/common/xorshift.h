/* xorshift: the fixed-seed random numbers of the tests (the same games and positions on every run and machine). */
#ifndef XORSHIFT_H
#define XORSHIFT_H

#include <stdint.h>

/* xorshift64 (13, 7, 17): the next number of the sequence kept in *s (never 0). */
static inline uint64_t xorshift64(uint64_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* xorshift32 (13, 17, 5). */
static inline uint32_t xorshift32(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

#endif
