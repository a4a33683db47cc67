/*
** libboardgames — janggi legal move generation and bulk-counting perft.
**
** Legality without make/test/unmake for most moves. Before generating, the lines (orthogonal and
** palace diagonals) and the horse and elephant legs around the side to move's general are
** examined once:
** - checkers, and for each the points where a move answers it (capture, interpose, block a leg,
**   capture a cannon's screen) and, for a cannon, its screen (moving the screen away answers it);
** - "sensitive" own pieces: the only piece between the general and a chariot; one of the two
**   pieces between the general and a cannon; a piece on the leg of an enemy horse or elephant
**   aimed at the general. Only their moves can uncover a check;
** - "danger" points: the empty points between the general and a cannon that faces it, and an
**   enemy cannon standing alone between the general and another enemy cannon. A piece that is not
**   a cannon arriving there becomes a screen, so no such move may end there (a cannon may: it is
**   never a screen).
** Out of check, a move of a piece that is not sensitive is legal unless it ends on a danger point;
** in check by one piece that is not a cannon, also only if it captures or blocks the checker.
** Moves of sensitive pieces and of the general, and the other candidate evasions in check, are
** checked by recomputing the attacks on the general with the occupancy and cannons after the move.
** Bikjang (generals facing on an open file, in rulesets that know it): under Fairy-Stockfish's
** rule the side to move must break it or pass; under the seed's rule every move stays legal (the
** reply is judged by make). Passing is then allowed even in check (as Fairy-Stockfish rules it).
** After a second pass in a row or an accepted bikjang the game is over: no move is legal.
** One generator body serves emitting and counting; the compiler specialises the constant flag.
*/
#include "janggi.h"
#include "perft.h"

typedef struct jg_info {
    bb128 checkers, sensitive, danger, evade_to, evade_from;
} jg_info;

static inline __attribute__((always_inline)) void compute_info(const jg_state *s, jg_info *in)
{
    const jg_tables *t = JGT;
    const int us = s->stm, them = !us, ksq = s->general[us];
    const bb128 occ = s->by_kind[0], own = s->by_color[us], enemy = s->by_color[them];
    const bb128 cannons = s->by_kind[JG_CANNON];
    const bb128 rooks = bb_and(s->by_kind[JG_CHARIOT], enemy);
    const bb128 ecannons = bb_and(cannons, enemy);
    const bb128 sliders = bb_or(rooks, ecannons);
    bb128 checkers = bb_zero(), sensitive = bb_zero(), danger = bb_zero();
    bb128 evade_to = bb_zero(), evade_from = bb_zero();

    for (int d = 0; d < 8; d++) {
        const bb128 r = jg_ray(ksq, d);
        if (bb_none(bb_and(r, sliders)))
            continue;
        const int up = jg_ascending(d);
        const int b1 = jg_nearest(r, occ, up); /* exists: the ray holds an enemy piece */
        if (bb_test(rooks, b1)) {
            checkers = bb_set(checkers, b1);
            evade_to = bb_or(evade_to, bb_set(jg_between(ksq, d, b1), b1));
        } else if (bb_test(ecannons, b1)) {
            danger = bb_or(danger, jg_between(ksq, d, b1));
        }
        const int b2 = jg_nearest(jg_ray(b1, d), occ, up);
        if (b2 < 0)
            continue;
        if (bb_test(rooks, b2) && bb_test(own, b1))
            sensitive = bb_set(sensitive, b1);
        if (bb_test(ecannons, b2)) {
            if (!bb_test(cannons, b1)) {
                checkers = bb_set(checkers, b2);
                evade_to = bb_or(evade_to, bb_or(bb_andnot(jg_between(ksq, d, b2), occ),
                                                 bb_or(bb_sq(b2), bb_sq(b1))));
                evade_from = bb_or(evade_from, bb_and(bb_sq(b1), own));
            } else if (bb_test(ecannons, b1)) {
                danger = bb_set(danger, b1);
            }
        }
        const int b3 = jg_nearest(jg_ray(b2, d), occ, up);
        if (b3 >= 0 && bb_test(ecannons, b3))
            sensitive = bb_or(sensitive, bb_and(bb_or(bb_sq(b1), bb_sq(b2)), own));
    }

    palace_horse_checks(t->horse_att_leg[ksq], t->horse_att_from[ksq], t->horse_att_any[ksq],
                        bb_and(s->by_kind[JG_HORSE], enemy), occ, own, &checkers, &evade_to,
                        &sensitive);
    const bb128 elephants = bb_and(s->by_kind[JG_ELEPHANT], enemy);
    if (bb_any(bb_and(t->eleph_att_any[ksq], elephants))) {
        for (int d = 0; d < 4; d++) {
            const bb128 e = bb_and(t->eleph_att_from[ksq][d], elephants);
            if (bb_none(e))
                continue;
            const int l1 = t->eleph_att_leg1[ksq][d], l2 = t->eleph_att_leg2[ksq][d];
            const int o1 = bb_test(occ, l1), o2 = bb_test(occ, l2);
            if (!o1 && !o2) {
                checkers = bb_or(checkers, e);
                evade_to = bb_or(evade_to, bb_set(bb_set(e, l1), l2));
            } else if (o1 != o2) {
                sensitive = bb_or(sensitive, bb_and(bb_sq(o1 ? l1 : l2), own));
            }
        }
    }
    const bb128 sold = bb_and(t->soldier_att[them][ksq], bb_and(s->by_kind[JG_SOLDIER], enemy));
    checkers = bb_or(checkers, sold);
    evade_to = bb_or(evade_to, sold);

    in->checkers = checkers;
    in->sensitive = sensitive;
    in->danger = danger;
    in->evade_to = evade_to;
    in->evade_from = evade_from;
}

