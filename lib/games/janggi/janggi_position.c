/* libboardgames — janggi position basics: placing pieces, hashing, checks, make, counting scores. */
#include <string.h>

#include "janggi.h"

void jg_clear(jg_state *s)
{
    memset(s, 0, sizeof *s);
    s->fullmove = 1;
}

void jg_put(jg_state *s, int sq, int side, int kind) { PALACE_PUT(s, sq, side, kind); }

void jg_rehash(jg_state *s)
{
    uint64_t k = s->stm == JG_CHO ? JGT->zobrist_side : 0;
    for (int sq = 0; sq < JG_SQ; sq++)
        if (s->board[sq])
            k ^= JGT->zobrist[JG_SIDE(s->board[sq])][JG_KIND(s->board[sq])][sq];
    s->key = k;
}

int jg_side_attacked(const jg_state *s, int side)
{
    return jg_attacked_inline(s, side, s->general[side], s->by_kind[0], s->by_color[!side],
                              s->by_kind[JG_CANNON]);
}

int jg_in_check(const jg_state *s)
{
    return jg_side_attacked(s, s->stm);
}

/* Each enemy piece is tested alone: the pieces that would still give check with only it there. */
bb128 jg_checkers(const jg_state *s)
{
    const int us = s->stm;
    bb128 enemy = s->by_color[!us], found = bb_zero();
    bb128 rest = enemy;
    while (bb_any(rest)) {
        const int sq = bb_pop_lsb(&rest);
        /* Only this enemy piece may attack; every other piece still blocks and screens. */
        if (jg_attacked_inline(s, us, s->general[us], s->by_kind[0], bb_sq(sq), s->by_kind[JG_CANNON]))
            found = bb_set(found, sq);
    }
    return found;
}

void jg_make(jg_state *s, bg_move m)
{
    if (s->bikjang == JG_BIKJANG_SEED)
        jg_make_seed_inline(s, m);
    else
        jg_make_inline(s, m);
}

int jg_score10(const jg_state *s, int side)
{
    static const int value10[JG_KIND_SLOTS] = {0, 0, 30, 30, 50, 130, 70, 20};
    int total = side == JG_HAN ? 15 : 0;
    for (int k = JG_GUARD; k <= JG_SOLDIER; k++)
        total += value10[k] * bb_popcount(bb_and(s->by_kind[k], s->by_color[side]));
    return total;
}
