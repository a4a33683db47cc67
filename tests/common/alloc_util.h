/* A counting allocator for the tests: refuses one chosen request (or all), checks every osize, counts live blocks and bytes. */
#ifndef ALLOC_UTIL_H
#define ALLOC_UTIL_H

#include <stdalign.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <boardgames/boardgames.h>

/*
** lua_Alloc contract: the block size is kept in a header so that each free and resize can be
** checked against the osize the library passes. Request number fail_at (1-based, allocations
** and resizes) is refused, 0 = none; every request is refused while fail_all is set.
*/
typedef struct au_counter {
    long requests;
    long fail_at;
    int fail_all;
    long refused;
    long live_blocks;
    size_t live_bytes;
    size_t bytes_requested; /* sum of nsize over the requests granted */
    size_t peak_bytes;      /* the most live_bytes ever reached */
    long bad_osize;
} au_counter;

typedef union au_header {
    size_t size;
    max_align_t align;
} au_header;

static inline void *au_alloc(void *user, void *ptr, size_t osize, size_t nsize)
{
    au_counter *c = user;
    au_header *h = ptr ? (au_header *)ptr - 1 : NULL;
    if (h && h->size != osize)
        c->bad_osize++;
    if (nsize == 0) {
        if (h) {
            c->live_bytes -= h->size;
            c->live_blocks--;
            free(h);
        }
        return NULL;
    }
    c->requests++;
    if (c->fail_all || c->requests == c->fail_at) {
        c->refused++;
        return NULL;
    }
    au_header *n = realloc(h, sizeof(au_header) + nsize);
    if (!n)
        return NULL;
    if (h)
        c->live_bytes -= n->size;
    else
        c->live_blocks++;
    n->size = nsize;
    c->live_bytes += nsize;
    c->bytes_requested += nsize;
    if (c->live_bytes > c->peak_bytes)
        c->peak_bytes = c->live_bytes;
    return n + 1;
}

/* Budget divisor under valgrind (BG_TEST_REDUCE): tu_env_reduce() of tests/perft. */
#include "perft/test_util.h"

#endif
