/* libboardgames — generic engine: perft, counting the last ply in bulk (copy-make: one state copy a ply). */
#include <stdalign.h>
#include <string.h>

#include "gen.h"

GEN_HOT static uint64_t perft_rec(const gen_def *d, gen_state *s, int depth)
{
    if (depth == 1 && !d->desc->must_capture)
        return (uint64_t)gen_generate(d, s, s->board, NULL, 0);
    bg_move moves[d->max_moves];
    int n = d->desc->must_capture ? gen_legal_moves(d, s, moves)
                                  : gen_generate(d, s, s->board, moves, d->max_moves);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    alignas(max_align_t) unsigned char raw[d->state_size];
    gen_state *c = (gen_state *)(void *)raw;
    for (int i = 0; i < n; i++) {
        memcpy(c, s, d->state_size);
        gen_make(d, c, moves[i]);
        total += perft_rec(d, c, depth - 1);
    }
    return total;
}

uint64_t gen_perft(const gen_def *d, const gen_state *s, int depth)
{
    if (depth <= 0)
        return 1;
    alignas(max_align_t) unsigned char raw[d->state_size];
    gen_state *c = (gen_state *)(void *)raw;
    memcpy(c, s, d->state_size);
    return perft_rec(d, c, depth);
}
