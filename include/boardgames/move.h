/* libboardgames — the move value type: a 32-bit integer with accessors, cheap to store and compare. */
#ifndef BOARDGAMES_MOVE_H
#define BOARDGAMES_MOVE_H

#include <boardgames/base.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
** A move is a uint32_t:
**   bits  0-8   from square (0 for drops and passes)
**   bits  9-17  to square (for a pass: the square of the passing side's royal piece)
**   bits 18-23  piece kind: the promotion kind for a promotion, the dropped kind for a drop
**   bit  24     BG_MOVE_DROP
**   bit  25     BG_MOVE_PROMOTION
**   bit  26     BG_MOVE_PASS
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

#define BG_MOVE_FROM(m) ((int)((m) & 0x1ff))
#define BG_MOVE_TO(m) ((int)(((m) >> 9) & 0x1ff))
#define BG_MOVE_KIND(m) ((int)(((m) >> 18) & 0x3f))
#define BG_MOVE_MAKE(from, to) ((bg_move)(from) | ((bg_move)(to) << 9))
#define BG_MOVE_MAKE_PROMOTION(from, to, kind) \
    (BG_MOVE_MAKE(from, to) | ((bg_move)(kind) << 18) | BG_MOVE_PROMOTION)
#define BG_MOVE_MAKE_DROP(kind, to) (((bg_move)(to) << 9) | ((bg_move)(kind) << 18) | BG_MOVE_DROP)
#define BG_MOVE_MAKE_PASS(royal_square) (((bg_move)(royal_square) << 9) | BG_MOVE_PASS)

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
