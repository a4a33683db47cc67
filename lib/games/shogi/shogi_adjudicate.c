/*
** libboardgames — shogi family adjudication: mate and no move, sennichite and perpetual check,
** impasse (27-point declaration, 24-point count, try), Sho's two royals, old shogi's bare king,
** minishogi's and Tori's repetition rules (docs/shogi-rules.md states each rule and its source).
**
** Every ply keeps a note (did the move give check?), so the perpetual-check rules read the history
** and never replay it.
*/
#include "game_internal.h"
#include "shogi.h"

#define NOTE_CHECK 1u

/* Option values, in the order of the options[] tables of shogi_variant.c. */
enum { IMPASSE_27 = 0, IMPASSE_24, IMPASSE_TRY, IMPASSE_NONE };
enum { HEIAN_OPT_BAREKING = 1, BAREKING_TRUE = 0 };
enum { TORI_FOURFOLD = 0, TORI_THREEFOLD };

/* CSA rule: pieces in the enemy camp besides the king, and the points sente/gote must reach. */
#define DECLARE_PIECES 10
#define DECLARE_POINTS_SENTE 28
#define DECLARE_POINTS_GOTE 27
/* The 24-point rule: fewer points than this lose. */
#define COUNT_POINTS 24

static uint32_t ply_note(const bg_position *after, bg_move m)
{
    (void)m;
    return shogi_in_check(SHOGI_CSTATE(after)) ? NOTE_CHECK : 0;
}

static void win(bgi_result *r, int side, bg_reason reason)
{
    *r = (bgi_result){BG_WIN, 1u << side, reason};
}

static void draw(bgi_result *r, bg_reason reason)
{
    *r = (bgi_result){BG_DRAW, 0, reason};
}

static int impasse_rule(const bg_position *pos)
{
    return pos->variant == &bgi_variant_shogi ? pos->options.ival[0] : IMPASSE_NONE;
}

/* ---- impasse: points, the declaration, the count ---- */

/* Rook and bishop, promoted or not, count 5; every other piece 1; the king nothing. */
static int type_points(int type)
{
    switch (type) {
    case SH_ROOK: case SH_BISHOP: case SH_DRAGON: case SH_HORSE: return 5;
    case SH_KING: return 0;
    default: return 1;
    }
}

static int board_points(const shogi_state *s, sbb squares)
{
    int p = 0;
    for (; sbb_any(squares); squares &= squares - 1)
        p += type_points(SH_CODE_TYPE(s->board[sbb_lsb(squares)]));
    return p;
}

static int hand_points(const shogi_state *s, int side)
{
    const shogi_game *gm = shogi_game_of(s);
    int p = 0;
    for (int i = 0; i < gm->nhand; i++)
        p += s->hand[side][i] * type_points(gm->hand_type[i]);
    return p;
}

/* The last three ranks seen from `side`: where its king must stand to have entered. */
static sbb enemy_camp(const shogi_state *s, int side)
{
    const shogi_game *gm = shogi_game_of(s);
    return shogi_far_ranks[gm->geom][side][gm->zone];
}

static sbb king_of(const shogi_state *s, int side)
{
    return s->type[SH_KING] & s->side[side];
}

static int entered(const shogi_state *s, int side)
{
    return sbb_any(king_of(s, side) & enemy_camp(s, side));
}

/* Declaration points: own pieces in the enemy camp (the king excluded) plus the hand. */
static int declaration_points(const shogi_state *s, int side)
{
    return board_points(s, s->side[side] & enemy_camp(s, side)) + hand_points(s, side);
}

/* The 24-point count: everything a side owns, on the board and in hand. */
static int total_points(const shogi_state *s, int side)
{
    return board_points(s, s->side[side]) + hand_points(s, side);
}

