/* libboardgames — the move generation of the palace games in one place: lines, attacks and check analysis, rider, cannon and elephant targets, move emission. */
#ifndef BG_PALACE_MOVEGEN_H
#define BG_PALACE_MOVEGEN_H

#include "palace.h"

/*
** Both games' tables hold ray[point][8]: N, E, S, W to the edge, then NE, NW, SE, SW (xiangqi:
** the whole diagonal, which only the lion uses; janggi: the drawn palace lines). N, E, NE and NW go
** up in point numbers, so the nearest piece on them is the lowest bit.
**
** Where the games' rules differ, a parameter says how, and each game passes a constant that the
** compiler folds:
** - hitters: the enemy pieces that check along a line from the first piece on it (chariots; in
**   xiangqi also the enemy general along the file, and the lion along its diagonals);
** - screenless: the pieces a cannon may neither jump over nor take (janggi: every cannon; xiangqi:
**   none);
** - a cannon that slides (xiangqi) moves like a chariot when it does not take; one that does not
**   (janggi) moves only over a screen.
*/

static inline bg_move palace_mv(int from, int to) { return (bg_move)from | (bg_move)to << 9; }

static inline int palace_ascending(int d) { return d == 0 || d == 1 || d == 4 || d == 5; }

/* Nearest occupied point from sq in direction d, or -1. */
static inline __attribute__((always_inline)) int palace_nearest(const bb128 (*ray)[8], int sq,
                                                                int d, bb128 occ)
{
    const bb128 b = bb_and(ray[sq][d], occ);
    if (bb_none(b))
        return -1;
    return palace_ascending(d) ? bb_lsb(b) : bb_msb(b);
}

/* Points strictly between sq and b, b lying on sq's ray d. */
static inline __attribute__((always_inline)) bb128 palace_between(const bb128 (*ray)[8], int sq,
                                                                  int d, int b)
{
    return bb_xor(bb_xor(ray[sq][d], ray[b][d]), bb_sq(b));
}

/* Rider (chariot, lion) targets along directions d0 .. d0 + 3, the first piece on each included. */
static inline __attribute__((always_inline)) bb128 palace_rider_targets(const bb128 (*ray)[8],
                                                                        int from, bb128 occ, int d0)
{
    bb128 acc = bb_zero();
    for (int d = d0; d < d0 + 4; d++) {
        bb128 r = ray[from][d];
        if (bb_any(bb_and(r, occ)))
            r = bb_xor(r, ray[palace_nearest(ray, from, d, occ)][d]);
        acc = bb_or(acc, r);
    }
    return acc;
}

/* Cannon targets along directions d0 .. d0 + 3: over exactly one screen to take (see above). */
static inline __attribute__((always_inline)) bb128
palace_cannon_targets(const bb128 (*ray)[8], int from, int d0, bb128 occ, bb128 enemy,
                      bb128 screenless, const int slides)
{
    bb128 quiet = bb_zero(), caps = bb_zero();
    for (int d = d0; d < d0 + 4; d++) {
        if (bb_none(bb_and(ray[from][d], occ))) {
            if (slides)
                quiet = bb_or(quiet, ray[from][d]);
            continue;
        }
        const int b1 = palace_nearest(ray, from, d, occ);
        if (slides)
            quiet = bb_or(quiet, palace_between(ray, from, d, b1));
        if (bb_test(screenless, b1))
            continue;
        const int b2 = palace_nearest(ray, b1, d, occ);
        if (b2 >= 0)
            caps = bb_set(caps, b2);
        if (!slides)
            quiet = bb_or(quiet, b2 >= 0 ? palace_between(ray, b1, d, b2) : ray[b1][d]);
    }
    return bb_or(quiet, bb_andnot(bb_and(caps, enemy), screenless));
}

/* Horse targets from a point: per orthogonal leg (-1 off the board), the targets when it is empty. */
static inline __attribute__((always_inline)) bb128
palace_horse_targets(const int8_t leg[4], const bb128 to[4], bb128 occ)
{
    bb128 acc = bb_zero();
    for (int d = 0; d < 4; d++)
        if (leg[d] >= 0 && !bb_test(occ, leg[d]))
            acc = bb_or(acc, to[d]);
    return acc;
}

