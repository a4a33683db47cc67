/* libboardgames — xiangqi / lion chess chases for the Asian repetition rule: what a side threatens, what a move newly threatened. */
#include "xiangqi.h"

/*
** A side threatens an enemy piece in the sense of the chase rule (docs/xiangqi-rules.md, Asian
** rules 15, 24, 28, 29; a move that creates such a threat chases) when it has a legal capture of it
** - by a chariot, cannon, horse, elephant, advisor or lion: the general and soldiers may threaten
**   as often as they like;
** - of a piece that is not the general, nor a soldier still on its own side of the river;
** - that is not an offer to exchange: an attack on a piece of the same kind that can legally
**   capture the attacker back is none;
** - and the victim is a chariot attacked by a horse or a cannon (protected or not), or the victim
**   is unprotected: after the capture, no legal move of its side takes back on its point.
** Legality is the engine's: pinned pieces neither attack nor protect, and the flying-general rule
** applies to captures and recaptures alike (see xq_chase_targets for a side in check).
*/

static int has_move(const bg_move *moves, int n, int from, int to)
{
    for (int i = 0; i < n; i++)
        if (BG_MOVE_FROM(moves[i]) == from && BG_MOVE_TO(moves[i]) == to)
            return 1;
    return 0;
}

/* Points a chasing piece (not a general or soldier) on `from` could capture on, own ones included. */
static bb128 capture_points(const xq_tables *t, int kind, int from, bb128 occ)
{
    bb128 acc = bb_zero();
    switch (kind) {
    case XQ_CHARIOT:
    case XQ_LION:
        for (int d = kind == XQ_LION ? 4 : 0, e = d + 4; d < e; d++) {
            const int b = palace_nearest(t->ray, from, d, occ);
            if (b >= 0)
                acc = bb_set(acc, b);
        }
        break;
    case XQ_CANNON:
        for (int d = 0; d < 4; d++) {
            const int screen = palace_nearest(t->ray, from, d, occ);
            const int b = screen >= 0 ? palace_nearest(t->ray, screen, d, occ) : -1;
            if (b >= 0)
                acc = bb_set(acc, b);
        }
        break;
    case XQ_HORSE:
        for (int d = 0; d < 4; d++) {
            const int leg = t->horse_leg[from][d];
            if (leg >= 0 && !bb_test(occ, leg))
                acc = bb_or(acc, t->horse_to[from][d]);
        }
        break;
    case XQ_ELEPHANT:
        for (int d = 0; d < 4; d++) {
            const int to = t->elephant_to[from][d];
            if (to >= 0 && !bb_test(occ, t->elephant_eye[from][d]))
                acc = bb_set(acc, to);
        }
        break;
    case XQ_ADVISOR:
        acc = t->advisor[from];
        break;
    default:
        break;
    }
    return acc;
}

/* Enemy pieces giving check to side's general. */
static bb128 checkers(const xq_state *s, int side)
{
    const int g = s->general[side];
    bb128 enemy = s->by_color[!side], found = bb_zero();
    if (!xq_general_attacked(s, side, g, s->by_kind[0], enemy))
        return found;
    while (bb_any(enemy)) {
        const int e = bb_pop_lsb(&enemy);
        if (xq_general_attacked(s, side, g, s->by_kind[0], bb_sq(e)))
            found = bb_set(found, e);
    }
    return found;
}

/* After side's capture from -> to in s, can the captured side take back on the same point? */
static int recaptured(const xq_state *s, int side, int from, int to)
{
    xq_state after = *s;
    bg_move replies[XQ_MAX_MOVES];
    after.stm = (uint8_t)side;
    xq_make(&after, BG_MOVE_MAKE(from, to));
    const int n = xq_generate(&after, replies);
    for (int i = 0; i < n; i++)
        if (BG_MOVE_TO(replies[i]) == to)
            return 1;
    return 0;
}

/*
** A capture is legal here when it exposes side's general to no enemy piece other than those
** already giving check: a threat is judged as if a check in force were answered, so a piece
** under attack while its attacker's side is in check does not become a "new" target when the
** check is answered.
*/
bb128 xq_chase_targets(const xq_state *s, int side)
{
    const xq_tables *t = xq_tables_of(s);
    const bb128 occ = s->by_kind[0], enemy = s->by_color[!side];
    const bb128 attackers = bb_andnot(s->by_color[side],
                                      bb_or(s->by_kind[XQ_GENERAL], s->by_kind[XQ_SOLDIER]));
    const bb128 ignored = checkers(s, side);
    bg_move replies[XQ_MAX_MOVES];
    int reply_count = -1; /* the other side's moves, generated when first needed */
    bb128 chased = bb_zero(), pcs = attackers;
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        const int attacker = XQ_KIND(s->board[from]);
        bb128 victims = bb_andnot(bb_and(capture_points(t, attacker, from, occ), enemy), chased);
        while (bb_any(victims)) {
            const int to = bb_pop_lsb(&victims);
            const int victim = XQ_KIND(s->board[to]);
            if (victim == XQ_GENERAL || (victim == XQ_SOLDIER && !bb_test(t->crossed[!side], to)))
                continue;
            const bb128 enemy_after = bb_andnot(enemy, bb_or(bb_sq(to), ignored));
            if (xq_general_attacked(s, side, s->general[side], bb_xor(occ, bb_sq(from)), enemy_after))
                continue;
            if (victim == XQ_CHARIOT && (attacker == XQ_HORSE || attacker == XQ_CANNON)) {
                chased = bb_set(chased, to);
                continue;
            }
            if (attacker == victim) {
                if (reply_count < 0) {
                    xq_state other = *s;
                    other.stm = (uint8_t)!side;
                    reply_count = xq_generate(&other, replies);
                }
                if (has_move(replies, reply_count, to, from))
                    continue;
            }
            if (!recaptured(s, side, from, to))
                chased = bb_set(chased, to);
        }
    }
    return chased;
}

/*
** A checking move chases nothing (Asian rule 12: "one check, one chase" is no perpetual chase).
** Otherwise it chased the pieces that are targets after it but were none before it: new attacks
** by the moved piece, discovered ones, new cannon screens and protection taken away alike.
*/
bb128 xq_move_chases(const xq_state *before, const xq_state *after)
{
    if (xq_in_check(after))
        return bb_zero();
    const bb128 now = xq_chase_targets(after, before->stm);
    if (bb_none(now))
        return now;
    return bb_andnot(now, xq_chase_targets(before, before->stm));
}
