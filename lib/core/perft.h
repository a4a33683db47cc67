/* libboardgames — the copy-make bulk-counting perft recursion, one template that each family instantiates over its own generator and make. */
#ifndef BG_PERFT_H
#define BG_PERFT_H

#include "internal.h"

/*
** Defines `attrs static uint64_t name(const state_t *s, int depth)`, depth >= 1: the perft
** recursion over gen(s, buf, count_only) (the last ply counted, not played) and
** make(state_t *, move) on a copy of the state. gen and make are the family's own, inlined into
** the recursion (no call through a table per node); attrs carries the family's target clones.
** Each instance needs its own name: clang names the ifunc resolver of a target_clones function
** `name.resolver` with external linkage, so two of one name clash in a static link.
*/
#define BGI_PERFT_COPY_MAKE(attrs, name, state_t, max_moves, gen, make)                         \
    attrs static uint64_t name(const state_t *s, int depth)                                    \
    {                                                                                          \
        if (depth == 1)                                                                        \
            return (uint64_t)gen(s, NULL, 1);                                                  \
        bg_move moves[max_moves];                                                              \
        const int n = gen(s, moves, 0);                                                        \
        uint64_t total = 0;                                                                    \
        for (int i = 0; i < n; i++) {                                                          \
            state_t child = *s;                                                                \
            make(&child, moves[i]);                                                            \
            total += name(&child, depth - 1);                                                  \
        }                                                                                      \
        return total;                                                                          \
    }

#endif