/* CSA rule (27 points): may the side to move declare and win now? */
static int declaration_holds(const shogi_state *s)
{
    const int us = s->stm;
    if (!entered(s, us) || shogi_in_check(s))
        return 0;
    if (sbb_popcount(s->side[us] & enemy_camp(s, us) & ~king_of(s, us)) < DECLARE_PIECES)
        return 0;
    return declaration_points(s, us) >= (us == SH_SENTE ? DECLARE_POINTS_SENTE : DECLARE_POINTS_GOTE);
}

static uint64_t claims(const bgi_line *l)
{
    const shogi_state *s = SHOGI_CSTATE(l->pos);
    const uint64_t impasse = (uint64_t)1 << BG_REASON_IMPASSE;
    switch (impasse_rule(l->pos)) {
    case IMPASSE_27: return declaration_holds(s) ? impasse : 0;
    case IMPASSE_24: return entered(s, SH_SENTE) && entered(s, SH_GOTE) ? impasse : 0;
    default: return 0;
    }
}

static void claim_result(const bgi_line *l, bg_reason reason, bgi_result *r)
{
    const shogi_state *s = SHOGI_CSTATE(l->pos);
    if (reason != BG_REASON_IMPASSE)
        return;
    if (impasse_rule(l->pos) == IMPASSE_27) {
        win(r, s->stm, reason);
        return;
    }
    /*
    ** 24 points: a side short of 24 loses. A full set has 54 points, so at most one side is short;
    ** positions set up with less material may leave both short: a draw then, as with neither.
    */
    const int sente_short = total_points(s, SH_SENTE) < COUNT_POINTS;
    const int gote_short = total_points(s, SH_GOTE) < COUNT_POINTS;
    if (sente_short != gote_short)
        win(r, sente_short ? SH_GOTE : SH_SENTE, reason);
    else
        draw(r, reason);
}

/* CSA rule: a declaration that does not hold loses; the other rules just refuse it. */
static int failed_declaration(const bgi_line *l, bg_reason reason, bgi_result *r)
{
    if (reason != BG_REASON_IMPASSE || impasse_rule(l->pos) != IMPASSE_27)
        return 0;
    win(r, !SHOGI_CSTATE(l->pos)->stm, reason);
    return 1;
}

/* bg_game_score: the points of the impasse rule in force (declaration or 24-point count). */
static int score(const bg_position *pos, int side)
{
    const shogi_state *s = SHOGI_CSTATE(pos);
    switch (impasse_rule(pos)) {
    case IMPASSE_27: return 10 * declaration_points(s, side);
    case IMPASSE_24: return 10 * total_points(s, side);
    default: return BG_E_UNSUPPORTED;
    }
}

/* ---- automatic endings ---- */

/* The try rule: the last move took the mover's king onto the enemy king's start square. */
static int try_reached(const bgi_line *l)
{
    const shogi_state *s = SHOGI_CSTATE(l->pos);
    const shogi_game *gm = shogi_game_of(s);
    const int mover = !s->stm;
    if (l->plies < 1 || (l->last_move & BG_MOVE_DROP))
        return 0;
    /* Sente's target is 5a (gote's king start), gote's 5i. */
    const int target = (mover == SH_SENTE ? gm->height - 1 : 0) * gm->width + gm->width / 2;
    return BG_MOVE_TO(l->last_move) == target && sbb_test(king_of(s, mover), target);
}

/* Old shogi: a side left with its king alone. */
static int bare(const shogi_state *s, int side)
{
    return !sbb_any(s->side[side] & ~king_of(s, side));
}

/*
** The ply of the earliest of the last `want` occurrences of the line's final position (board, both
** hands, side to move), or -1 if it occurs fewer times. Positions can recur across captures
** (pieces change hands back and forth), so the whole line is looked at, same side to move only.
*/
static int occurrence(const bgi_line *l, int want)
{
    int count = 1;
    for (int k = l->plies - 2; k >= 0; k -= 2)
        if (bgi_line_key(l, k) == l->last_key && ++count == want)
            return k;
    return -1;
}