/* Chariot targets: orthogonal rays and palace diagonals, the first piece on each included. */
static inline bb128 chariot_targets(int from, bb128 occ)
{
    const jg_tables *t = JGT;
    bb128 acc = bb_zero();
    for (int d = 0; d < 4; d++) {
        bb128 r = t->ray[from][d];
        const int b = jg_nearest(r, occ, jg_ascending(d));
        if (b >= 0)
            r = bb_xor(r, t->ray[b][d]);
        acc = bb_or(acc, r);
    }
    if (bb_test(t->lines, from)) {
        for (int d = 4; d < 8; d++) {
            bb128 r = t->pray[from][d - 4];
            const int b = jg_nearest(r, occ, jg_ascending(d));
            if (b >= 0)
                r = bb_andnot(r, t->pray[b][d - 4]);
            acc = bb_or(acc, r);
        }
    }
    return acc;
}

/* Cannon targets: over exactly one screen that is not a cannon; never onto a cannon. */
static inline bb128 cannon_targets(int from, bb128 occ, bb128 enemy, bb128 cannons)
{
    const jg_tables *t = JGT;
    bb128 quiet = bb_zero(), caps = bb_zero();
    for (int d = 0; d < 4; d++) {
        const int up = jg_ascending(d);
        const int b1 = jg_nearest(t->ray[from][d], occ, up);
        if (b1 < 0 || bb_test(cannons, b1))
            continue;
        const bb128 beyond = t->ray[b1][d];
        const int b2 = jg_nearest(beyond, occ, up);
        if (b2 < 0) {
            quiet = bb_or(quiet, beyond);
        } else {
            quiet = bb_or(quiet, bb_xor(beyond, bb_or(t->ray[b2][d], bb_sq(b2))));
            caps = bb_set(caps, b2);
        }
    }
    if (bb_test(t->lines, from)) {
        /* From a corner only: over the palace centre to the opposite corner. */
        for (int d = 4; d < 8; d++) {
            const bb128 r = t->pray[from][d - 4];
            if (!bb_more_than_one(r))
                continue;
            const int up = jg_ascending(d);
            const int centre = up ? bb_lsb(r) : bb_msb(r);
            const int corner = up ? bb_msb(r) : bb_lsb(r);
            if (!bb_test(occ, centre) || bb_test(cannons, centre))
                continue;
            if (bb_test(occ, corner))
                caps = bb_set(caps, corner);
            else
                quiet = bb_set(quiet, corner);
        }
    }
    return bb_or(quiet, bb_andnot(bb_and(caps, enemy), cannons));
}

static inline bb128 elephant_targets(int from, bb128 occ)
{
    const jg_tables *t = JGT;
    bb128 acc = bb_zero();
    for (int k = 0; k < 8; k++) {
        const int to = t->eleph_to[from][k];
        if (to >= 0 && !bb_test(occ, t->eleph_leg1[from][k]) && !bb_test(occ, t->eleph_leg2[from][k]))
            acc = bb_set(acc, to);
    }
    return acc;
}

