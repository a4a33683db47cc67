/* libboardgames — xiangqi / lion chess position basics: placing pieces, hashing, attacks on a general, make. */
#include <string.h>

#include "xiangqi.h"

void xq_clear(xq_state *s, int width)
{
    memset(s, 0, sizeof *s);
    s->width = (uint8_t)width;
    s->fullmove = 1;
}

void xq_put(xq_state *s, int sq, int side, int kind) { PALACE_PUT(s, sq, side, kind); }

void xq_rehash(xq_state *s)
{
    const xq_tables *t = xq_tables_of(s);
    uint64_t k = s->stm == XQ_RED ? t->zobrist_side : 0;
    for (int sq = 0; sq < t->squares; sq++)
        if (s->board[sq])
            k ^= t->zobrist[XQ_SIDE(s->board[sq])][XQ_KIND(s->board[sq])][sq];
    s->key = k;
}

int xq_general_attacked(const xq_state *s, int side, int sq, bb128 occ, bb128 enemy)
{
    const xq_tables *t = xq_tables_of(s);
    if (PALACE_SOLDIER_HORSE_ATTACKS(t, s, side, sq, occ, enemy))
        return 1;
    /* Chariots, and the enemy general along a file (the flying-general rule), hit the nearest piece. */
    const bb128 rooks = bb_and(s->by_kind[XQ_CHARIOT], enemy);
    const bb128 cannons = bb_and(s->by_kind[XQ_CANNON], enemy);
    const bb128 gen = bb_and(s->by_kind[XQ_GENERAL], enemy);
    for (int d = 0; d < 4; d++)
        if (palace_line_attacks(t->ray, sq, d, (d == XQ_N || d == XQ_S) ? bb_or(rooks, gen) : rooks,
                                cannons, bb_zero(), occ))
            return 1;
    const bb128 lions = bb_and(s->by_kind[XQ_LION], enemy);
    if (bb_any(lions))
        for (int d = 4; d < 8; d++)
            if (palace_line_attacks(t->ray, sq, d, lions, bb_zero(), bb_zero(), occ))
                return 1;
    return 0;
}

int xq_in_check(const xq_state *s)
{
    return xq_general_attacked(s, s->stm, s->general[s->stm], s->by_kind[0], s->by_color[!s->stm]);
}

void xq_make(xq_state *s, bg_move m)
{
    const xq_tables *t = xq_tables_of(s);
    const int from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m), us = s->stm;
    uint64_t k = s->key ^ t->zobrist_side;
    PALACE_MOVE_PIECE(s, t->zobrist, us, from, to, k);
    s->key = k;
    s->stm = (uint8_t)!us;
    if (us == XQ_BLACK && s->fullmove < UINT16_MAX)
        s->fullmove++;
}

void xq_make_counted(xq_state *s, bg_move m)
{
    const int us = s->stm;
    xq_make(s, m);
    if (s->checklimit) {
        /* The side now to move is in check exactly when the move gave check. */
        const int n = xq_in_check(s) ? s->checks[us] + 1 : 0;
        s->checks[us] = (uint8_t)(n < UINT8_MAX ? n : UINT8_MAX);
    }
}
