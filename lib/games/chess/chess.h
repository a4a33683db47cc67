/* libboardgames — Western chess engine internals: bitboard state, move generation, make, hashing. */
#ifndef BG_CHESS_H
#define BG_CHESS_H

#include <stdint.h>

#include "chess_tables.h"
#include "internal.h"

enum { CHESS_WHITE = 0, CHESS_BLACK = 1 };
/* Piece kinds, equal to the public kinds of the chess variant. */
enum { CH_NONE = 0, CH_PAWN = 1, CH_KNIGHT, CH_BISHOP, CH_ROOK, CH_QUEEN, CH_KING };
#define CH_SQ_NONE 64

/* Castling right indexes: bit i of `castle`, rook square castle_rook[i]. */
enum { CASTLE_WK = 0, CASTLE_WQ = 1, CASTLE_BK = 2, CASTLE_BQ = 3 };

/* Rule options: index in the variant's option table (chess_variant.c) and fiftymove's values. */
enum { CHESS_OPT_CHESS960 = 0, CHESS_OPT_FIFTYMOVE = 1 };
enum { CHESS_FIFTY_CLAIM = 0, CHESS_FIFTY_AUTOMATIC = 1 };

typedef struct chess_state {
    uint64_t by_kind[7]; /* [0] = all occupied squares */
    uint64_t by_color[2];
    uint64_t key;        /* Polyglot key without the en-passant term */
    uint8_t board[64];   /* 0 = empty, else kind | color << 3 */
    uint8_t castle_rook[4]; /* rook square of each right (Chess960 aware) */
    uint8_t stm;
    uint8_t ep;          /* en-passant target square, CH_SQ_NONE if none */
    uint8_t castle;      /* CASTLE_* bits */
    uint8_t chess960;    /* castling written X-FEN/Shredder, UCI king-takes-rook */
    uint16_t halfmove;
    uint16_t fullmove;
} chess_state;

#define CHESS_STATE(pos) ((chess_state *)(void *)(pos)->state)
#define CHESS_CSTATE(pos) ((const chess_state *)(const void *)(pos)->state)

static inline int chess_lsb(uint64_t b) { return __builtin_ctzll(b); }
static inline int chess_popcount(uint64_t b) { return __builtin_popcountll(b); }
static inline int chess_king_square(const chess_state *s, int color)
{
    return chess_lsb(s->by_kind[CH_KING] & s->by_color[color]);
}

/* Squares attacked by `color` given occupancy occ. */
BGI_FUNC uint64_t chess_attackers_to(const chess_state *s, int sq, uint64_t occ, int color);
BGI_FUNC int chess_in_check(const chess_state *s);
/* Legal moves into buf (at least 256 entries); count. */
BGI_FUNC int chess_generate(const chess_state *s, bg_move *buf);
/* Whether the side to move has a legal move (faster than counting them). */
BGI_FUNC int chess_has_move(const chess_state *s);
/* The number of legal moves (bulk counting, as perft's last ply). */
BGI_FUNC int chess_count(const chess_state *s);
/* The legal moves onto square `to` by the kinds of bit set `kinds` (bit k = kind k); count. */
BGI_FUNC int chess_moves_to(const chess_state *s, int to, unsigned kinds, bg_move *buf);
BGI_FUNC uint64_t chess_perft(const chess_state *s, int depth);
/* Make a legal move (castling = king onto own rook square). */
BGI_FUNC void chess_make(chess_state *s, bg_move m);
/* Polyglot key: pieces, castling, side, and the en-passant file if a pawn could capture. */
BGI_FUNC uint64_t chess_polyglot_key(const chess_state *s);
/* Repetition key: like the Polyglot key but en passant only when a legal capture exists. */
BGI_FUNC uint64_t chess_repetition_key(const chess_state *s);
/* Recompute s->key from scratch (after setting up a position). */
BGI_FUNC void chess_rehash(chess_state *s);
/* 1 if a legal en-passant capture exists. */
BGI_FUNC int chess_has_legal_ep(const chess_state *s);
/* Neither side can ever checkmate: K v K, K v K+minor, bishops all on one colour. */
BGI_FUNC int chess_insufficient_material(const chess_state *s);
/* Whether castling move m (king onto rook) is a castling move for this state. */
BGI_FUNC int chess_is_castle(const chess_state *s, bg_move m);

/* FEN (lib/games/chess/chess_fen.c). */
BGI_FUNC bg_status chess_fen_parse(chess_state *s, const char *text, const char *format,
                                   int chess960, unsigned flags, bg_error *err);
BGI_FUNC int chess_fen_format(const chess_state *s, const char *format, char *buf, size_t cap);
BGI_FUNC void chess_put(chess_state *s, int sq, int kind, int color);
/* Editing: the state from a snapshot (any board; the rights must fit it), and the rights back. */
BGI_FUNC bg_status chess_load(chess_state *s, const bg_snapshot *snap);
BGI_FUNC void chess_get_rights(const chess_state *s, bg_snapshot *snap);

extern const uint64_t chess_polyglot_random[781] __attribute__((visibility("hidden")));

#endif
