/* libboardgames — generic engine: is a square attacked (leaps, lame leaps, riders, hoppers, flying generals), inlined into the hot loops. */
#ifndef BG_GEN_ATTACK_H
#define BG_GEN_ATTACK_H

#include "gen.h"

/* Whether board code c is a piece of `side` whose kind is in mask (kind bits 1..31). */
static inline int gen_is_in(uint8_t c, int side, uint32_t mask)
{
    unsigned x = (unsigned)c ^ ((unsigned)side << 5);
    return x < 32 && ((mask >> x) & 1);
}

static inline __attribute__((always_inline)) int gen_attacked_inline(const gen_def *d, const uint8_t *board, int sq, int side)
{
    /* Plain leaps: (origin, kind mask) pairs; then lame leaps with their path squares. */
    const uint32_t *q = d->plain + d->plain_at[side][sq];
    for (uint32_t i = 0, n = q[0]; i < n; i++)
        if (gen_is_in(board[q[1 + 2 * i]], side, q[2 + 2 * i]))
            return 1;
    if (d->has_lame[side]) {
        const uint16_t *p = d->lame + d->lame_at[side][sq];
        int n = *p++;
        for (int i = 0; i < n; i++) {
            int from = p[0], nb = p[3];
            uint32_t mask = (uint32_t)p[1] | (uint32_t)p[2] << 16;
            if (gen_is_in(board[from], side, mask)) {
                int free = 1;
                for (int k = 0; k < nb; k++)
                    free &= !board[p[4 + k]];
                if (free)
                    return 1;
            }
            p += 4 + nb;
        }
    }
    const uint32_t ok = d->region_ok[side][sq];
    const uint8_t *steps = d->dir_steps + sq * d->ndirs;
    for (int i = 0; i < d->nadirs[side]; i++) {
        int dir = d->adirs[side][i], left = steps[dir], delta = d->dir_delta[dir], s = sq, k = 0;
        /* The first piece: a slider's target; then, for hoppers, the piece after the screen. */
        while (left--) {
            s += delta;
            k++;
            if (board[s])
                break;
        }
        if (k == 0 || !board[s])
            continue;
        if (gen_is_in(board[s], side, (d->slide[side][dir][k] & ok) | d->fly[dir]))
            return 1;
        uint32_t hop = d->hop[side][dir] | (k == 1 ? d->grass[side][dir] : 0);
        if (!(hop & ok))
            continue;
        while (left-- > 0) {
            s += delta;
            if (board[s]) {
                if (gen_is_in(board[s], side, hop & ok))
                    return 1;
                break;
            }
        }
    }
    return 0;
}

#endif