/*
** Elephant targets: move k goes to to[k] (-1: none) when the points of its path are empty, eye[k]
** and, where the game has a second one (janggi's two legs), eye2[k].
*/
static inline __attribute__((always_inline)) bb128 palace_elephant_targets(const int8_t *to,
                                                                           const int8_t *eye,
                                                                           const int8_t *eye2,
                                                                           int moves, bb128 occ)
{
    bb128 acc = bb_zero();
    for (int k = 0; k < moves; k++)
        if (to[k] >= 0 && !bb_test(occ, eye[k]) && !(eye2 && bb_test(occ, eye2[k])))
            acc = bb_set(acc, to[k]);
    return acc;
}

/*
** Do the enemy's soldiers or horses attack a point? soldier_att: the points a soldier attacking it
** stands on; att_leg / att_from / att_any: its reverse horse tables (a horse's leg blocks it).
*/
static inline __attribute__((always_inline)) int
palace_soldier_horse_attacks(bb128 soldier_att, bb128 soldiers, const int8_t att_leg[4],
                             const bb128 att_from[4], bb128 att_any, bb128 horses, bb128 occ)
{
    if (bb_any(bb_and(soldier_att, soldiers)))
        return 1;
    if (bb_any(bb_and(att_any, horses)))
        for (int d = 0; d < 4; d++)
            if (bb_any(bb_and(att_from[d], horses)) && !bb_test(occ, att_leg[d]))
                return 1;
    return 0;
}

/*
** The same for a general of `side` on sq in either game, whose tables t and state s name these
** fields alike, horses being kind 4 and soldiers kind 7 in both.
*/
#define PALACE_SOLDIER_HORSE_ATTACKS(t, s, side, sq, occ, enemy)                               \
    palace_soldier_horse_attacks((t)->soldier_att[!(side)][sq], bb_and((s)->by_kind[7], enemy), \
                                 (t)->horse_att_leg[sq], (t)->horse_att_from[sq],              \
                                 (t)->horse_att_any[sq], bb_and((s)->by_kind[4], enemy), occ)

/* Does the line from sq in direction d check it: a hitter first, or a cannon over one screen? */
static inline __attribute__((always_inline)) int palace_line_attacks(const bb128 (*ray)[8], int sq,
                                                                     int d, bb128 hitters,
                                                                     bb128 cannons,
                                                                     bb128 screenless, bb128 occ)
{
    if (bb_none(bb_and(ray[sq][d], bb_or(hitters, cannons))))
        return 0;
    const int b1 = palace_nearest(ray, sq, d, occ); /* exists: the ray holds an enemy piece */
    if (bb_test(hitters, b1))
        return 1;
    if (bb_test(screenless, b1))
        return 0;
    const int b2 = palace_nearest(ray, b1, d, occ);
    return b2 >= 0 && bb_test(cannons, b2);
}

/*
** What the lines and legs around the side to move's general tell, found once per generation:
** checkers, the points where a move answers them (evade_to; a piece on evade_from, a cannon's
** screen, answers by moving anywhere), the pieces whose moves may uncover a check (sensitive) and
** the points where a piece would become a cannon's screen (danger).
*/
typedef struct palace_info {
    bb128 checkers, sensitive, danger, evade_to, evade_from;
} palace_info;

/* Adds to `in` what the line from the general on ksq in direction d tells. */
static inline __attribute__((always_inline)) void
palace_line_checks(const bb128 (*ray)[8], int ksq, int d, bb128 hitters, bb128 cannons,
                   bb128 screenless, bb128 occ, bb128 own, palace_info *in)
{
    if (bb_none(bb_and(ray[ksq][d], bb_or(hitters, cannons))))
        return;
    const int b1 = palace_nearest(ray, ksq, d, occ); /* exists: the ray holds an enemy piece */
    if (bb_test(hitters, b1)) {
        in->checkers = bb_set(in->checkers, b1);
        in->evade_to = bb_or(in->evade_to, bb_set(palace_between(ray, ksq, d, b1), b1));
    } else if (bb_test(cannons, b1)) {
        in->danger = bb_or(in->danger, palace_between(ray, ksq, d, b1));
    }
    const int b2 = palace_nearest(ray, b1, d, occ);
    if (b2 < 0)
        return;
    if (bb_test(hitters, b2) && bb_test(own, b1))
        in->sensitive = bb_set(in->sensitive, b1);
    if (bb_test(cannons, b2)) {
        if (!bb_test(screenless, b1)) {
            in->checkers = bb_set(in->checkers, b2);
            in->evade_to = bb_or(in->evade_to,
                                 bb_set(bb_andnot(palace_between(ray, ksq, d, b2), occ), b2));
            /* Where a cannon may not screen, one that takes the screen answers the check. */
            if (bb_any(screenless))
                in->evade_to = bb_set(in->evade_to, b1);
            in->evade_from = bb_or(in->evade_from, bb_and(bb_sq(b1), own));
        } else if (bb_test(cannons, b1)) {
            /* A lone enemy cannon between: any other piece arriving there would screen it. */
            in->danger = bb_set(in->danger, b1);
        }
    }
    const int b3 = palace_nearest(ray, b2, d, occ);
    if (b3 >= 0 && bb_test(cannons, b3))
        in->sensitive = bb_or(in->sensitive, bb_and(bb_or(bb_sq(b1), bb_sq(b2)), own));
}

