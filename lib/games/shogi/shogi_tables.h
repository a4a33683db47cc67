/* libboardgames — the shogi family's square sets (128-bit) and the generated tables they are looked up in. */
#ifndef BG_SHOGI_TABLES_H
#define BG_SHOGI_TABLES_H

#include <stdint.h>

#include "bb128.h"
#include "shogi_pieces.h"

#ifndef __SIZEOF_INT128__
#error "the shogi family engine needs a compiler with unsigned __int128 (GCC or Clang on a 64-bit target)"
#endif

/*
** A square set: bit s = square s = rank * width + file, as the public API numbers squares (file 0 =
** sente's left = USI file `width`, rank 0 = sente's home rank = USI rank letter `a` + height - 1).
** 81 squares fit in one native 128-bit integer.
*/
typedef unsigned __int128 sbb;

#define SH_HIDDEN __attribute__((visibility("hidden")))

extern const sbb shogi_sq_bb[SH_MAX_SQUARES + 1] SH_HIDDEN; /* [81] = empty set */
extern const sbb shogi_ray[SH_NGEOMS][8][SH_MAX_SQUARES] SH_HIDDEN;
extern const sbb shogi_ray1[SH_NGEOMS][8][SH_MAX_SQUARES] SH_HIDDEN;
extern const sbb shogi_ray2[SH_NGEOMS][8][SH_MAX_SQUARES] SH_HIDDEN;
extern const sbb shogi_leaps[SH_NGEOMS][SH_NCODES][SH_MAX_SQUARES] SH_HIDDEN;
extern const signed char shogi_dir[SH_NGEOMS][SH_MAX_SQUARES][SH_MAX_SQUARES] SH_HIDDEN;
extern const sbb shogi_rank_bb[SH_NGEOMS][SH_MAX_WIDTH] SH_HIDDEN;
extern const sbb shogi_file_bb[SH_NGEOMS][SH_MAX_WIDTH] SH_HIDDEN;
/* [geom][side][k]: the k ranks farthest from `side` (its last k ranks). */
extern const sbb shogi_far_ranks[SH_NGEOMS][2][SH_MAX_WIDTH + 1] SH_HIDDEN;
extern const uint64_t shogi_zobrist_psq[SH_NCODES][SH_MAX_SQUARES] SH_HIDDEN;
extern const uint64_t shogi_zobrist_hand[2][SH_HAND_SLOTS][SH_HAND_MAX + 1] SH_HIDDEN;
extern const uint64_t shogi_zobrist_side SH_HIDDEN;

static inline sbb sbb_sq(int sq) { return shogi_sq_bb[sq]; }
static inline int sbb_test(sbb b, int sq) { return (int)(b >> sq) & 1; }
static inline uint64_t sbb_lo(sbb b) { return (uint64_t)b; }
static inline uint64_t sbb_hi(sbb b) { return (uint64_t)(b >> 64); }
static inline int sbb_any(sbb b) { return (sbb_lo(b) | sbb_hi(b)) != 0; }

/*
** Lowest / highest square of a non-empty set, and the count: bb128's (lib/core/bb128.h), whose
** words are these; where the shogi engine builds, bb_make of them is the same native integer.
*/
static inline int sbb_lsb(sbb b) { return bb_lsb(bb_make(sbb_lo(b), sbb_hi(b))); }
static inline int sbb_msb(sbb b) { return bb_msb(bb_make(sbb_lo(b), sbb_hi(b))); }
static inline int sbb_popcount(sbb b) { return bb_popcount(bb_make(sbb_lo(b), sbb_hi(b))); }

static inline int sbb_several(sbb b) { return sbb_any(b & (b - 1)); }

/* Directions 0, 1, 2, 7 (N, NE, E, NW) go up in square numbers; the others go down. */
static inline int sh_dir_up(int d) { return (0x87 >> d) & 1; }

/* The first occupied square of a non-empty set lying on one ray from its origin. */
static inline int sh_first(sbb on_ray, int d)
{
    return sh_dir_up(d) ? sbb_lsb(on_ray) : sbb_msb(on_ray);
}

/* Squares reached sliding from sq in absolute direction d, up to and including the first piece. */
static inline sbb sh_slide(int g, int sq, int d, sbb occ)
{
    sbb r = shogi_ray[g][d][sq], b = r & occ;
    if (sbb_any(b))
        r ^= shogi_ray[g][d][sh_first(b, d)];
    return r;
}

/* At most two squares in direction d, the second only when the first is empty. */
static inline sbb sh_slide2(int g, int sq, int d, sbb occ)
{
    sbb one = shogi_ray1[g][d][sq];
    return (one & occ) ? one : shogi_ray2[g][d][sq];
}

#endif
