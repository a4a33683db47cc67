/* libboardgames — game handles: move history, undo, results and claims, actions, tags and annotations. */
#ifndef BOARDGAMES_GAME_H
#define BOARDGAMES_GAME_H

#include <boardgames/base.h>
#include <boardgames/move.h>
#include <boardgames/position.h>
#include <boardgames/variant.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Opaque game: a start position, the rule options, the main line of moves, tags and annotations. */
typedef struct bg_game bg_game;

/* Outcome of a game. */
typedef enum bg_outcome {
    BG_ONGOING = 0,
    BG_WIN = 1, /* bg_game_winners() says which sides */
    BG_DRAW = 2
} bg_outcome;

/*
** Reasons (the names of docs/cli.md; bg_reason_name() gives the text). Values are never renumbered.
** Claims use the same values: bg_game_claims() returns a bit mask of (1 << reason).
*/
typedef enum bg_reason {
    BG_REASON_NONE = 0,
    BG_REASON_CHECKMATE = 1,
    BG_REASON_STALEMATE = 2,
    BG_REASON_NO_LEGAL_MOVES = 3,
    BG_REASON_INSUFFICIENT_MATERIAL = 4,
    BG_REASON_THREEFOLD_REPETITION = 5,
    BG_REASON_FIVEFOLD_REPETITION = 6,
    BG_REASON_FIFTY_MOVES = 7,
    BG_REASON_SEVENTYFIVE_MOVES = 8,
    BG_REASON_REPETITION = 9,
    BG_REASON_PERPETUAL_CHECK = 10,
    BG_REASON_PERPETUAL_CHASE = 11,
    BG_REASON_MOVE_LIMIT = 12,
    BG_REASON_BIKJANG = 13,
    BG_REASON_COUNTING = 14,
    BG_REASON_DOUBLE_PASS = 15,
    BG_REASON_IMPASSE = 16,
    BG_REASON_TRY = 17,
    BG_REASON_BARE_KING = 18,
    BG_REASON_ROYALS_CAPTURED = 19,
    BG_REASON_ELIMINATION = 20,
    BG_REASON_HEGEMONY = 21,
    BG_REASON_RESIGNATION = 22,
    BG_REASON_AGREEMENT = 23
} bg_reason;

/* "checkmate", "threefold-repetition", ...; "" for BG_REASON_NONE, NULL for an unknown value. */
BG_API const char *bg_reason_name(int reason);
/* Reason for a name, or -1. */
BG_API int bg_reason_find(const char *name);

/*
** Create a game at the variant's start (options as for bg_position_new), or from a position text.
** On failure *out is NULL and err says why.
*/
BG_API bg_status bg_game_new(bg_game **out, const bg_variant *v, const char *options,
                             const bg_allocator *alloc, bg_error *err);
BG_API bg_status bg_game_new_from_text(bg_game **out, const bg_variant *v, const char *text,
                                       const char *format, const char *options, unsigned flags,
                                       const bg_allocator *alloc, bg_error *err);
BG_API bg_status bg_game_clone(bg_game **out, const bg_game *game);
BG_API void bg_game_free(bg_game *game);

/* The game's variant (NULL for a NULL handle). */
BG_API const bg_variant *bg_game_variant(const bg_game *game);
/* The current and the start position; borrowed, valid until the game is changed or freed. */
BG_API const bg_position *bg_game_position(const bg_game *game);
BG_API const bg_position *bg_game_start_position(const bg_game *game);
/* Number of plies played, and the i-th (0-based) move of the main line (BG_MOVE_NONE if none). */
BG_API int bg_game_ply_count(const bg_game *game);
BG_API bg_move bg_game_move_at(const bg_game *game, int ply);

/* Most plies one game handle holds: bg_game_play beyond it gives BG_E_LIMIT. */
#define BG_GAME_MAX_PLIES (1 << 22)

/*
** Play a legal move. BG_E_ILLEGAL_MOVE or BG_E_GAME_OVER leave the game unchanged. After a move
** that ends the game automatically (checkmate, stalemate, fivefold, ...) bg_game_outcome() says so
** and further moves fail with BG_E_GAME_OVER.
*/
BG_API bg_status bg_game_play(bg_game *game, bg_move m);
/* Parse and play move text (bg_move_parse rules); on error the handle's message says where/why. */
BG_API bg_status bg_game_play_text(bg_game *game, const char *text, const char *notation,
                                   unsigned flags);
/* Take back the last move (and any result it produced or that was declared after it). */
/*
** Play a legal move as a game record does: it may go on past an automatic draw, and past an
** ending an arbiter judges (repetition, perpetual check or chase, a move limit, counting) or the
** players accept (janggi's bikjang and double pass) which is then taken back, the game being
** judged again from the move on (m is legal in the position where play goes on). Other results
** end the game as in bg_game_play.
*/
BG_API bg_status bg_game_play_record(bg_game *game, bg_move m);
/*
** The main line's moves in one notation (NULL = "uci"), separated by single spaces: one call
** for a whole game. snprintf convention: the full length, or a negative status.
*/
BG_API int bg_game_line_text(const bg_game *game, const char *notation, char *buf, size_t cap);
BG_API bg_status bg_game_undo(bg_game *game);

/* Result. Winners is a bit mask of side indexes (bit i = side i won); 0 unless BG_WIN. */
BG_API bg_outcome bg_game_outcome(const bg_game *game);
BG_API uint32_t bg_game_winners(const bg_game *game);
BG_API bg_reason bg_game_reason(const bg_game *game);

