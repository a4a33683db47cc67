/* libboardgames — Western chess adjudication (FIDE Laws 5, 9): automatic endings and draw claims; option fiftymove. */
#include "chess.h"
#include "game_internal.h"

/* FIDE 9.3 / 9.6.2 in plies of the halfmove clock. */
#define FIFTY_MOVES 100
#define SEVENTYFIVE_MOVES 150

/* A capture or pawn move is irreversible: no position before the halfmove clock can recur. */
static int repetitions(const bgi_line *l)
{
    return bgi_line_repetitions(l, CHESS_CSTATE(l->pos)->halfmove);
}

static int automatic(const bgi_line *l, bgi_result *r)
{
    const chess_state *s = CHESS_CSTATE(l->pos);
    /* Checkmate and stalemate first: mate on the 150th ply wins (FIDE 9.6.2). */
    if (!chess_has_move(s)) {
        BGI_NO_MOVE_RESULT(r, s->stm, chess_in_check(s), BG_REASON_STALEMATE, 1);
        return 1;
    }
    if (chess_insufficient_material(s)) {
        *r = (bgi_result){BG_DRAW, 0, BG_REASON_INSUFFICIENT_MATERIAL};
        return 1;
    }
    if (repetitions(l) >= 5) {
        *r = (bgi_result){BG_DRAW, 0, BG_REASON_FIVEFOLD_REPETITION};
        return 1;
    }
    /* Option fiftymove=automatic (seed 001): the 50-move rule draws by itself, after mate above. */
    if (s->halfmove >= FIFTY_MOVES &&
        l->pos->options.ival[CHESS_OPT_FIFTYMOVE] == CHESS_FIFTY_AUTOMATIC) {
        *r = (bgi_result){BG_DRAW, 0, BG_REASON_FIFTY_MOVES};
        return 1;
    }
    if (s->halfmove >= SEVENTYFIVE_MOVES) {
        *r = (bgi_result){BG_DRAW, 0, BG_REASON_SEVENTYFIVE_MOVES};
        return 1;
    }
    return 0;
}

/*
** For a reader that judges at the end (bgi_adjudicator.passable): whether automatic() may find
** after the game's last move a dead position, a fivefold repetition or the 50 (option) or 75
** moves. Five occurrences of a position lie at least 16 plies apart (a piece needs 4 to go and
** come back), all within the halfmove clock: below 16 there is no repetition to count.
*/
static int passable(const bg_game *g)
{
    const chess_state *s = CHESS_CSTATE(g->pos);
    if (s->halfmove >= FIFTY_MOVES)
        return 1;
    if (!(s->by_kind[CH_PAWN] | s->by_kind[CH_ROOK] | s->by_kind[CH_QUEEN]) &&
        chess_insufficient_material(s))
        return 1;
    if (s->halfmove < 16)
        return 0;
    return bgi_game_occurrences(g, s->halfmove, 5) >= 5;
}

/* Claims the side to move may make on the position at the end of the line (FIDE 9.2, 9.3). */
static uint64_t claims(const bgi_line *l)
{
    uint64_t c = 0;
    if (repetitions(l) >= 3)
        c |= (uint64_t)1 << BG_REASON_THREEFOLD_REPETITION;
    if (CHESS_CSTATE(l->pos)->halfmove >= FIFTY_MOVES)
        c |= (uint64_t)1 << BG_REASON_FIFTY_MOVES;
    return c;
}

const bgi_adjudicator bgi_chess_adjudicator = {
    .automatic = automatic,
    .claims = claims,
    .claim_result = NULL, /* every chess claim is a draw */
    .resign = NULL,       /* two sides: the opponent wins */
    .passable = passable,
};
