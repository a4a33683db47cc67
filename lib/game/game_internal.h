/* libboardgames — game handle internals: history layout, results, and the adjudicator hooks families implement. */
#ifndef BG_GAME_INTERNAL_H
#define BG_GAME_INTERNAL_H

#include "internal.h"

/*
** A result as the game layer stores it. No move can follow a result, so a result always came with
** or after the last move: undo simply clears it.
*/
/* What a stat hook returns for a figure it leaves to the game layer (bg_game_stat). */
#define BGI_STAT_DEFAULT (-1000)

typedef struct bgi_result {
    bg_outcome outcome;
    uint32_t winners; /* bit i = side i won */
    bg_reason reason;
} bgi_result;

/*
** The line an adjudicator judges: the game's moves up to `plies`, ending in `pos`. For "by the next
** move" questions the line is the game plus one move that is not (yet) in the history: then
** plies == game->ply_count + 1 and `last_key` is the key of `pos`, which the history lacks.
** `last_move` and `last_note` are the move and ply note (see ply_note below) of the line's last
** ply (when plies >= 1), for the same reason.
*/
typedef struct bgi_line {
    const bg_game *game;
    const bg_position *pos;
    int plies;
    uint64_t last_key; /* rules->repetition_key(pos) */
    bg_move last_move;
    uint32_t last_note;
} bgi_line;

/*
** Adjudication hooks of one game family (bg_variant.adjudicator). Every hook may be NULL.
** - automatic: does the line end the game by itself (checkmate, stalemate, fivefold, 75 moves,
**   ...)? Fill *r and return 1, else return 0. Called after every move and on the start position.
** - claims: bit mask of (1 << bg_reason) the side to move at the end of the line may claim.
** - claim_result: the result of a valid claim; NULL means every claim is a draw.
** - resign: the result of `side` resigning; NULL means every other side wins.
** - stat: a per-side statistic for bg_game_stat() (BG_STAT_*, side and which already checked);
**   NULL = captures counted by replaying the main line (lib/game/stats.c).
** - ply_note: a family-defined 32-bit fact about a move just played, from the position after it
**   (janggi: a pass, a capture, the checking pieces, facing generals). When the hook exists the
**   history keeps one note per ply, so rules about the last few moves need no replay.
** - score: `side`'s score in a position by the family's counting rule, times ten (janggi);
**   bg_game_score() reports it. NULL = the family has no scores.
** - declarations: bit mask of (1 << bg_reason) that are declarations rather than claims (shogi's
**   impasse): the side to move makes them on its own turn, so never "by the next move"
**   (bg_game_claims_after leaves them out; bg_game_claim with a move refuses them, playing nothing).
** - failed_declaration: what a declaration that `claims` does not list costs (the CSA impasse rule:
**   the declarer loses): fill *r and return 1; return 0 to refuse it like any claim
**   (BG_E_CLAIM_REJECTED, the game goes on). NULL = always refuse.
*/
struct bgi_adjudicator {
    int (*automatic)(const bgi_line *line, bgi_result *r);
    uint64_t (*claims)(const bgi_line *line);
    void (*claim_result)(const bgi_line *line, bg_reason reason, bgi_result *r);
    void (*resign)(const bg_game *game, int side, bgi_result *r);
    int (*stat)(const bg_game *game, int side, int which); /* BGI_STAT_DEFAULT: as for any game */
    uint32_t (*ply_note)(const bg_position *after, bg_move m);
    int (*score)(const bg_position *pos, int side);
    uint64_t declarations;
    int (*failed_declaration)(const bgi_line *line, bg_reason reason, bgi_result *r);
    /*
    ** A record goes on after an ending the position itself knows (janggi: a pass that accepted
    ** bikjang, a second pass in a row): make the position one where play continues. NULL when
    ** the family has no such ending.
    */
    void (*resume)(bg_position *pos);
    /*
    ** Optional, for a record reader that judges once at the end (bgi_game_judge_later): whether
    ** automatic() may find after the game's last move an ending other than "no legal move" (a
    ** dead position, a repetition, a move limit: what a record can play on past, so that the
    ** ending must be found at the move that reached it). Cheap: it runs after every move, on the
    ** game itself (its position and history keys); 1 = judge now. A position with no legal move
    ** is judged at the end of the record, or when its next move is refused
    ** (bgi_game_judge_pending), which is the same. NULL: every move is judged.
    */
    int (*passable)(const bg_game *game);
};

