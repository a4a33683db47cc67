/* libboardgames — layout of the generated janggi tables: rays, palace lines, legs, setup masks, Zobrist keys. */
#ifndef BG_JANGGI_TABLES_H
#define BG_JANGGI_TABLES_H

#include <stdint.h>

#include "bb128.h"

#define JG_WIDTH 9
#define JG_HEIGHT 10
#define JG_SQ 90
/* Piece kinds 1..7 (public kind numbers); zobrist and by_kind arrays are indexed by them. */
#define JG_KIND_SLOTS 8

/*
** Directions: 0 N (+9), 1 E (+1), 2 S (-9), 3 W (-1), 4 NE, 5 NW, 6 SE, 7 SW.
** N, E, NE and NW go up in square numbers (nearest piece = lowest bit), the others go down.
*/
enum { JG_N, JG_E, JG_S, JG_W, JG_NE, JG_NW, JG_SE, JG_SW };

typedef struct jg_tables {
    bb128 board;
    /*
    ** Rays by direction, exclusive: orthogonal ones to the edge; diagonal ones (4..7) the points
    ** reached along a drawn palace line (a corner sees the centre and the opposite corner, the
    ** centre sees one corner each way), empty for points off the drawn lines.
    */
    bb128 ray[JG_SQ][8];
    bb128 lines;              /* the ten points on the drawn diagonals of both palaces */
    bb128 palace_step[JG_SQ]; /* general / guard: one step along the lines of the point's palace */
    /* Horse: per orthogonal leg (N, E, S, W) the leg point (-1 off the board) and the targets. */
    int8_t horse_leg[JG_SQ][4];
    bb128 horse_to[JG_SQ][4];
    /* Horses attacking a point: per diagonal neighbour (their leg) the points they stand on. */
    int8_t horse_att_leg[JG_SQ][4];
    bb128 horse_att_from[JG_SQ][4];
    bb128 horse_att_any[JG_SQ];
    /*
    ** Elephant: 8 moves, each one orthogonal step (leg1) then two diagonal steps (leg2 is the
    ** point after the first of them) to `to`; -1 entries are off the board.
    */
    int8_t eleph_leg1[JG_SQ][8], eleph_leg2[JG_SQ][8], eleph_to[JG_SQ][8];
    /*
    ** Elephants attacking a point: both legs lie on one diagonal of the point (1 and 2 steps
    ** away), per diagonal (NE, NW, SE, SW) the legs and the two points the elephants stand on.
    */
    int8_t eleph_att_leg1[JG_SQ][4], eleph_att_leg2[JG_SQ][4];
    bb128 eleph_att_from[JG_SQ][4];
    bb128 eleph_att_any[JG_SQ];
    bb128 soldier[2][JG_SQ];     /* moves of a soldier of side c (palace diagonals included) */
    bb128 soldier_att[2][JG_SQ]; /* points from which a soldier of side c attacks the point */
    /* Setup validation: the palaces, and the points soldiers of side c can ever stand on. */
    bb128 palace[2], soldier_points[2];
    uint64_t zobrist[2][JG_KIND_SLOTS][JG_SQ];
    uint64_t zobrist_side; /* xored in when Cho is to move */
} jg_tables;

extern const jg_tables jg_tables_9x10 __attribute__((visibility("hidden")));

#endif