/* Bit i set: side i gave check with every one of its moves after ply `first`. */
static unsigned checked_throughout(const bgi_line *l, int first, int mover)
{
    unsigned all = 3;
    for (int k = first + 1; k <= l->plies; k++)
        if (!(bgi_line_note(l, k) & NOTE_CHECK))
            all &= ~(1u << ((l->plies - k) % 2 == 0 ? mover : !mover));
    return all;
}

/*
** Repetition by game and option. `mover` completed the repetition (made the last move).
**   shogi, Sho, old shogi: fourth occurrence = draw; a side that checked throughout loses.
**   minishogi: fourth occurrence loses for sente; a side that checked throughout loses.
**   Tori fourfold (Fairy-Stockfish): fourth occurrence loses for the mover; perpetual check loses.
**   Tori threefold (historical "repeater must vary"): the third occurrence loses for the mover,
**   unless that move got out of check: then the checking side loses.
*/
static int repetition(const bgi_line *l, bgi_result *r)
{
    const shogi_state *s = SHOGI_CSTATE(l->pos);
    const int mover = !s->stm;
    const int tori = shogi_game_of(s)->tori;
    const int threefold = tori && l->pos->options.ival[0] == TORI_THREEFOLD;
    const int first = occurrence(l, threefold ? 3 : 4);
    if (first < 0)
        return 0;
    const unsigned checkers = checked_throughout(l, first, mover);
    if (threefold) {
        const int evasion = bgi_line_note(l, l->plies - 1) & NOTE_CHECK;
        const int loser = evasion ? !mover : mover;
        win(r, !loser, checkers >> loser & 1u ? BG_REASON_PERPETUAL_CHECK : BG_REASON_REPETITION);
        return 1;
    }
    if (checkers == 1u || checkers == 2u) {
        win(r, checkers == 1u ? SH_GOTE : SH_SENTE, BG_REASON_PERPETUAL_CHECK);
        return 1;
    }
    if (s->game == SG_MINI)
        win(r, SH_GOTE, BG_REASON_REPETITION);
    else if (tori)
        win(r, !mover, BG_REASON_REPETITION);
    else
        draw(r, BG_REASON_REPETITION);
    return 1;
}

static int automatic(const bgi_line *l, bgi_result *r)
{
    const shogi_state *s = SHOGI_CSTATE(l->pos);
    const shogi_game *gm = shogi_game_of(s);
    const int us = s->stm;
    /* Sho: a side whose king and prince are both gone has lost (the engine gives it no move). */
    if (gm->two_royals && !sbb_any(shogi_royals(s, us))) {
        win(r, !us, BG_REASON_ROYALS_CAPTURED);
        return 1;
    }
    if (!shogi_has_move(s)) {
        /* With two royals there is no check rule: no move is just no move. */
        const int mated = shogi_in_check(s) && !sbb_several(shogi_royals(s, us));
        BGI_NO_MOVE_RESULT(r, us, mated, BG_REASON_NO_LEGAL_MOVES, 0);
        return 1;
    }
    if (gm->bare_king && l->pos->options.ival[HEIAN_OPT_BAREKING] == BAREKING_TRUE) {
        const int bare_us = bare(s, us), bare_them = bare(s, !us);
        if (bare_us && bare_them) {
            draw(r, BG_REASON_BARE_KING);
            return 1;
        }
        if (bare_us || bare_them) {
            win(r, bare_us ? !us : us, BG_REASON_BARE_KING);
            return 1;
        }
    }
    if (impasse_rule(l->pos) == IMPASSE_TRY && try_reached(l)) {
        win(r, !us, BG_REASON_TRY);
        return 1;
    }
    return repetition(l, r);
}

const bgi_adjudicator bgi_shogi_adjudicator = {
    .automatic = automatic,
    .claims = claims,
    .claim_result = claim_result,
    .resign = NULL, /* two sides: the opponent wins */
    .ply_note = ply_note,
    .score = score,
    .declarations = (uint64_t)1 << BG_REASON_IMPASSE,
    .failed_declaration = failed_declaration,
};