/* Key of the position after `ply` plies of the line (0 = the start position). */
BGI_FUNC uint64_t bgi_line_key(const bgi_line *line, int ply);
/* Move and ply note of ply `ply` (1..plies) of the line: the move that led to position `ply`. */
BGI_FUNC bg_move bgi_line_move(const bgi_line *line, int ply);
BGI_FUNC uint32_t bgi_line_note(const bgi_line *line, int ply);
/*
** How often the last position of the line occurs in it (itself included), looking back at most
** `window` plies (a negative window = the whole line). Families pass their irreversibility bound
** (chess: the halfmove clock) to keep this short.
*/
BGI_FUNC int bgi_line_repetitions(const bgi_line *line, int window);

/* Tags: one allocation per tag holding "key\0value\0". */
typedef struct bgi_tag {
    char *text;
    uint32_t key_len, value_len;
} bgi_tag;

/* Annotations of one ply; kept only for plies that have some, sorted by ply. */
typedef struct bgi_note {
    int ply;
    int nag_count;
    int variation_count;
    char *comment;      /* NULL = none */
    uint8_t *nags;      /* exactly nag_count entries */
    char **variations;  /* variation_count strings, in a list of a power of two entries */
} bgi_note;

/*
** The game handle. Per played move it stores only the move and the repetition key of the
** position after it (12 bytes); positions in between are not kept. Undo therefore replays the
** main line from the start position (cheap next to what a server does per move, and it keeps a
** long game's memory small and bounded).
*/
struct bg_game {
    const bg_variant *variant;
    bgi_alloc alloc;
    bg_position *start;
    bg_position *pos;
    uint64_t start_key;

    /* History: one block of ply_cap keys, ply_cap moves and (if the family has them) notes. */
    void *plies;
    int ply_count, ply_cap;

    bgi_result result;
    int judge_later; /* a reader of moves only: judge once at the end (bgi_game_judge_later) */

    bgi_tag *tags;
    int tag_count, tag_cap;

    bgi_note *notes;
    int note_count, note_cap;

    bg_error error;
};

/*
** Upper bound on distinct tags in one game handle (BG_E_LIMIT beyond): tags are found by a linear
** search, so the bound keeps a hostile record's tag section from costing quadratic time.
*/
#define BGI_GAME_MAX_TAGS BG_GAME_MAX_TAGS

/* Upper bound on plies in one game handle (BG_E_LIMIT beyond). */
#define BGI_GAME_MAX_PLIES BG_GAME_MAX_PLIES

static inline uint64_t *bgi_game_keys(const bg_game *g) { return (uint64_t *)g->plies; }
static inline bg_move *bgi_game_moves(const bg_game *g)
{
    /* No arithmetic on a NULL block (a game with no move yet): that is undefined behaviour. */
    return g->plies ? (bg_move *)(void *)((uint64_t *)g->plies + g->ply_cap) : NULL;
}
/*
** For bgi_adjudicator.passable: how often the game's current position (after at least one ply)
** occurs among the positions of the same side to move, every other ply back within `clock`
** plies (the family's irreversibility bound), counted up to `enough`.
*/
static inline int bgi_game_occurrences(const bg_game *g, int clock, int enough)
{
    const uint64_t *keys = bgi_game_keys(g), key = keys[g->ply_count - 1];
    const int low = g->ply_count - clock;
    int n = 1, ply = g->ply_count - 2; /* the position after ply p has the key keys[p - 1] */
    for (; ply >= low && ply >= 1 && n < enough; ply -= 2)
        n += keys[ply - 1] == key;
    if (ply == 0 && low <= 0 && n < enough)
        n += g->start_key == key;
    return n;
}
/* The ply notes after the moves, only for families with a ply_note hook (NULL otherwise). */
static inline int bgi_game_has_notes(const bg_game *g)
{
    return g->variant->adjudicator && g->variant->adjudicator->ply_note;
}
static inline uint32_t *bgi_game_notes(const bg_game *g)
{
    return bgi_game_has_notes(g) && g->plies ? (uint32_t *)(void *)(bgi_game_moves(g) + g->ply_cap)
                                              : NULL;
}

