/* libboardgames — xiangqi and lion chess engine internals: 128-bit bitboard state, moves, make, hashing. */
#ifndef BG_XIANGQI_H
#define BG_XIANGQI_H

#include <stdint.h>

#include "bb128.h"
#include "internal.h"
#include "../palace/palace_movegen.h"
#include "xiangqi_tables.h"

/* palace_movegen.h reads the tables' rays in this order. */
_Static_assert(XQ_N == 0 && XQ_E == 1 && XQ_NE == 4 && XQ_NW == 5, "palace direction order");

enum { XQ_RED = 0, XQ_BLACK = 1 };
/* Piece kinds, equal to the public kinds of both variants (lion chess adds the lion). */
enum { XQ_NONE = 0, XQ_GENERAL = 1, XQ_ADVISOR, XQ_ELEPHANT, XQ_HORSE, XQ_CHARIOT, XQ_CANNON,
       XQ_SOLDIER, XQ_LION };
/* The kinds palace.h and palace_movegen.h name by number in both games. */
_Static_assert(XQ_GENERAL == 1 && XQ_HORSE == 4 && XQ_SOLDIER == 7, "palace piece kinds");

/* Board byte: 0 = empty, else kind | side << 4. */
#define XQ_PIECE(side, kind) ((uint8_t)((kind) | (side) << 4))
#define XQ_KIND(p) ((p) & 15)
#define XQ_SIDE(p) ((p) >> 4)

/*
** Legal moves never exceed this: 2 chariots (17 each) + 2 cannons (17) + 2 lions (at most 19)
** + 2 horses (8) + 5 soldiers (3) + general, advisors, elephants. 256 is a safe bound for both.
*/
#define XQ_MAX_MOVES 256

typedef struct xq_state {
    PALACE_BOARD_FIELDS(XQ_KIND_SLOTS, XQ_MAX_SQ);
    uint8_t width;                /* 9 (xiangqi) or 11 (lion chess) */
    uint8_t stm;
    /*
    ** Option checklimit: the most checks in a row a side may give (0 = no limit), and each
    ** side's checks in a row so far, counted by xq_make_counted only when there is a limit. FEN
    ** does not carry the counts: a position read from text starts with both at 0.
    */
    uint8_t checklimit;
    uint8_t checks[2];
    uint16_t halfmove;            /* plies since the last capture (natural-move limit) */
    uint16_t fullmove;
} xq_state;

#define XQ_STATE(pos) ((xq_state *)(void *)(pos)->state)
#define XQ_CSTATE(pos) ((const xq_state *)(const void *)(pos)->state)

static inline const xq_tables *xq_tables_of(const xq_state *s)
{
    return s->width == 9 ? &xq_tables_9x10 : &xq_tables_11x10;
}

/* Position basics (xiangqi_position.c). */
BGI_FUNC void xq_clear(xq_state *s, int width);
BGI_FUNC void xq_put(xq_state *s, int sq, int side, int kind);
BGI_FUNC void xq_rehash(xq_state *s);
/* Is the general of `side`, standing on `sq`, attacked (flying general included) with occupancy occ? */
BGI_FUNC int xq_general_attacked(const xq_state *s, int side, int sq, bb128 occ, bb128 enemy);
BGI_FUNC int xq_in_check(const xq_state *s);
/* Make a legal move (pieces, key, clocks; not the check counts). */
BGI_FUNC void xq_make(xq_state *s, bg_move m);
/* xq_make, then (with a check limit) the mover's checks in a row: + 1 for a check, else 0. */
BGI_FUNC void xq_make_counted(xq_state *s, bg_move m);

/* Is the side to move at its check limit, so that a move giving check is not legal? */
static inline int xq_at_check_limit(const xq_state *s)
{
    return s->checklimit && s->checks[s->stm] >= s->checklimit;
}

/*
** What the check counts add to the repetition key: 0 when both are 0 (so without a limit, and
** after quiet moves, the repetition key is the position key), else a mix of the two counts.
*/
static inline uint64_t xq_checks_key(const xq_state *s)
{
    if (!(s->checks[0] | s->checks[1]))
        return 0;
    uint64_t z = ((uint64_t)s->checks[0] << 8 | s->checks[1]) + 0x436865636b4c696dULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Move generation and perft (xiangqi_movegen.c). */
/* Legal moves, the check limit applied; buf: XQ_MAX_MOVES entries. */
BGI_FUNC int xq_generate(const xq_state *s, bg_move *buf);
/* The number of legal moves (bulk counting, as perft's last ply). */
BGI_FUNC int xq_count(const xq_state *s);
BGI_FUNC uint64_t xq_perft(const xq_state *s, int depth);

/* Rule options: index in the variants' options[] table (xiangqi_variant.c) and ruleset values. */
enum { XQ_OPT_RULESET = 0, XQ_OPT_MOVELIMIT = 1, XQ_OPT_CHECKLIMIT = 2 };
enum { XQ_RULES_ASIAN = 0, XQ_RULES_PLAIN = 1 };

/*
** Chases (xiangqi_chase.c, docs/xiangqi-rules.md). Pieces of !side that `side` threatens in a way
** that counts as chasing, with `side` given the move (a null move if it is not its turn).
*/
BGI_FUNC bb128 xq_chase_targets(const xq_state *s, int side);
/* Pieces the move from `before` to `after` chased: targets after it that were none before it. */
BGI_FUNC bb128 xq_move_chases(const xq_state *before, const xq_state *after);

/* FEN (xiangqi_fen.c). */
BGI_FUNC bg_status xq_fen_parse(xq_state *s, int width, const char *text, const char *format,
                                unsigned flags, bg_error *err);
BGI_FUNC int xq_fen_format(const xq_state *s, const char *format, char *buf, size_t cap);

/* Endings and repetition rules (xiangqi_adjudicate.c). */
extern const bgi_adjudicator bgi_xiangqi_adjudicator __attribute__((visibility("hidden")));

#endif
