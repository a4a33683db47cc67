/* libboardgames — the move value type: a 32-bit integer with accessors, cheap to store and compare. */
#ifndef BOARDGAMES_MOVE_H
#define BOARDGAMES_MOVE_H

#include <boardgames/base.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
** A move is a uint32_t:
**   bits  0-8   from square (0 for drops and passes), its bit 9 in bit 27
**   bits  9-17  to square (for a pass: the square of the passing side's royal piece), its bit 9
**               in bit 28
**   bits 18-23  piece kind: the promotion kind for a promotion, the dropped kind for a drop
**   bit  24     BG_MOVE_DROP
**   bit  25     BG_MOVE_PROMOTION
**   bit  26     BG_MOVE_PASS
** Squares below 512 (every built-in variant) leave bits 27 and 28 at 0, so their moves keep the
** values they always had; only defined boards of more than 512 squares (up to 26x26) use them.
** Everything else is 0. The encoding is canonical: two equal moves in the same position have the
** same value. Chess castling is encoded as the king moving onto its own rook's square (as in
** Chess960), whatever notation shows. BG_MOVE_NONE (0) is never a legal move.
** Derived facts (capture, check, castling, en passant) come from bg_position_move_flags().
*/
typedef uint32_t bg_move;

#define BG_MOVE_NONE ((bg_move)0)
#define BG_MOVE_DROP ((bg_move)1 << 24)
#define BG_MOVE_PROMOTION ((bg_move)1 << 25)
#define BG_MOVE_PASS ((bg_move)1 << 26)

#define BG_MOVE_FROM(m) ((int)(((m) & 0x1ff) | (((m) >> 18) & 0x200)))
#define BG_MOVE_TO(m) ((int)((((m) >> 9) & 0x1ff) | (((m) >> 19) & 0x200)))
#define BG_MOVE_KIND(m) ((int)(((m) >> 18) & 0x3f))
#define BG_MOVE_SQ_LOW_(sq, shift) (((bg_move)(sq) & 0x1ff) << (shift))
#define BG_MOVE_SQ_HIGH_(sq, bit) (((bg_move)(sq) & 0x200) << ((bit) - 9))
#define BG_MOVE_MAKE(from, to) \
    (BG_MOVE_SQ_LOW_(from, 0) | BG_MOVE_SQ_HIGH_(from, 27) | BG_MOVE_SQ_LOW_(to, 9) | \
     BG_MOVE_SQ_HIGH_(to, 28))
#define BG_MOVE_MAKE_PROMOTION(from, to, kind) \
    (BG_MOVE_MAKE(from, to) | ((bg_move)(kind) << 18) | BG_MOVE_PROMOTION)
#define BG_MOVE_MAKE_DROP(kind, to) \
    (BG_MOVE_SQ_LOW_(to, 9) | BG_MOVE_SQ_HIGH_(to, 28) | ((bg_move)(kind) << 18) | BG_MOVE_DROP)
#define BG_MOVE_MAKE_PASS(royal_square) \
    (BG_MOVE_SQ_LOW_(royal_square, 9) | BG_MOVE_SQ_HIGH_(royal_square, 28) | BG_MOVE_PASS)

/* The same accessors and constructors as functions, for bindings that cannot use macros. */
BG_API int bg_move_from(bg_move m);
BG_API int bg_move_to(bg_move m);
BG_API int bg_move_kind(bg_move m);
BG_API int bg_move_is_drop(bg_move m);
BG_API int bg_move_is_promotion(bg_move m);
BG_API int bg_move_is_pass(bg_move m);
BG_API bg_move bg_move_make(int from, int to, int promotion_kind);
BG_API bg_move bg_move_make_drop(int kind, int to);
BG_API bg_move bg_move_make_pass(int royal_square);

/* Flags returned by bg_position_move_flags() for a legal move. */
#define BG_FLAG_CAPTURE 0x01
#define BG_FLAG_CHECK 0x02
#define BG_FLAG_CASTLE 0x04
#define BG_FLAG_EN_PASSANT 0x08
#define BG_FLAG_MATE 0x10

#ifdef __cplusplus
}
#endif
#endif