/* Clear the handle's error (start of every changing call) / set it and return code. */
BGI_FUNC void bgi_game_clear_error(bg_game *g);
BGI_FUNC bg_status bgi_game_fail(bg_game *g, bg_status code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* History (history.c). */
/*
** Play a move read from a record (bg_game_play_record): like bg_game_play, but a drawn game or
** one ended by what an arbiter judges (a repetition, perpetual check or chase, a move limit,
** counting) or by what the players accept (janggi's bikjang and double pass) may go on, since
** real records do. Such an ending is taken back and the game judged again; an automatic draw of
** the rules stands. The record's own ending (a terminal word) is applied by its reader at the end.
*/
BGI_FUNC bg_status bgi_game_play_record(bg_game *g, bg_move m);
/* The same for a move the reader found among the legal moves (known_legal = 1: not checked again). */
BGI_FUNC bg_status bgi_game_record_move(bg_game *g, bg_move m, int known_legal);
/* Whether a record may go on with more moves: the game is ongoing or ended as above. */
BGI_FUNC int bgi_game_record_goes_on(const bg_game *g);
/*
** Take such an ending back before a record's next move is read (1 when one was): its text is
** then read in a position where play goes on (after janggi's double pass no move is legal).
*/
BGI_FUNC int bgi_game_record_resume(bg_game *g);
BGI_FUNC bg_status bgi_history_copy(bg_game *dst, const bg_game *src);
BGI_FUNC void bgi_history_free(bg_game *g);
BGI_FUNC size_t bgi_history_memory(const bg_game *g);

/*
** A record reader that keeps only the moves (BG_RECORD_MOVES_ONLY) judges the game once, at its
** end, instead of after every move: later(g, 1) before the moves, later(g, 0) after them. The
** endings a record can play on past are still found at their move (bgi_adjudicator.passable;
** every move is judged in families without that hook), so the game ends as a full reading's.
*/
BGI_FUNC void bgi_game_judge_later(bg_game *g, int later);
/*
** Before a reader that judges later refuses or explains a move: the position judged now (it may
** have no legal move), so that the move is refused as "after the end of the game" as in a full
** reading. Nothing when the game is judged move by move or is over.
*/
BGI_FUNC void bgi_game_judge_pending(bg_game *g);

/* Results (result.c): judge the current position automatically after a move or at the start. */
BGI_FUNC void bgi_game_adjudicate(bg_game *g);
static inline int bgi_game_over(const bg_game *g) { return g->result.outcome != BG_ONGOING; }
/* The error of a call that would play on in a game that is over (BG_E_GAME_OVER, with its reason). */
BGI_FUNC bg_status bgi_game_over_error(bg_game *g);
/*
** The game's current line as the adjudicator sees it (inline: a reader judging later builds one
** per move for bgi_adjudicator.passable), its claims, and setting the result (claim.c).
*/
static inline bgi_line bgi_game_line(const bg_game *g)
{
    const int n = g->ply_count;
    const uint32_t *notes = bgi_game_notes(g);
    bgi_line l = {g, g->pos, n, n ? bgi_game_keys(g)[n - 1] : g->start_key,
                  n ? bgi_game_moves(g)[n - 1] : BG_MOVE_NONE, n && notes ? notes[n - 1] : 0};
    return l;
}
BGI_FUNC uint64_t bgi_line_claims(const bgi_line *l);
BGI_FUNC void bgi_game_set_result(bg_game *g, const bgi_result *r);

/* Tags (tags.c) and annotations (annotations.c): deep copy, free, memory. */
BGI_FUNC bg_status bgi_tags_copy(bg_game *dst, const bg_game *src);
BGI_FUNC void bgi_tags_free(bg_game *g);
BGI_FUNC size_t bgi_tags_memory(const bg_game *g);
BGI_FUNC bg_status bgi_notes_copy(bg_game *dst, const bg_game *src);
BGI_FUNC void bgi_notes_free(bg_game *g);
BGI_FUNC size_t bgi_notes_memory(const bg_game *g);
/* Drop the annotations of plies after `ply` (undo). */
BGI_FUNC void bgi_notes_truncate(bg_game *g, int ply);

#endif