/*
** Per-side statistics (bg_game_stat's `which`). Seven Kingdoms keeps them in the position, so they
** include what a start position text records; other variants count captures over the game's main
** line from its start position.
*/
#define BG_STAT_CAPTURED 1   /* enemy pieces `side` has captured */
#define BG_STAT_LOST 2       /* pieces under `side`'s command that were captured */
#define BG_STAT_ELIMINATED 3 /* 1 if `side` is out of the game (Seven Kingdoms), else 0 */
#define BG_STAT_CONQUERED 4  /* sides `side` eliminated and took over (Seven Kingdoms), else 0 */
#define BG_STAT_COMMANDER 5  /* the side whose turn moves the pieces `side` started with: itself
                                while in play, its conqueror's commander once eliminated */
/* The statistic (>= 0), or BG_E_INVALID_ARGUMENT for a bad handle, side or `which`. */
BG_API int bg_game_stat(const bg_game *game, int side, int which);

/*
** Score of `side` in the current position by the variant's counting rule, times ten. Janggi:
** chariot 13, cannon 7, horse 5, elephant 3, guard 3, soldier 2, and 1.5 for Han (the start
** position gives Cho 720 and Han 735). When counting decided the result (janggi: bikjang, a
** double pass, three checks in a row, repetition or the move limit, by ruleset) these are the
** totals that decided it; the higher one won. Shogi: the impasse points (rook and bishop, promoted
** or not, 5, other pieces 1, the king 0) of the rule in force: impasse=27 counts own pieces in the
** enemy camp plus the hand, impasse=24 everything the side owns; BG_E_UNSUPPORTED under try and
** none, and in the other games of the family. BG_E_UNSUPPORTED for a variant without counting,
** BG_E_INVALID_ARGUMENT for a NULL game or a bad side.
*/
BG_API int bg_game_score(const bg_game *game, int side);

/*
** Claims the side to move may make now: bit mask of (1 << bg_reason), e.g. threefold repetition
** or the fifty-move rule in chess. bg_game_claims_after(m) gives the claims that playing m would
** allow ("by the next move").
*/
BG_API uint64_t bg_game_claims(const bg_game *game);
BG_API uint64_t bg_game_claims_after(const bg_game *game, bg_move m);
/*
** Make a claim. With m == BG_MOVE_NONE the claim is on the current position. With a move, the move
** is played first (FIDE 9.2/9.3: the move stands whether or not the claim is valid). A valid claim
** ends the game (a draw, unless the rule says otherwise: a shogi impasse declaration wins); an
** invalid one returns BG_E_CLAIM_REJECTED and the game goes on.
** Declarations (BG_REASON_IMPASSE in shogi) are the side to move's action on its own turn: with a
** move they are refused (BG_E_CLAIM_REJECTED, nothing played), and bg_game_claims_after() never
** lists them. Under the CSA rule (shogi option impasse=27) a declaration that fails its conditions
** is not refused: the declarer loses (BG_OK; bg_game_winners() names the opponent, the reason is
** BG_REASON_IMPASSE).
*/
BG_API bg_status bg_game_claim(bg_game *game, bg_reason reason, bg_move m);

/* Actions: resignation of a side, a draw by agreement. */
BG_API bg_status bg_game_resign(bg_game *game, int side);
BG_API bg_status bg_game_agree_draw(bg_game *game);

/* The last error on this handle: message (never NULL, "" if none) and details. */
BG_API const char *bg_game_errmsg(const bg_game *game);
BG_API const bg_error *bg_game_error(const bg_game *game);

/*
** Tags (PGN tag pairs, KIF/CSA headers): set (value NULL removes), get (NULL if absent), iterate
** in insertion order. Keys and values are UTF-8. At most BG_GAME_MAX_TAGS tags in one game: a new
** key beyond that is refused with BG_E_LIMIT (record readers report it at the tag's line).
*/
#define BG_GAME_MAX_TAGS 256
BG_API bg_status bg_game_set_tag(bg_game *game, const char *key, const char *value);
BG_API const char *bg_game_tag(const bg_game *game, const char *key);
BG_API int bg_game_tag_count(const bg_game *game);
BG_API const char *bg_game_tag_key(const bg_game *game, int index);
BG_API const char *bg_game_tag_value(const bg_game *game, int index);

/*
** Annotations of the main line. Ply 0 is the game start (a comment before the first move);
** ply i (1-based) is the move just played. Comments are kept as given (without braces).
** NAGs are numeric annotation glyphs ($1 = "!"). Variations are kept as text in the record's own
** move notation (e.g. "3. Nf3 Nc6 (3... d6)"), an alternative to the move of ply i.
** Limits: BG_GAME_MAX_NAGS NAGs and BG_GAME_MAX_VARIATIONS variations per ply (BG_E_LIMIT beyond).
*/
#define BG_GAME_MAX_NAGS 64
#define BG_GAME_MAX_VARIATIONS 1024
BG_API bg_status bg_game_set_comment(bg_game *game, int ply, const char *comment);
BG_API const char *bg_game_comment(const bg_game *game, int ply);
BG_API bg_status bg_game_add_nag(bg_game *game, int ply, int nag);
BG_API int bg_game_nag_count(const bg_game *game, int ply);
BG_API int bg_game_nag_at(const bg_game *game, int ply, int index);
BG_API bg_status bg_game_add_variation(bg_game *game, int ply, const char *text);
BG_API int bg_game_variation_count(const bg_game *game, int ply);
BG_API const char *bg_game_variation_at(const bg_game *game, int ply, int index);

/* Memory the game handle uses now, in bytes (what a server pays per game). */
BG_API size_t bg_game_memory(const bg_game *game);

#ifdef __cplusplus
}
#endif
#endif
