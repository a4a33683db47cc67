/*
** libboardgames — xiangqi / lion chess legal move generation and bulk-counting perft.
**
** Legality without make/test/unmake for most moves. Before generating, the lines and horse legs
** around the side to move's general are examined once:
** - checkers, and for each the points where a move answers it (capture, interpose, block a leg)
**   and, for a cannon, its screen (moving the screen away answers it too);
** - "sensitive" own pieces: the only piece between the general and a chariot, lion or the
**   enemy general (flying general); one of the two pieces between the general and a cannon; a
**   piece on the leg of an enemy horse aimed at the general. Only their moves can uncover a check;
** - "danger" points: the empty points between the general and a cannon that faces it on an open
**   line. A piece arriving there becomes the cannon's screen, so no move may end there.
** Out of check, a move of a piece that is not sensitive is legal unless it ends on a danger point.
** Moves of sensitive pieces and of the general, and every candidate evasion in check, are
** checked by recomputing the attacks on the general with the occupancy after the move. Captures
** never uncover anything: the capturing piece takes the captured piece's place on every line.
** One generator body serves emitting and counting; the compiler specialises the constant flag.
*/
#include "perft.h"
#include "xiangqi.h"

typedef struct xq_info {
    bb128 checkers, sensitive, danger, evade_to, evade_from;
} xq_info;

/* Points strictly between sq and b, b lying on sq's ray d. */
static inline bb128 between(const xq_tables *t, int sq, int d, int b)
{
    return bb_xor(bb_xor(t->ray[sq][d], t->ray[b][d]), bb_sq(b));
}

static inline __attribute__((always_inline)) void compute_info(const xq_state *s, const xq_tables *t, xq_info *in)
{
    const int us = s->stm, them = !us, ksq = s->general[us];
    const bb128 occ = s->by_kind[0], own = s->by_color[us], enemy = s->by_color[them];
    const bb128 rooks = bb_and(s->by_kind[XQ_CHARIOT], enemy);
    const bb128 cannons = bb_and(s->by_kind[XQ_CANNON], enemy);
    const bb128 gen = bb_and(s->by_kind[XQ_GENERAL], enemy);
    bb128 checkers = bb_zero(), sensitive = bb_zero(), danger = bb_zero();
    bb128 evade_to = bb_zero(), evade_from = bb_zero();

    for (int d = 0; d < 4; d++) {
        const bb128 hitters = (d == XQ_N || d == XQ_S) ? bb_or(rooks, gen) : rooks;
        if (bb_none(bb_and(t->ray[ksq][d], bb_or(hitters, cannons))))
            continue;
        const int b1 = xq_nearest(t, ksq, d, occ); /* exists: the ray holds an enemy piece */
        if (bb_test(hitters, b1)) {
            checkers = bb_set(checkers, b1);
            evade_to = bb_or(evade_to, bb_set(between(t, ksq, d, b1), b1));
        } else if (bb_test(cannons, b1)) {
            danger = bb_or(danger, between(t, ksq, d, b1));
        }
        const int b2 = xq_nearest(t, b1, d, occ);
        if (b2 < 0)
            continue;
        if (bb_test(hitters, b2) && bb_test(own, b1))
            sensitive = bb_set(sensitive, b1);
        if (bb_test(cannons, b2)) {
            checkers = bb_set(checkers, b2);
            evade_to = bb_or(evade_to, bb_set(bb_andnot(between(t, ksq, d, b2), occ), b2));
            evade_from = bb_or(evade_from, bb_and(bb_sq(b1), own));
        }
        const int b3 = xq_nearest(t, b2, d, occ);
        if (b3 >= 0 && bb_test(cannons, b3))
            sensitive = bb_or(sensitive, bb_and(bb_or(bb_sq(b1), bb_sq(b2)), own));
    }

    const bb128 lions = bb_and(s->by_kind[XQ_LION], enemy);
    for (int d = 4; d < 8 && bb_any(lions); d++) {
        if (bb_none(bb_and(t->ray[ksq][d], lions)))
            continue;
        const int b1 = xq_nearest(t, ksq, d, occ);
        if (bb_test(lions, b1)) {
            checkers = bb_set(checkers, b1);
            evade_to = bb_or(evade_to, bb_set(between(t, ksq, d, b1), b1));
        } else if (bb_test(own, b1)) {
            const int b2 = xq_nearest(t, b1, d, occ);
            if (b2 >= 0 && bb_test(lions, b2))
                sensitive = bb_set(sensitive, b1);
        }
    }

    palace_horse_checks(t->horse_att_leg[ksq], t->horse_att_from[ksq], t->horse_att_any[ksq],
                        bb_and(s->by_kind[XQ_HORSE], enemy), occ, own, &checkers, &evade_to,
                        &sensitive);
    const bb128 sold = bb_and(t->soldier_att[them][ksq], bb_and(s->by_kind[XQ_SOLDIER], enemy));
    checkers = bb_or(checkers, sold);
    evade_to = bb_or(evade_to, sold);

    in->checkers = checkers;
    in->sensitive = sensitive;
    in->danger = danger;
    in->evade_to = evade_to;
    in->evade_from = evade_from;
}

