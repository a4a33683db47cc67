/* libboardgames — generic engine: the attack test for callers outside the move generator, and check. */
#include "gen_attack.h"

int gen_attacked(const gen_def *d, const uint8_t *board, int sq, int side)
{
    return gen_attacked_inline(d, board, sq, side);
}

int gen_in_check(const gen_def *d, const gen_state *s)
{
    int us = s->stm, k = s->royal[us];
    return k != GEN_NO_SQ && gen_attacked_inline(d, s->board, k, !us);
}
