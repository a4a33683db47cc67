/*
** libboardgames — results of defined variants, by Fairy-Stockfish's rules: extinction and flags
** end the game at once; no legal move is checkmate or stalemate with the defined values; the
** n-move rule, makruk/ASEAN counting and n-fold repetition (with perpetual check) are automatic.
*/
#include "gen.h"
#include "game_internal.h"

static void value_result(bgi_result *r, int stm, int value, bg_reason reason)
{
    if (value == GEN_V_WIN)
        *r = (bgi_result){BG_WIN, 1u << stm, reason};
    else if (value == GEN_V_LOSS)
        *r = (bgi_result){BG_WIN, 1u << (1 - stm), reason};
    else
        *r = (bgi_result){BG_DRAW, 0, reason};
}

/* Whether the position after `ply` plies of the line has the side to move in check. */
static int checked_at(const bgi_line *l, int ply)
{
    if (ply == 0)
        return bg_position_in_check(bg_game_start_position(l->game));
    return (int)(bgi_line_note(l, ply) & 1);
}

static int repetition(const bgi_line *l, const gen_def *d, const gen_state *s, bgi_result *r)
{
    const gen_desc *ds = d->desc;
    if (!ds->n_fold_rule)
        return 0;
    int window = ds->captures_to_hand ? l->plies : s->halfmove;
    if (window > l->plies)
        window = l->plies;
    int first = l->plies, count = 0;
    for (int p = l->plies; p >= l->plies - window && count < ds->n_fold_rule; p -= 2)
        if (bgi_line_key(l, p) == l->last_key) {
            count++;
            first = p;
        }
    if (count < ds->n_fold_rule)
        return 0;
    int stm = s->stm, them_perpetual = 1, us_perpetual = 1;
    for (int p = l->plies; p >= first; p -= 2)
        them_perpetual &= checked_at(l, p);
    for (int p = l->plies - 1; p > first; p -= 2)
        us_perpetual &= checked_at(l, p);
    if (ds->perpetual_check_illegal && them_perpetual) {
        value_result(r, stm, GEN_V_WIN, BG_REASON_PERPETUAL_CHECK);
        return 1;
    }
    if (ds->perpetual_check_illegal && us_perpetual) {
        value_result(r, stm, GEN_V_LOSS, BG_REASON_PERPETUAL_CHECK);
        return 1;
    }
    int v = ds->n_fold_value;
    if (ds->n_fold_value_absolute && stm == 1)
        v = v == GEN_V_WIN ? GEN_V_LOSS : v == GEN_V_LOSS ? GEN_V_WIN : v;
    value_result(r, stm, v, BG_REASON_REPETITION);
    return 1;
}

/*
** More than two sides (gen_sides.c puts sides out as they fall): the last side in play wins; a
** stalemate that puts nobody out, the n-move rule (n rounds of turns) and repetition are draws.
*/
static int automatic_sides(const bgi_line *l, const gen_def *d, const gen_state *s, bgi_result *r)
{
    const gen_desc *ds = d->desc;
    uint32_t alive = gen_sides_alive(d, s);
    if (!(alive & (alive - 1))) {
        *r = (bgi_result){BG_WIN, alive, BG_REASON_ELIMINATION};
        return 1;
    }
    if (gen_legal_moves(d, s, NULL) == 0) {
        *r = (bgi_result){BG_DRAW, 0, BG_REASON_STALEMATE};
        return 1;
    }
    if (ds->n_move_rule && s->halfmove >= ds->n_move_rule * d->sides) {
        *r = (bgi_result){BG_DRAW, 0, BG_REASON_MOVE_LIMIT};
        return 1;
    }
    /* The key holds the side to move: every earlier ply is a candidate. */
    int count = 0, window = s->halfmove < l->plies ? s->halfmove : l->plies;
    for (int p = l->plies; p >= l->plies - window && count < ds->n_fold_rule; p--)
        count += bgi_line_key(l, p) == l->last_key;
    if (ds->n_fold_rule && count >= ds->n_fold_rule) {
        *r = (bgi_result){BG_DRAW, 0, BG_REASON_REPETITION};
        return 1;
    }
    return 0;
}

/* A resignation: the other sides still in play win. */
static void resign(const bg_game *g, int side, bgi_result *r)
{
    const bg_position *pos = bg_game_position(g);
    const gen_def *d = GEN_DEF(pos);
    if (d->sides > 2)
        r->winners = gen_sides_alive(d, GEN_CSTATE(pos)) & ~(1u << side);
}

/* Out of the game: a side whose king fell (more than two sides); the counts as for any game. */
static int stat(const bg_game *g, int side, int which)
{
    const bg_position *pos = bg_game_position(g);
    const gen_def *d = GEN_DEF(pos);
    if (which == BG_STAT_ELIMINATED && d->sides > 2)
        return !((gen_sides_alive(d, GEN_CSTATE(pos)) >> side) & 1);
    return BGI_STAT_DEFAULT;
}

static int automatic(const bgi_line *l, bgi_result *r)
{
    const gen_def *d = GEN_DEF(l->pos);
    const gen_state *s = GEN_CSTATE(l->pos);
    const gen_desc *ds = d->desc;
    if (d->sides > 2)
        return automatic_sides(l, d, s, r);
    int stm = s->stm, value;
    int end = gen_immediate_end(d, s, &value);
    if (end) {
        value_result(r, stm, value,
                     end == 2 ? BG_REASON_TRY : ds->extinction_all ? BG_REASON_BARE_KING
                                                                     : BG_REASON_ROYALS_CAPTURED);
        return 1;
    }
    int moves = gen_legal_moves(d, s, NULL);
    if (moves == 0) {
        if (gen_in_check(d, s))
            value_result(r, stm, ds->checkmate_value, BG_REASON_CHECKMATE);
        else
            value_result(r, stm, ds->stalemate_value,
                         ds->stalemate_value == GEN_V_DRAW ? BG_REASON_STALEMATE : BG_REASON_NO_LEGAL_MOVES);
        return 1;
    }
    if (ds->n_move_rule && s->halfmove >= 2 * ds->n_move_rule) {
        value_result(r, stm, GEN_V_DRAW, ds->n_move_rule == 50 ? BG_REASON_FIFTY_MOVES : BG_REASON_MOVE_LIMIT);
        return 1;
    }
    if (s->count_limit && s->count_ply > s->count_limit) {
        value_result(r, stm, GEN_V_DRAW, BG_REASON_COUNTING);
        return 1;
    }
    return repetition(l, d, s, r);
}

/* Bit 0: the move gave check (perpetual-check rules look back at these). */
static uint32_t ply_note(const bg_position *after, bg_move m)
{
    (void)m;
    return (uint32_t)bg_position_in_check(after);
}

/* No claims: every ending of a defined variant is automatic. */
const bgi_adjudicator bgi_gen_adjudicator = {
    .automatic = automatic,
    .resign = resign,
    .stat = stat,
    .ply_note = ply_note,
};