/*
** Enemy horses aimed at the general (att_leg / att_from / att_any: the reverse horse tables of its
** point): those with a free leg check it (the leg blocks them); an own piece on a leg is pinned.
*/
static inline __attribute__((always_inline)) void
palace_horse_checks(const int8_t att_leg[4], const bb128 att_from[4], bb128 att_any, bb128 horses,
                    bb128 occ, bb128 own, palace_info *in)
{
    if (bb_none(bb_and(att_any, horses)))
        return;
    for (int d = 0; d < 4; d++) {
        const bb128 h = bb_and(att_from[d], horses);
        if (bb_none(h))
            continue;
        const int leg = att_leg[d];
        if (!bb_test(occ, leg)) {
            in->checkers = bb_or(in->checkers, h);
            in->evade_to = bb_or(in->evade_to, bb_set(h, leg));
        } else if (bb_test(own, leg)) {
            in->sensitive = bb_set(in->sensitive, leg);
        }
    }
}

/*
** What the emission of one generation's moves reads: the mover's pieces, the pieces whose every
** move is tested (all in check, else the sensitive ones), the targets a tested piece may reach
** at all (janggi: while the generals face each other, those that break the facing), and from the
** check analysis what answers a check.
*/
typedef struct palace_emit {
    bb128 own, tested, reach, evade_to, evade_from;
    int in_check, us, ksq;
} palace_emit;

/*
** Emits (count_only: counts) the moves of the piece on `from` to `targets` and returns n plus
** their number. A piece that is not tested goes to the `allowed` targets without a test; a tested
** one is kept on each target where `attacked(s, us, ksq, from, to, occ, enemy)` — the mover's
** general attacked with the occupancy and the enemy's pieces after the move — is false.
*/
static inline __attribute__((always_inline)) int palace_emit_moves(
    const palace_emit *e, const void *s, bb128 occ, bb128 enemy, int from, bb128 targets,
    bb128 allowed,
    int (*attacked)(const void *s, int us, int ksq, int from, int to, bb128 occ, bb128 enemy),
    bg_move *out, int n, const int count_only)
{
    bb128 tg = bb_andnot(targets, e->own);
    if (!bb_test(e->tested, from)) {
        tg = bb_and(tg, allowed);
        if (count_only)
            return n + bb_popcount(tg);
        while (bb_any(tg))
            out[n++] = palace_mv(from, bb_pop_lsb(&tg));
        return n;
    }
    tg = bb_and(tg, e->reach);
    if (e->in_check && !bb_test(e->evade_from, from))
        tg = bb_and(tg, e->evade_to);
    const bb128 occ_nof = bb_xor(occ, bb_sq(from));
    while (bb_any(tg)) {
        const int to = bb_pop_lsb(&tg);
        const bb128 tb = bb_sq(to);
        if (!attacked(s, e->us, e->ksq, from, to, bb_or(occ_nof, tb), bb_andnot(enemy, tb))) {
            if (count_only)
                n++;
            else
                out[n++] = palace_mv(from, to);
        }
    }
    return n;
}

/*
** Bulk counting is mostly population counts. Baseline x86-64 has no POPCNT instruction (GCC then
** calls a table-driven helper), so on x86-64 Linux the counting recursion is also compiled for
** CPUs that have it, and the loader picks the version (an ifunc; no state of ours).
** PALACE_NO_CLONES (or the older XQ_NO_CLONES / JG_NO_CLONES) turns this off; so does
** ThreadSanitizer, whose runtime is not yet initialised when the loader runs ifunc resolvers.
*/
#if defined(__x86_64__) && defined(__linux__) && defined(__GNUC__) && !defined(__POPCNT__) && \
    !defined(PALACE_NO_CLONES) && !defined(XQ_NO_CLONES) && !defined(JG_NO_CLONES) && \
    !defined(__SANITIZE_THREAD__)
#define PALACE_HOT __attribute__((target_clones("popcnt", "default")))
#else
#define PALACE_HOT
#endif

#endif
