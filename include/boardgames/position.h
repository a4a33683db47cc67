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

/*
** Play a legal move into another handle: dst (same variant) becomes src after m; src is
** unchanged (dst == src plays in place). One call per node for searches that keep a stack of
** positions instead of undoing moves. BG_E_ILLEGAL_MOVE leaves dst unchanged.
*/
BG_API bg_status bg_position_play_into(bg_position *dst, const bg_position *src, bg_move m);

/*
** ---------- the whole position in one call ----------
**
** A snapshot holds what a board shows: every square, both hands, the side to move, the rights
** (castling, en passant) and the counters. It is a plain struct for bindings (ctypes, a
** WebAssembly heap): declare it with BG_SNAPSHOT_INIT, which sets `size`, so that later versions
** may append fields; the library reads and writes only the fields that fit in the caller's size.
*/
#define BG_SNAPSHOT_KINDS 64 /* piece kinds are numbered below 64 (the move encoding's 6 bits) */

/* Rights a variant's positions have (bg_snapshot.rights). */
#define BG_RIGHT_CASTLING 1u   /* chess: castling rights, by the castling rook's square */
#define BG_RIGHT_EN_PASSANT 2u /* chess: the en-passant square */
#define BG_RIGHT_HANDS 4u      /* shogi family with drops: pieces in hand */

/* Castling wings (bg_snapshot.castling, bg_position_castling): toward the h-file or the a-file. */
#define BG_WING_KING 0  /* O-O: the rook on the king's h-file side */
#define BG_WING_QUEEN 1 /* O-O-O: the rook on the a-file side */

typedef struct bg_snapshot {
    size_t size;           /* sizeof(bg_snapshot) as the caller compiled it */
    int width, height;     /* the board of the variant: square = rank * width + file */
    int sides;             /* number of sides (the side ids of bg_variant_side_id) */
    int kinds;             /* piece kinds 1..kinds */
    unsigned rights;       /* BG_RIGHT_* the variant has */
    int side_to_move;
    int valid;             /* 1 if the readers accept the position (bg_position_validate); read only */
    int in_check;          /* 1 if the side to move is in check (0 for an invalid position); read only */
    uint64_t hash;         /* bg_position_hash(); read only */
    int halfmove_clock;    /* plies since the last capture (and pawn move in chess) */
    int fullmove_number;   /* the move number of the position text (shogi: SFEN's, counting plies) */
    int en_passant;        /* the square a pawn may capture onto en passant, -1 = none */
    int castling[2][2];    /* [side][BG_WING_*]: the rook square of each castling right, -1 = none */
    int hand[BG_MAX_SIDES][BG_SNAPSHOT_KINDS]; /* [side][kind]: pieces in hand (unpromoted kinds) */
    bg_piece board[BG_MAX_SQUARES]; /* [square]: bg_piece values, BG_PIECE_NONE for empty squares */
} bg_snapshot;

#define BG_SNAPSHOT_INIT {.size = sizeof(bg_snapshot)}

/* Fill a snapshot of pos (fields the caller's size holds). BG_E_INVALID_ARGUMENT for NULL or a size too small for the board. */
BG_API bg_status bg_position_snapshot(const bg_position *pos, bg_snapshot *out);

/*
** ---------- editing ----------
**
** Edits change a position in place and may leave it one that cannot arise (no king, a pawn on
** the last rank, the side not to move in check, castling without its rook): such a position can
** be written as text, queried square by square and snapshot, and edited further, but every call
** that needs legal play on it refuses it (legal moves, play, perft, move text: BG_E_INVALID_POSITION;
** is_legal, in_check, perft: 0) until edits make it valid again. bg_position_validate() says why a
** position is not valid: the checks are those of bg_position_from_text(), run on the position's
** own text. A valid edited position is exactly the position its text describes (the same hash,
** legal moves and perft as the text read back; counters the text does not hold, such as xiangqi's
** checks in a row, start again from 0), so an en-passant square stays only while an en-passant
** capture is legal, as FEN writes it: set it after the pawns.
** Errors: BG_E_INVALID_ARGUMENT for what no position of the variant can hold (a square off the
** board, a piece of another side or kind, a count out of 0..255, a promoted piece in hand, a
** castling rook off its first rank, or off its corner in standard chess), BG_E_UNSUPPORTED for a
** right the variant does not have, BG_E_LIMIT beyond what the engine holds (Seven Kingdoms: 17
** pieces per army); the position is then unchanged.
*/

/* Put a piece on a square (BG_PIECE_NONE empties it). */
BG_API bg_status bg_position_set_piece(bg_position *pos, int square, bg_piece piece);
/* Set the number of pieces of `kind` in `side`'s hand (variants with drops). */
BG_API bg_status bg_position_set_hand_count(bg_position *pos, int side, int kind, int count);
/* Set the side to move. */
BG_API bg_status bg_position_set_side_to_move(bg_position *pos, int side);
/* Give (rook_square) or take away (-1) a castling right of `side` on a wing (BG_WING_*). */
BG_API bg_status bg_position_set_castling(bg_position *pos, int side, int wing, int rook_square);
/* The rook square of a castling right, or -1 (none, or no castling in the variant). */
BG_API int bg_position_castling(const bg_position *pos, int side, int wing);
/* Set the en-passant square (-1 = none). */
BG_API bg_status bg_position_set_en_passant(bg_position *pos, int square);
/* The en-passant square, or -1 (none, or no en passant in the variant). */
BG_API int bg_position_en_passant(const bg_position *pos);
/* Set the halfmove clock and the move number (-1 keeps one). */
BG_API bg_status bg_position_set_counters(bg_position *pos, int halfmove_clock,
                                          int fullmove_number);
/* Empty the board and the hands, drop every right, counters to 0 and 1; the side to move stays. */
BG_API bg_status bg_position_clear(bg_position *pos);
/*
** Replace the whole position with a snapshot's board, hands, side to move, rights and counters
** (the read-only fields and those beyond the caller's size are ignored); the snapshot's width,
** height, sides and kinds must be the variant's.
*/
BG_API bg_status bg_position_load(bg_position *pos, const bg_snapshot *snap);
/*
** BG_OK if the position is valid, else BG_E_INVALID_POSITION (or BG_E_PARSE) with err saying why,
** as bg_position_from_text() would for the position's text ("white has 0 kings, not 1").
*/
BG_API bg_status bg_position_validate(const bg_position *pos, bg_error *err);

#ifdef __cplusplus
}
#endif
#endif