/* Chariot (d = 0..3) or lion (d = 4..7) targets along four directions, first piece included. */
static inline bb128 rider_targets(const xq_tables *t, int from, bb128 occ, int d0)
{
    bb128 acc = bb_zero();
    for (int d = d0; d < d0 + 4; d++) {
        bb128 r = t->ray[from][d];
        if (bb_any(bb_and(r, occ)))
            r = bb_xor(r, t->ray[xq_nearest(t, from, d, occ)][d]);
        acc = bb_or(acc, r);
    }
    return acc;
}

static inline bb128 cannon_targets(const xq_tables *t, int from, bb128 occ, bb128 enemy)
{
    bb128 quiet = bb_zero(), caps = bb_zero();
    for (int d = 0; d < 4; d++) {
        bb128 r = t->ray[from][d];
        if (bb_none(bb_and(r, occ))) {
            quiet = bb_or(quiet, r);
            continue;
        }
        const int b1 = xq_nearest(t, from, d, occ);
        quiet = bb_or(quiet, between(t, from, d, b1));
        const int b2 = xq_nearest(t, b1, d, occ);
        if (b2 >= 0)
            caps = bb_set(caps, b2);
    }
    return bb_or(quiet, bb_and(caps, enemy));
}

static inline bb128 elephant_targets(const xq_tables *t, int from, bb128 occ)
{
    bb128 acc = bb_zero();
    for (int d = 0; d < 4; d++) {
        const int to = t->elephant_to[from][d];
        if (to >= 0 && !bb_test(occ, t->elephant_eye[from][d]))
            acc = bb_set(acc, to);
    }
    return acc;
}

