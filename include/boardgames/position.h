/* libboardgames — position handles: setup, text I/O, queries, legal moves, make move, perft. */
#ifndef BOARDGAMES_POSITION_H
#define BOARDGAMES_POSITION_H

#include <boardgames/base.h>
#include <boardgames/move.h>
#include <boardgames/variant.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Opaque position: a board, pieces in hand, side to move and the state the rules need. */
typedef struct bg_position bg_position;

/*
** Options are a ';'-separated list of name=value pairs from bg_variant_option_name(), e.g.
** "chess960=true" or "ruleset=plain;movelimit=0"; NULL or "" = all defaults.
** Text formats: NULL = the variant's own (FEN for chess, ...). For chess: "fen" (X-FEN castling
** letters when a Chess960 position needs them), "shredder-fen" and "epd" (four fields).
*/

/* New position at the variant's start. On failure *out is NULL and err (if given) says why. */
BG_API bg_status bg_position_new(bg_position **out, const bg_variant *v, const char *options,
                                 const bg_allocator *alloc, bg_error *err);

/*
** New position from text (FEN, SFEN, ...). Strict: every field is checked; a position that cannot
** arise (side not to move in check, pawns on the back rank, impossible en-passant square, ...)
** is refused with BG_E_INVALID_POSITION. Fields missing at the end of a FEN take their defaults
** only with flag BG_PARSE_LENIENT.
*/
BG_API bg_status bg_position_from_text(bg_position **out, const bg_variant *v, const char *text,
                                       const char *format, const char *options, unsigned flags,
                                       const bg_allocator *alloc, bg_error *err);

/* Copy, with the original's allocator. */
BG_API bg_status bg_position_clone(bg_position **out, const bg_position *pos);
/* Free; NULL is allowed. */
BG_API void bg_position_free(bg_position *pos);
/* Overwrite dst with src (same variant required); no allocation. */
BG_API bg_status bg_position_copy(bg_position *dst, const bg_position *src);

/*
** Text output follows snprintf: writes at most cap bytes including the NUL and returns the full
** length the text needs (excluding NUL), or a negative bg_status. cap may be 0 with buf NULL.
*/
BG_API int bg_position_text(const bg_position *pos, const char *format, char *buf, size_t cap);

/*
** The position's variant (NULL for a NULL handle): the catalogue's, or the twin that an option
** changing the board or the start selects (same id; see the geometry note in variant.h).
*/
BG_API const bg_variant *bg_position_variant(const bg_position *pos);
/* Index of the side to move (see bg_variant_side_id()), or BG_E_INVALID_ARGUMENT. */
BG_API int bg_position_side_to_move(const bg_position *pos);
/* bg_piece on a square (0 if empty or the square is off the board). */
BG_API bg_piece bg_position_piece_at(const bg_position *pos, int square);
/* Pieces of `kind` in `side`'s hand (shogi family); 0 in variants without drops. */
BG_API int bg_position_hand_count(const bg_position *pos, int side, int kind);
/* 1 if the side to move is in check (any of its royal pieces attacked), else 0. */
BG_API int bg_position_in_check(const bg_position *pos);
/*
** Zobrist hash. For chess it is the Polyglot book key (start position 0x463b96181691fc9c);
** other variants use their own keys, stable across releases.
*/
BG_API uint64_t bg_position_hash(const bg_position *pos);
/* Plies since the last capture or pawn move (chess halfmove clock) and the full-move number. */
BG_API int bg_position_halfmove_clock(const bg_position *pos);
BG_API int bg_position_fullmove_number(const bg_position *pos);

/*
** Legal moves: writes up to cap moves into buf (NULL allowed when cap is 0) and returns how many
** legal moves there are (possibly more than cap), or a negative bg_status. A buffer of
** bg_variant_max_moves() entries always suffices. Order is stable for a given position.
*/
BG_API int bg_position_legal_moves(const bg_position *pos, bg_move *buf, size_t cap);
/* 1 if m is legal here, 0 if not. */
BG_API int bg_position_is_legal(const bg_position *pos, bg_move m);
/* BG_FLAG_* facts about a legal move (0 for an illegal one). */
BG_API unsigned bg_position_move_flags(const bg_position *pos, bg_move m);
/* Play a move after checking it is legal; BG_E_ILLEGAL_MOVE leaves the position unchanged. */
BG_API bg_status bg_position_play(bg_position *pos, bg_move m);

/* Leaf nodes at `depth` plies (bulk-counted); 0 for a negative depth or a bad handle. */
BG_API uint64_t bg_position_perft(const bg_position *pos, int depth);
/*
** Perft per root move: fills moves[i] / counts[i] for up to cap root moves and returns the number
** of root moves (or a negative bg_status). depth >= 1.
*/
BG_API int bg_position_divide(const bg_position *pos, int depth, bg_move *moves, uint64_t *counts,
                              size_t cap);

/* Size in bytes of a position handle of this variant (memory planning for servers). */
BG_API size_t bg_position_size(const bg_variant *v);

#ifdef __cplusplus
}
#endif
#endif
