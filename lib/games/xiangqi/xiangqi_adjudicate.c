/*
** libboardgames — xiangqi / lion chess adjudication: checkmate, stalemate (a loss), no attacking
** material, the natural-move limit, and repetition by ruleset (Asian: perpetual check, then
** perpetual chase, lose; plain: a draw). docs/xiangqi-rules.md states the rules and the tests.
**
** Every ending is automatic; nothing is claimed. The history keeps only moves and keys, and a
** repetition cycle never holds a capture (the pieces would differ), so the cycle's positions are
** rebuilt by taking its moves back from the current position, then replayed forwards.
*/
#include "game_internal.h"
#include "xiangqi.h"

#define OCCURRENCES 3 /* a position's third occurrence ends the game */

static void win(bgi_result *r, int side, bg_reason reason)
{
    *r = (bgi_result){BG_WIN, 1u << side, reason};
}

static int draw(bgi_result *r, bg_reason reason)
{
    *r = (bgi_result){BG_DRAW, 0, reason};
    return 1;
}

/* Chariots, horses, cannons, soldiers and lions can attack; generals, advisors, elephants cannot. */
static int attacking_material(const xq_state *s)
{
    return bb_any(bb_or(bb_or(s->by_kind[XQ_CHARIOT], s->by_kind[XQ_HORSE]),
                        bb_or(bb_or(s->by_kind[XQ_CANNON], s->by_kind[XQ_SOLDIER]),
                              s->by_kind[XQ_LION])));
}

/*
** Take back the quiet move m (its side is the one not to move in s). xq_make of the reverse move
** by the same side restores the points, bitboards, general and key; the side to move is set back
** around it (the clocks are not needed here).
*/
static void unmake_quiet(xq_state *s, bg_move m)
{
    const uint8_t mover = (uint8_t)!s->stm;
    s->stm = mover;
    xq_make(s, BG_MOVE_MAKE(BG_MOVE_TO(m), BG_MOVE_FROM(m)));
    s->stm = mover;
}

/*
** The cycle is plies first+1 .. plies of the line. For each side: did every one of its moves give
** check; and which enemy pieces did every one of its moves chase, following each piece as it
** moves (a checking move chases nothing). Returns 0 if the rebuilt positions do not match the
** history's keys (cannot happen for a consistent game; the caller then draws).
*/
static int inspect_cycle(const bgi_line *l, int first, int all_checks[2], int chaser[2])
{
    const xq_tables *t = xq_tables_of(XQ_CSTATE(l->pos));
    xq_state cur = *XQ_CSTATE(l->pos);
    for (int k = l->plies; k > first; k--)
        unmake_quiet(&cur, bgi_line_move(l, k));
    /*
    ** Taking moves back cannot restore the check counts (option checklimit), but the first
    ** occurrence has the same repetition key as the last, counts included: so it had the current
    ** counts, and replaying forwards with them must meet the history's key at every ply.
    */
    if ((cur.key ^ xq_checks_key(&cur)) != bgi_line_key(l, first))
        return 0;
    bb128 chased[2] = {t->board, t->board};
    all_checks[0] = all_checks[1] = 1;
    for (int k = first + 1; k <= l->plies; k++) {
        const bg_move m = bgi_line_move(l, k);
        const int mover = cur.stm;
        xq_state next = cur;
        xq_make_counted(&next, m);
        if ((next.key ^ xq_checks_key(&next)) != bgi_line_key(l, k))
            return 0;
        const int check = xq_in_check(&next);
        all_checks[mover] &= check;
        if (check)
            chased[mover] = bb_zero();
        else if (bb_any(chased[mover]))
            chased[mover] = bb_and(chased[mover], xq_move_chases(&cur, &next));
        /* The other side's pieces chased so far: the one that moved is followed to its point. */
        const int from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m);
        if (bb_test(chased[!mover], from))
            chased[!mover] = bb_set(bb_xor(chased[!mover], bb_sq(from)), to);
        cur = next;
    }
    chaser[0] = bb_any(chased[0]);
    chaser[1] = bb_any(chased[1]);
    return 1;
}

/*
** Third occurrence of the position (same pieces, same side to move) within the plies since the
** last capture. Ruleset plain: a draw. Asian: over the moves since the first occurrence, a side
** that gave check with every move loses (both did: draw); else a side that chased one same piece
** with every move loses (both did: draw); else a draw.
*/
static int repetition(const bgi_line *l, bgi_result *r)
{
    const xq_state *s = XQ_CSTATE(l->pos);
    const int n = l->plies;
    const int end = s->halfmove < n ? s->halfmove : n;
    int count = 1, first = n;
    for (int k = n - 4; k >= n - end && count < OCCURRENCES; k -= 2)
        if (bgi_line_key(l, k) == l->last_key) {
            count++;
            first = k;
        }
    if (count < OCCURRENCES)
        return 0;
    if (l->pos->options.ival[XQ_OPT_RULESET] == XQ_RULES_PLAIN)
        return draw(r, BG_REASON_REPETITION);
    int all_checks[2], chaser[2];
    if (!inspect_cycle(l, first, all_checks, chaser))
        return draw(r, BG_REASON_REPETITION);
    if (all_checks[0] != all_checks[1]) {
        win(r, all_checks[0] ? XQ_BLACK : XQ_RED, BG_REASON_PERPETUAL_CHECK);
        return 1;
    }
    if (!all_checks[0] && chaser[0] != chaser[1]) {
        win(r, chaser[0] ? XQ_BLACK : XQ_RED, BG_REASON_PERPETUAL_CHASE);
        return 1;
    }
    return draw(r, BG_REASON_REPETITION);
}

/*
** Order: no legal move (checkmate or stalemate, both lost, so a mate on the last ply before a
** limit still wins), no attacking material, repetition, then the move limit.
*/
static int automatic(const bgi_line *l, bgi_result *r)
{
    const xq_state *s = XQ_CSTATE(l->pos);
    if (xq_count(s) == 0) {
        BGI_NO_MOVE_RESULT(r, s->stm, xq_in_check(s), BG_REASON_STALEMATE, 0);
        return 1;
    }
    if (!attacking_material(s))
        return draw(r, BG_REASON_INSUFFICIENT_MATERIAL);
    if (repetition(l, r))
        return 1;
    /* The option counts moves of both sides; the clock counts plies (and stops at 65535). */
    const long limit = 2L * l->pos->options.ival[XQ_OPT_MOVELIMIT];
    if (limit > 0 && s->halfmove >= limit)
        return draw(r, BG_REASON_MOVE_LIMIT);
    return 0;
}

/*
** For a reader that judges at the end (bgi_adjudicator.passable): whether automatic() may find
** after the game's last move no attacking material, a third occurrence or the move limit. The
** occurrences counted by repetition() lie at least 4 plies apart, within the clock: below 8
** plies since the last capture there is no third one.
*/
static int passable(const bg_game *g)
{
    const xq_state *s = XQ_CSTATE(g->pos);
    if (!attacking_material(s))
        return 1;
    const long limit = 2L * g->pos->options.ival[XQ_OPT_MOVELIMIT];
    if (limit > 0 && s->halfmove >= limit)
        return 1;
    if (s->halfmove < 8)
        return 0;
    return bgi_game_occurrences(g, s->halfmove, OCCURRENCES) >= OCCURRENCES;
}

const bgi_adjudicator bgi_xiangqi_adjudicator = {
    .automatic = automatic,
    .claims = NULL, /* every ending is automatic */
    .claim_result = NULL,
    .resign = NULL, /* two sides: the opponent wins */
    .passable = passable,
};