static inline __attribute__((always_inline)) int generate(const xq_state *s, bg_move *out,
                                                         const int count_only)
{
    const xq_tables *t = xq_tables_of(s);
    const int us = s->stm, them = !us, ksq = s->general[us];
    const bb128 occ = s->by_kind[0], own = s->by_color[us], enemy = s->by_color[them];
    xq_info in;
    int n = 0;
    compute_info(s, t, &in);
    const int in_check = bb_any(in.checkers);

    /* General: every target is tested with the general removed from its point. */
    {
        bb128 tg = bb_andnot(t->general[ksq], own);
        const bb128 occ_nok = bb_xor(occ, bb_sq(ksq));
        while (bb_any(tg)) {
            const int to = bb_pop_lsb(&tg);
            const bb128 tb = bb_sq(to);
            if (!xq_general_attacked(s, us, to, bb_or(occ_nok, tb), bb_andnot(enemy, tb))) {
                if (count_only)
                    n++;
                else
                    out[n++] = palace_mv(ksq, to);
            }
        }
    }

    /* allowed: targets a piece may go to without a test; tested: pieces whose moves need one. */
    bb128 allowed, tested;
    if (in_check) {
        allowed = bb_zero();
        tested = own;
    } else {
        allowed = bb_andnot(t->board, bb_or(own, in.danger));
        tested = in.sensitive;
    }

#define ADD(from, targets)                                                                    \
    do {                                                                                      \
        const int from_ = (from);                                                             \
        bb128 tg_ = bb_andnot((targets), own);                                                \
        if (!bb_test(tested, from_)) {                                                        \
            tg_ = bb_and(tg_, allowed);                                                       \
            if (count_only) {                                                                 \
                n += bb_popcount(tg_);                                                        \
            } else {                                                                          \
                while (bb_any(tg_))                                                           \
                    out[n++] = palace_mv(from_, bb_pop_lsb(&tg_));                            \
            }                                                                                 \
        } else {                                                                              \
            if (in_check && !bb_test(in.evade_from, from_))                                   \
                tg_ = bb_and(tg_, in.evade_to);                                               \
            const bb128 occ_nof_ = bb_xor(occ, bb_sq(from_));                                 \
            while (bb_any(tg_)) {                                                             \
                const int to_ = bb_pop_lsb(&tg_);                                             \
                const bb128 tb_ = bb_sq(to_);                                                 \
                if (!xq_general_attacked(s, us, ksq, bb_or(occ_nof_, tb_),                    \
                                         bb_andnot(enemy, tb_))) {                            \
                    if (count_only)                                                           \
                        n++;                                                                  \
                    else                                                                      \
                        out[n++] = palace_mv(from_, to_);                                     \
                }                                                                             \
            }                                                                                 \
        }                                                                                     \
    } while (0)

    bb128 pcs = bb_and(s->by_kind[XQ_CHARIOT], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, rider_targets(t, from, occ, 0));
    }
    pcs = bb_and(s->by_kind[XQ_CANNON], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, cannon_targets(t, from, occ, enemy));
    }
    pcs = bb_and(s->by_kind[XQ_HORSE], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, palace_horse_targets(t->horse_leg[from], t->horse_to[from], occ));
    }
    pcs = bb_and(s->by_kind[XQ_SOLDIER], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, t->soldier[us][from]);
    }
    pcs = bb_and(s->by_kind[XQ_ELEPHANT], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, elephant_targets(t, from, occ));
    }
    pcs = bb_and(s->by_kind[XQ_ADVISOR], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, t->advisor[from]);
    }
    pcs = bb_and(s->by_kind[XQ_LION], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, rider_targets(t, from, occ, 4));
    }
#undef ADD
    return n;
}

/*
** Option checklimit: a side that has given check with each of its last `checklimit` moves may
** not give another, so the moves that would check are taken out (each one is played on a copy:
** this happens only at the limit, a few positions of a game).
*/
static int drop_checks(const xq_state *s, bg_move *buf, int n)
{
    int k = 0;
    for (int i = 0; i < n; i++) {
        xq_state c = *s;
        xq_make(&c, buf[i]);
        if (!xq_in_check(&c))
            buf[k++] = buf[i];
    }
    return k;
}

static inline __attribute__((always_inline)) int generate_limited(const xq_state *s, bg_move *out,
                                                                 const int count_only)
{
    if (!xq_at_check_limit(s))
        return generate(s, out, count_only);
    bg_move tmp[XQ_MAX_MOVES];
    bg_move *buf = count_only ? tmp : out;
    return drop_checks(s, buf, generate(s, buf, 0));
}

int xq_generate(const xq_state *s, bg_move *buf)
{
    return generate_limited(s, buf, 0);
}

int xq_count(const xq_state *s)
{
    return generate_limited(s, NULL, 1);
}

/*
** Two recursions: without a check limit the counts are never kept or read, and perft runs the
** plain generator and make; with one, every make counts and every generation applies the limit.
*/
BGI_PERFT_COPY_MAKE(PALACE_HOT, xq_perft_rec, xq_state, XQ_MAX_MOVES, generate, xq_make)
BGI_PERFT_COPY_MAKE(PALACE_HOT, xq_perft_limited_rec, xq_state, XQ_MAX_MOVES, generate_limited, xq_make_counted)

uint64_t xq_perft(const xq_state *s, int depth)
{
    if (depth <= 0)
        return 1;
    return s->checklimit ? xq_perft_limited_rec(s, depth) : xq_perft_rec(s, depth);
}
