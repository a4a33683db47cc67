/* libboardgames — generic engine: the attack test for callers outside the move generator, and check. */
#include "gen_attack.h"

int gen_attacked(const gen_def *d, const uint8_t *board, int sq, int side)
{
    return gen_attacked_inline(d, board, sq, side);
}

int gen_attacked_by_others(const gen_def *d, const uint8_t *board, int sq, int us)
{
    for (int side = 0; side < d->sides; side++)
        if (side != us && gen_attacked_inline(d, board, sq, side))
            return 1;
    return 0;
}

int gen_in_check(const gen_def *d, const gen_state *s)
{
    int us = s->stm, k = s->royal[us];
    if (k == GEN_NO_SQ)
        return 0;
    return d->sides > 2 ? gen_attacked_by_others(d, s->board, k, us) : gen_attacked_inline(d, s->board, k, !us);
}
