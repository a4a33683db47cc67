/* libboardgames — the "palace board" layer shared by xiangqi / lion chess and janggi: board bytes, FEN text, the board half of make. */
#ifndef BG_PALACE_H
#define BG_PALACE_H

#include <stdint.h>

#include "bb128.h"
#include "internal.h"
#include "../variant_entry.h"

/* Both families: ten ranks, at most 11 files (lion chess); board byte = kind | side << 4, 0 empty. */
#define PALACE_HEIGHT 10
#define PALACE_MAX_SQ 110

/*
** The board fields at the head of both games' states, as PALACE_MOVE_PIECE and PALACE_PUT keep
** them; each state adds its rule fields and counters after them.
*/
#define PALACE_BOARD_FIELDS(kind_slots, squares)                                               \
    bb128 by_color[2];                                                                         \
    bb128 by_kind[kind_slots]; /* [0] = every occupied point */                                \
    uint64_t key;              /* Zobrist key of the pieces and the side to move */            \
    uint8_t board[squares];                                                                    \
    uint8_t general[2] /* point of each side's general */

/* The rank of point sq counted from side's own edge (0 = its back rank). */
static inline int palace_rank(const bg_variant *v, int side, int sq)
{
    return side ? v->height - 1 - sq / v->width : sq / v->width;
}

/* Whether sq lies in side's palace: the three middle files of its first three ranks. */
static inline int palace_in_palace(const bg_variant *v, int side, int sq)
{
    const int f = sq % v->width;
    return palace_rank(v, side, sq) < 3 && f >= v->width / 2 - 1 && f <= v->width / 2 + 1;
}

/* The metadata of a palace game: its pieces stand on points, squares are named letter + rank. */
#define PALACE_INFO(pieces_, sides_, picture_, lang_, region_)                                 \
    {VARIANT_INFO(pieces_, sides_, picture_, BGI_SQUARES_LETTER_RANK, lang_, region_),         \
     .on_points = 1}

/* ---------- FEN (palace_fen.c) ---------- */

/* What differs between the games' FEN: letters, names, limits and the forms they accept. */
typedef struct palace_fen {
    const char *game;              /* in "<game> has no position format" */
    const char *letters;           /* by kind, [0] = ' ': written uppercase for side 0 */
    int kinds;                     /* highest kind of the variant */
    const char *const *side_names; /* [2], in messages */
    const char *const *kind_names; /* by kind, in messages */
    const int *kind_max;           /* by kind: the most pieces of it a side may have */
    const char *side_letters;      /* side-to-move letters read; 'b' is side 1, the others side 0 */
    const char *side_help;         /* "'w' (Cho) or 'b' (Han)": what the side field may be */
    int one_digit;                 /* an empty run is one digit 1-9 (janggi), not a number */
    const char *(*letter_hint)(char c); /* more words for a letter that is not a piece, or NULL */
} palace_fen;

/* Points a kind of piece may stand on, per side, and the words for one that stands elsewhere. */
typedef struct palace_place {
    int kind;
    bb128 ok[2];
    const char *where;
} palace_place;

/* A FEN text read and checked, before the game builds its state from it. */
typedef struct palace_fen_text {
    bgi_field f[6];
    int fields;
    uint8_t board[PALACE_MAX_SQ];
    int stm, halfmove, fullmove;
} palace_fen_text;

/*
** Read a Fairy-Stockfish FEN of a width x 10 board: the board (piece counts and the places in
** `places` checked), side to move, two '-' fields, the clocks (BG_PARSE_LENIENT: only the first two
** fields are needed). Errors carry the offset in text.
*/
BGI_FUNC bg_status palace_fen_read(const palace_fen *pf, int width, const palace_place *places,
                                   int nplaces, const char *text, const char *format,
                                   unsigned flags, palace_fen_text *out, bg_error *err);
/* Write the FEN of a board (bytes as above) and its counters; BG_E_UNSUPPORTED for another format. */
BGI_FUNC int palace_fen_write(const palace_fen *pf, int width, const uint8_t *board, int stm,
                              int halfmove, int fullmove, const char *format, char *buf,
                              size_t cap);

