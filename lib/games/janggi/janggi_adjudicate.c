/*
** libboardgames — janggi adjudication by ruleset: checkmate, bikjang, double pass, three checks in a
** row, repetition (perpetual check, Kakao move repetition), move limit; counting decides the rest.
**
** Rulesets (docs/janggi.md compares them):
**   seed         checkmate; bikjang (any reply to facing generals but the general stepping out of
**                the facing), a double pass and three checks in a row by one piece end by
**                counting. No repetition or move limit.
**   tournament   Fairy-Stockfish `janggi`: bikjang, double pass, threefold repetition and 100 plies
**                without capture end by counting; a side that checked through a whole repetition
**                cycle loses.
**   traditional  `janggitraditional`: as tournament, but every counted ending is a draw.
**   modern       `janggimodern`: no bikjang; counting; fourfold repetition; 200 plies; a side
**                shuttling one piece back and forth (the fifth such move) loses.
**   casual       `janggicasual`: no bikjang, no counting (draws), threefold, 100 plies.
** Every ply keeps a note (pass, capture, check, the checking pieces, facing generals) so that these
** rules look only at the history, never replay it.
*/
#include "game_internal.h"
#include "janggi.h"

/* Ply note layout (facing generals after the move: kept for users of the notes, not needed here). */
#define NOTE_PASS 1u
#define NOTE_CHECK 2u
#define NOTE_FACING 4u
#define NOTE_CAPTURE 8u
#define NOTE_CHECKER_SHIFT 8 /* up to three checker points, 7 bits each, 127 = none */
#define NO_POINT 127u

static uint32_t ply_note(const bg_position *after, bg_move m)
{
    const jg_state *s = JG_CSTATE(after);
    uint32_t note = 0;
    if (m & BG_MOVE_PASS)
        note |= NOTE_PASS;
    else if (s->halfmove == 0)
        note |= NOTE_CAPTURE; /* only a capture resets the janggi clock */
    if (jg_facing(s))
        note |= NOTE_FACING;
    uint32_t points = NO_POINT | NO_POINT << 7 | NO_POINT << 14;
    bb128 checkers = jg_in_check(s) ? jg_checkers(s) : bb_zero();
    if (bb_any(checkers)) {
        note |= NOTE_CHECK;
        for (int i = 0; i < 3 && bb_any(checkers); i++) {
            uint32_t sq = (uint32_t)bb_pop_lsb(&checkers);
            points = (points & ~(NO_POINT << (7 * i))) | sq << (7 * i);
        }
    }
    return note | points << NOTE_CHECKER_SHIFT;
}

static int score(const bg_position *pos, int side)
{
    return jg_score10(JG_CSTATE(pos), side);
}

typedef struct ruleset {
    int bikjang, counting, three_checks, nfold, move_limit, move_repetition;
} ruleset;

/* Indexed by JG_RULES_*. move_limit is in plies without capture (0 = none). */
static const ruleset rulesets[] = {
    {1, 1, 1, 0, 0, 0},   /* standard: the seed's endings */
    {1, 1, 1, 0, 0, 0},   /* seed */
    {1, 1, 0, 3, 100, 0}, /* tournament */
    {1, 0, 0, 3, 100, 0}, /* traditional */
    {0, 1, 0, 4, 200, 1}, /* modern */
    {0, 0, 0, 3, 100, 0}, /* casual */
};

static const ruleset *rules_of(const bgi_line *l)
{
    int i = l->pos->options.ival[JG_OPT_RULESET];
    return &rulesets[i >= 0 && i < (int)(sizeof rulesets / sizeof rulesets[0]) ? i : 0];
}

static void win(bgi_result *r, int side, bg_reason reason)
{
    *r = (bgi_result){BG_WIN, 1u << side, reason};
}

/* An ending that counting decides (a draw in rulesets without counting). */
static int counted(const bgi_line *l, const ruleset *rs, bg_reason reason, bgi_result *r)
{
    if (!rs->counting) {
        *r = (bgi_result){BG_DRAW, 0, reason};
        return 1;
    }
    const jg_state *s = JG_CSTATE(l->pos);
    /* Han's 1.5 makes the totals always differ. */
    win(r, jg_score10(s, JG_CHO) > jg_score10(s, JG_HAN) ? JG_CHO : JG_HAN, reason);
    return 1;
}

static int has_check(const bgi_line *l, int ply)
{
    return ply >= 1 && (bgi_line_note(l, ply) & NOTE_CHECK) != 0;
}

/* Checker points of ply `ply` as a set. */
static bb128 checker_set(uint32_t note)
{
    bb128 b = bb_zero();
    for (int i = 0; i < 3; i++) {
        uint32_t sq = note >> (NOTE_CHECKER_SHIFT + 7 * i) & NO_POINT;
        if (sq != NO_POINT)
            b = bb_set(b, (int)sq);
    }
    return b;
}

/*
** Seed rule: the side that just moved gave check with its last three moves, one same piece among
** the checkers each time. A piece is followed from point to point through its own moves; the
** opponent's replies may capture it.
*/
static int three_checks(const bgi_line *l)
{
    const int n = l->plies;
    if (n < 5 || !has_check(l, n) || !has_check(l, n - 2) || !has_check(l, n - 4))
        return 0;
    bb128 pieces = checker_set(bgi_line_note(l, n - 4));
    for (int k = n - 2; k <= n && bb_any(pieces); k += 2) {
        const bg_move reply = bgi_line_move(l, k - 1), own = bgi_line_move(l, k);
        bb128 next = bb_zero();
        while (bb_any(pieces)) {
            int sq = bb_pop_lsb(&pieces);
            if (!(reply & BG_MOVE_PASS) && BG_MOVE_TO(reply) == sq)
                continue;
            if (!(own & BG_MOVE_PASS) && BG_MOVE_FROM(own) == sq)
                sq = BG_MOVE_TO(own);
            next = bb_set(next, sq);
        }
        pieces = bb_and(next, checker_set(bgi_line_note(l, k)));
    }
    return bb_any(pieces);
}