static inline __attribute__((always_inline)) int generate(const jg_state *s, bg_move *out,
                                                         const int count_only)
{
    const jg_tables *t = JGT;
    const int us = s->stm, them = !us, ksq = s->general[us];
    const bb128 occ = s->by_kind[0], own = s->by_color[us], enemy = s->by_color[them];
    const bb128 cannons = s->by_kind[JG_CANNON];
    jg_info in;
    int n = 0;
    if (s->ended)
        return 0;
    compute_info(s, &in);
    const int in_check = bb_any(in.checkers);
    /* Bikjang: the pass is always allowed; Fairy-Stockfish's rule allows only moves that break it. */
    const int bikjang = s->bikjang && jg_facing(s);
    const int facing = bikjang && s->bikjang == JG_BIKJANG_BREAK;
    const int egen = s->general[them];
    const int fdir = us == JG_CHO ? JG_N : JG_S;
    const bb128 restrict_to = facing ? jg_between(ksq, fdir, egen) : t->board;

    /* General: every target is tested with the general removed from its point. */
    {
        bb128 tg = bb_andnot(t->palace_step[ksq], own);
        const bb128 occ_nok = bb_xor(occ, bb_sq(ksq));
        while (bb_any(tg)) {
            const int to = bb_pop_lsb(&tg);
            const bb128 tb = bb_sq(to);
            const bb128 occ2 = bb_or(occ_nok, tb);
            if (jg_attacked_inline(s, us, to, occ2, bb_andnot(enemy, tb), bb_andnot(cannons, tb)))
                continue;
            if (facing && to % JG_WIDTH == egen % JG_WIDTH &&
                jg_nearest(t->ray[to][fdir], occ2, fdir == JG_N) == egen)
                continue;
            if (count_only)
                n++;
            else
                out[n++] = palace_mv(ksq, to);
        }
    }

    /* allowed: targets a piece may go to without a test; tested: pieces whose moves need one. */
    bb128 allowed, allowed_cannon, tested;
    if (in_check && !bb_more_than_one(in.checkers) && !bb_test(cannons, bb_lsb(in.checkers))) {
        /*
        ** One checker that is not a cannon: a piece that is not sensitive answers it exactly by
        ** capturing it or standing in its way (line or leg), unless it lands on a danger point.
        */
        allowed_cannon = bb_and(bb_andnot(restrict_to, own), in.evade_to);
        allowed = bb_andnot(allowed_cannon, in.danger);
        tested = in.sensitive;
    } else if (in_check) {
        allowed = allowed_cannon = bb_zero();
        tested = own;
    } else {
        allowed_cannon = bb_andnot(restrict_to, own);
        allowed = bb_andnot(allowed_cannon, in.danger);
        tested = in.sensitive;
    }

#define ADD(from, targets, is_cannon)                                                         \
    do {                                                                                      \
        const int from_ = (from);                                                             \
        bb128 tg_ = bb_andnot((targets), own);                                                \
        if (!bb_test(tested, from_)) {                                                        \
            tg_ = bb_and(tg_, (is_cannon) ? allowed_cannon : allowed);                        \
            if (count_only) {                                                                 \
                n += bb_popcount(tg_);                                                        \
            } else {                                                                          \
                while (bb_any(tg_))                                                           \
                    out[n++] = palace_mv(from_, bb_pop_lsb(&tg_));                            \
            }                                                                                 \
        } else {                                                                              \
            tg_ = bb_and(tg_, restrict_to);                                                   \
            if (in_check && !bb_test(in.evade_from, from_))                                   \
                tg_ = bb_and(tg_, in.evade_to);                                               \
            const bb128 fb_ = bb_sq(from_);                                                   \
            const bb128 occ_nof_ = bb_xor(occ, fb_);                                          \
            while (bb_any(tg_)) {                                                             \
                const int to_ = bb_pop_lsb(&tg_);                                             \
                const bb128 tb_ = bb_sq(to_);                                                 \
                bb128 can_ = bb_andnot(cannons, tb_);                                         \
                if (is_cannon)                                                                \
                    can_ = bb_or(bb_xor(can_, fb_), tb_);                                     \
                if (!jg_attacked_inline(s, us, ksq, bb_or(occ_nof_, tb_), bb_andnot(enemy, tb_), \
                                        can_)) {                                              \
                    if (count_only)                                                           \
                        n++;                                                                  \
                    else                                                                      \
                        out[n++] = palace_mv(from_, to_);                                     \
                }                                                                             \
            }                                                                                 \
        }                                                                                     \
    } while (0)

    bb128 pcs = bb_and(s->by_kind[JG_CHARIOT], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, chariot_targets(from, occ), 0);
    }
    pcs = bb_and(cannons, own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, cannon_targets(from, occ, enemy, cannons), 1);
    }
    pcs = bb_and(s->by_kind[JG_HORSE], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, palace_horse_targets(t->horse_leg[from], t->horse_to[from], occ), 0);
    }
    pcs = bb_and(s->by_kind[JG_ELEPHANT], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, elephant_targets(from, occ), 0);
    }
    pcs = bb_and(s->by_kind[JG_SOLDIER], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, t->soldier[us][from], 0);
    }
    pcs = bb_and(s->by_kind[JG_GUARD], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, t->palace_step[from], 0);
    }
#undef ADD

    /* The pass: any time but in check, and always while the generals face each other. */
    if (!in_check || bikjang) {
        if (count_only)
            n++;
        else
            out[n++] = BG_MOVE_MAKE_PASS(ksq);
    }
    return n;
}

int jg_generate(const jg_state *s, bg_move *buf)
{
    return generate(s, buf, 0);
}

/*
** One recursion for every ruleset: the seed's bikjang rule has its own make (janggi.h), chosen per
** move (a second recursion for it measured 2-3% slower for all rulesets: code size).
*/
static inline __attribute__((always_inline)) void make_any(jg_state *s, bg_move m)
{
    if (s->bikjang == JG_BIKJANG_SEED)
        jg_make_seed_inline(s, m);
    else
        jg_make_inline(s, m);
}

BGI_PERFT_COPY_MAKE(PALACE_HOT, jg_perft_rec, jg_state, JG_MAX_MOVES, generate, make_any)

uint64_t jg_perft(const jg_state *s, int depth)
{
    if (depth <= 0)
        return 1;
    return jg_perft_rec(s, depth);
}