/*
** The board half of make in the palace games: xiangqi, lion chess and janggi keep the same fields
** (by_color, by_kind with [0] = every piece, board, general, halfmove) and the general is kind 1.
** Move the piece on `from` to `to`, taking what stands there, keep those fields, and xor the
** pieces' change into the Zobrist key k from zobrist[side][kind][point] (the game's tables).
** A macro, as the states are two types: each make inlines it.
*/
#define PALACE_MOVE_PIECE(s, zobrist, us, from, to, k)                                         \
    do {                                                                                       \
        const int p_ = (s)->board[from], cap_ = (s)->board[to], kind_ = p_ & 15;               \
        const bb128 fb_ = bb_sq(from), tb_ = bb_sq(to), ft_ = bb_or(fb_, tb_);                 \
        (k) ^= (zobrist)[us][kind_][from] ^ (zobrist)[us][kind_][to];                          \
        if (cap_) {                                                                            \
            (s)->by_color[!(us)] = bb_xor((s)->by_color[!(us)], tb_);                          \
            (s)->by_kind[cap_ & 15] = bb_xor((s)->by_kind[cap_ & 15], tb_);                    \
            (k) ^= (zobrist)[!(us)][cap_ & 15][to];                                            \
            (s)->by_kind[0] = bb_xor((s)->by_kind[0], fb_);                                    \
            (s)->halfmove = 0;                                                                 \
        } else {                                                                               \
            (s)->by_kind[0] = bb_xor((s)->by_kind[0], ft_);                                    \
            (s)->halfmove += (s)->halfmove < UINT16_MAX;                                       \
        }                                                                                      \
        (s)->by_color[us] = bb_xor((s)->by_color[us], ft_);                                    \
        (s)->by_kind[kind_] = bb_xor((s)->by_kind[kind_], ft_);                                \
        (s)->board[to] = (uint8_t)p_;                                                          \
        (s)->board[from] = 0;                                                                  \
        if (kind_ == 1)                                                                        \
            (s)->general[us] = (uint8_t)(to);                                                  \
    } while (0)

/* Put a piece of `side` and `kind` on the empty point sq: the fields PALACE_MOVE_PIECE keeps. */
#define PALACE_PUT(s, sq, side, kind)                                                          \
    do {                                                                                       \
        const bb128 b_ = bb_sq(sq);                                                            \
        (s)->by_color[side] = bb_or((s)->by_color[side], b_);                                  \
        (s)->by_kind[kind] = bb_or((s)->by_kind[kind], b_);                                    \
        (s)->by_kind[0] = bb_or((s)->by_kind[0], b_);                                          \
        (s)->board[sq] = (uint8_t)((kind) | (side) << 4);                                      \
        if ((kind) == 1)                                                                       \
            (s)->general[side] = (uint8_t)(sq);                                                \
    } while (0)

/*
** The board, side to move and counters of an editing snapshot (lib/core/edit.c) into the state
** st, cleared before with its rule fields kept; the caller then computes the key.
*/
#define PALACE_FROM_SNAPSHOT(st, snap, squares)                                                \
    do {                                                                                       \
        for (int sq_ = 0; sq_ < (squares); sq_++)                                              \
            if ((snap)->board[sq_])                                                            \
                PALACE_PUT(st, sq_, BG_PIECE_SIDE((snap)->board[sq_]),                         \
                           BG_PIECE_KIND((snap)->board[sq_]));                                 \
        (st)->stm = (uint8_t)(snap)->side_to_move;                                             \
        (st)->halfmove = (uint16_t)(snap)->halfmove_clock;                                     \
        (st)->fullmove = (uint16_t)(snap)->fullmove_number;                                    \
    } while (0)

/* The public piece of a board byte. */
static inline bg_piece palace_piece(int p) { return p ? BG_PIECE(p >> 4, p & 15) : BG_PIECE_NONE; }

#endif
