/*
** libboardgames — build-time helpers shared by the xiangqi and janggi table generators (native
** programs, linked with palace_gen.c): point sets, the geometry of a width x 10 board, the horse,
** the fixed-seed Zobrist stream and the writers of const C initialisers.
*/
#ifndef BG_PALACE_GEN_H
#define BG_PALACE_GEN_H

#include <stdint.h>
#include <stdio.h>

#define H 10
#define MAX_SQ 110

typedef struct { uint64_t lo, hi; } set;

extern int W;     /* width of the board being generated */
extern FILE *out; /* the C file being written */

/* N, E, S, W, NE, NW, SE, SW as (file, rank) steps. */
extern const int dirs[8][2];

int on(int f, int r);
int sqr(int f, int r);
void add(set *s, int sq);
int has(set s, int sq);
/* Index 0..3 of the diagonal (NE, NW, SE, SW) of a step, -1 if it is none. */
int diag_index(int df, int dr);

/* Horse from sq: per orthogonal leg d the leg point (-1 off the board) and the two targets beyond. */
void gen_horse(int sq, int leg[4], set to[4]);
/*
** The reverse horse tables: for each target the horses aiming at it, indexed by the diagonal
** from the target to their leg (att_leg: that leg; att_from: the horses; att_any: all of them).
*/
void gen_horse_reverse(int (*leg)[4], set (*to)[4], int (*att_leg)[4], set (*att_from)[4],
                       set *att_any);
/* rev[t] = the points p with t in fwd[p] (who attacks a point, from who moves there). */
void gen_reverse(const set *fwd, set *rev);

/*
** Writers of designated initialisers, one per table field, over the W * H points (field NULL: an
** element of an array of them; put_setsn: per_point sets for each point).
*/
void put_set(set s);
void put_sets(const char *field, const set *a);
void put_setsn(const char *field, const set *a, int per_point);
void put_ints(const char *field, const int *a, int per_point);
/* A [2][points] array, one row per side. */
void put_sides(const char *field, const set *side0, const set *side1);
/* The five horse fields (horse_leg, horse_to, horse_att_leg, horse_att_from, horse_att_any). */
void put_horse(int (*leg)[4], set (*to)[4], int (*att_leg)[4], set (*att_from)[4], set *att_any);
void put_pair(const char *field, const set a[2]);
/* .zobrist (side, kind 0..kinds-1 with kind 0 all zero, point) and .zobrist_side, from seed. */
void put_zobrist(uint64_t seed, int kinds);

/* The generator's main: opens argv[1], writes the banner and the include, calls gen, closes. */
int gen_main(int argc, char **argv, const char *what, const char *header, void (*gen)(void));

#endif
