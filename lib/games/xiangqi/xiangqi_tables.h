/* libboardgames — layout of the generated xiangqi / lion chess tables (one const instance per board width). */
#ifndef BG_XIANGQI_TABLES_H
#define BG_XIANGQI_TABLES_H

#include <stdint.h>

#include "bb128.h"

#define XQ_HEIGHT 10
#define XQ_MAX_WIDTH 11
#define XQ_MAX_SQ (XQ_MAX_WIDTH * XQ_HEIGHT)
/* Piece kinds 1..8 (public kind numbers); zobrist and by_kind arrays are indexed by them. */
#define XQ_KIND_SLOTS 9

/*
** Directions: 0 N (+width), 1 E (+1), 2 S (-width), 3 W (-1), 4 NE, 5 NW, 6 SE, 7 SW.
** N, E, NE and NW go up in square numbers (nearest piece = lowest bit), the others go down.
*/
enum { XQ_N, XQ_E, XQ_S, XQ_W, XQ_NE, XQ_NW, XQ_SE, XQ_SW };

typedef struct xq_tables {
    int width, squares;
    bb128 board;                  /* every point of the board */
    bb128 ray[XQ_MAX_SQ][8];      /* points from a point to the edge, exclusive */
    bb128 general[XQ_MAX_SQ];     /* orthogonal steps inside the palace the point is in */
    bb128 advisor[XQ_MAX_SQ];     /* diagonal steps inside the palace the point is in */
    /* Elephant: per diagonal the eye (midpoint) and the target, -1 if off the own half. */
    int8_t elephant_eye[XQ_MAX_SQ][4];
    int8_t elephant_to[XQ_MAX_SQ][4];
    /* Horse moves: per orthogonal leg (N, E, S, W) the leg point and the two targets beyond. */
    int8_t horse_leg[XQ_MAX_SQ][4];
    bb128 horse_to[XQ_MAX_SQ][4];
    /* Horses attacking a point: per diagonal neighbour (their leg) the two points they stand on. */
    int8_t horse_att_leg[XQ_MAX_SQ][4];
    bb128 horse_att_from[XQ_MAX_SQ][4];
    bb128 horse_att_any[XQ_MAX_SQ];
    bb128 soldier[2][XQ_MAX_SQ];     /* moves of a soldier of side c */
    bb128 soldier_att[2][XQ_MAX_SQ]; /* points from which a soldier of side c attacks the point */
    /* Setup validation: points each kind of side c can ever stand on. */
    bb128 palace[2], advisor_points[2], elephant_points[2], soldier_points[2], lion_points[2];
    bb128 crossed[2]; /* the enemy half of side c: soldiers there may also step sideways */
    bb128 file_a, file_last;
    uint64_t zobrist[2][XQ_KIND_SLOTS][XQ_MAX_SQ];
    uint64_t zobrist_side; /* xored in when red is to move (as Polyglot does for white) */
} xq_tables;

extern const xq_tables xq_tables_9x10 __attribute__((visibility("hidden")));
extern const xq_tables xq_tables_11x10 __attribute__((visibility("hidden")));

#endif