static bg_move reverse(bg_move m) { return BG_MOVE_MAKE(BG_MOVE_TO(m), BG_MOVE_FROM(m)); }

/*
** Modern (Kakao) move repetition, as Fairy-Stockfish's `janggimodern` judges it: the side that
** just moved took one piece (not its general or a guard) back and forth, A-B-A-B-A after arriving
** on A without a capture, never in check before those moves, within the plies since the last
** capture. That side loses.
*/
static int move_repetition(const bgi_line *l, int end)
{
    const jg_state *s = JG_CSTATE(l->pos);
    const int n = l->plies;
    const bg_move m0 = bgi_line_move(l, n);
    if (end < 4 || (m0 & BG_MOVE_PASS) || has_check(l, n - 1) || has_check(l, n - 3))
        return 0;
    const int kind = JG_KIND(s->board[BG_MOVE_TO(m0)]);
    if (kind == JG_GENERAL || kind == JG_GUARD)
        return 0;
    const bg_move m2 = bgi_line_move(l, n - 2);
    int rep = m2 == reverse(m0) ? 2 : (m2 & BG_MOVE_PASS) ? 1 : 0;
    /* stp is the ply whose position the walk stands on: n - 2, n - 4, ... */
    for (int i = 4, stp = n - 2; i <= end && rep > 0; i += 2, stp -= 2) {
        if (i + 1 <= end && has_check(l, n - i - 1)) {
            rep = 0;
        } else if (rep < 4) {
            const bg_move ref = bgi_line_move(l, rep == 1 ? n : stp);
            rep = bgi_line_move(l, n - i) == reverse(ref) ? rep + 1 : 0;
        } else {
            const bg_move before = bgi_line_move(l, n - i);
            if (!(bgi_line_note(l, n - i) & NOTE_CAPTURE) && !(before & BG_MOVE_PASS) &&
                BG_MOVE_FROM(bgi_line_move(l, stp)) == BG_MOVE_TO(before))
                return 1;
            rep = 0;
        }
    }
    return 0;
}

/*
** n-fold repetition within the plies since the last capture. The cycle runs from the first of the
** n occurrences to now: a side that gave check with every one of its moves in it loses (both: the
** repetition is an ordinary one).
*/
static int repetition(const bgi_line *l, const ruleset *rs, int end, bgi_result *r)
{
    const int n = l->plies;
    int count = 1, first = n;
    for (int k = n - 4; k >= n - end && k >= 0 && count < rs->nfold; k -= 2)
        if (bgi_line_key(l, k) == l->last_key) {
            count++;
            first = k;
        }
    if (count < rs->nfold)
        return 0;
    int mover_checks = 1, other_checks = 1;
    for (int k = n; k > first; k--) {
        if ((n - k) % 2 == 0)
            mover_checks &= has_check(l, k);
        else
            other_checks &= has_check(l, k);
    }
    const int mover = !JG_CSTATE(l->pos)->stm;
    if (mover_checks != other_checks) {
        win(r, mover_checks ? !mover : mover, BG_REASON_PERPETUAL_CHECK);
        return 1;
    }
    return counted(l, rs, BG_REASON_REPETITION, r);
}

static int automatic(const bgi_line *l, bgi_result *r)
{
    const jg_state *s = JG_CSTATE(l->pos);
    const ruleset *rs = rules_of(l);
    const int n = l->plies;
    bg_move moves[JG_MAX_MOVES];
    /* The position knows when the game ended over the board: bikjang accepted, or a double pass. */
    if (s->ended)
        return counted(l, rs,
                       s->ended == JG_ENDED_BIKJANG ? BG_REASON_BIKJANG : BG_REASON_DOUBLE_PASS, r);
    /* A pass is legal out of check: no legal move means checkmate (it loses either way). */
    if (jg_generate(s, moves) == 0) {
        BGI_NO_MOVE_RESULT(r, s->stm, jg_in_check(s), BG_REASON_NO_LEGAL_MOVES, 0);
        return 1;
    }
    if (rs->three_checks && three_checks(l))
        return counted(l, rs, BG_REASON_PERPETUAL_CHECK, r);
    /* Fairy-Stockfish's order: the move limit, then repetition over the plies since a capture. */
    const int end = s->halfmove < n ? s->halfmove : n;
    if (rs->move_limit && s->halfmove >= rs->move_limit)
        return counted(l, rs, BG_REASON_MOVE_LIMIT, r);
    if (rs->move_repetition && move_repetition(l, end)) {
        win(r, s->stm, BG_REASON_REPETITION);
        return 1;
    }
    return rs->nfold && repetition(l, rs, end, r);
}

/* A record goes on after the pass that ended the game: the position forgets that it did. */
static void resume(bg_position *pos) { JG_STATE(pos)->ended = 0; }

const bgi_adjudicator bgi_janggi_adjudicator = {
    .automatic = automatic,
    .claims = NULL,       /* every janggi ending is automatic */
    .claim_result = NULL,
    .resign = NULL,       /* two sides: the opponent wins */
    .ply_note = ply_note,
    .score = score,
    .resume = resume,
};
