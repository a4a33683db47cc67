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

static inline __attribute__((always_inline)) void compute_info(const jg_state *s, palace_info *in)
{
    const jg_tables *t = JGT;
    const int us = s->stm, them = !us, ksq = s->general[us];
    const bb128 occ = s->by_kind[0], own = s->by_color[us], enemy = s->by_color[them];
    const bb128 cannons = s->by_kind[JG_CANNON];
    const bb128 rooks = bb_and(s->by_kind[JG_CHARIOT], enemy);
    *in = (palace_info){bb_zero(), bb_zero(), bb_zero(), bb_zero(), bb_zero()};

    for (int d = 0; d < 8; d++)
        palace_line_checks(t->ray, ksq, d, rooks, bb_and(cannons, enemy), cannons, occ, own, in);
    palace_horse_checks(t->horse_att_leg[ksq], t->horse_att_from[ksq], t->horse_att_any[ksq],
                        bb_and(s->by_kind[JG_HORSE], enemy), occ, own, in);
    const bb128 elephants = bb_and(s->by_kind[JG_ELEPHANT], enemy);
    if (bb_any(bb_and(t->eleph_att_any[ksq], elephants))) {
        for (int d = 0; d < 4; d++) {
            const bb128 e = bb_and(t->eleph_att_from[ksq][d], elephants);
            if (bb_none(e))
                continue;
            const int l1 = t->eleph_att_leg1[ksq][d], l2 = t->eleph_att_leg2[ksq][d];
            const int o1 = bb_test(occ, l1), o2 = bb_test(occ, l2);
            if (!o1 && !o2) {
                in->checkers = bb_or(in->checkers, e);
                in->evade_to = bb_or(in->evade_to, bb_set(bb_set(e, l1), l2));
            } else if (o1 != o2) {
                in->sensitive = bb_or(in->sensitive, bb_and(bb_sq(o1 ? l1 : l2), own));
            }
        }
    }
    const bb128 sold = bb_and(t->soldier_att[them][ksq], bb_and(s->by_kind[JG_SOLDIER], enemy));
    in->checkers = bb_or(in->checkers, sold);
    in->evade_to = bb_or(in->evade_to, sold);
}

/* Chariot targets: orthogonal rays and, from a point on them, the palace lines. */
static inline bb128 chariot_targets(int from, bb128 occ)
{
    const jg_tables *t = JGT;
    bb128 acc = palace_rider_targets(t->ray, from, occ, 0);
    if (bb_test(t->lines, from))
        acc = bb_or(acc, palace_rider_targets(t->ray, from, occ, 4));
    return acc;
}

/* Cannon targets: over exactly one screen that is not a cannon, along the palace lines too. */
static inline bb128 cannon_targets(int from, bb128 occ, bb128 enemy, bb128 cannons)
{
    const jg_tables *t = JGT;
    bb128 acc = palace_cannon_targets(t->ray, from, 0, occ, enemy, cannons, 0);
    if (bb_test(t->lines, from))
        acc = bb_or(acc, palace_cannon_targets(t->ray, from, 4, occ, enemy, cannons, 0));
    return acc;
}

/* After a move of a piece that is not a cannon: the cannon it takes, if any, is gone. */
static inline __attribute__((always_inline)) int
attacked_after(const void *sv, int us, int ksq, int from, int to, bb128 occ, bb128 enemy)
{
    const jg_state *s = sv;
    (void)from;
    return jg_attacked_inline(s, us, ksq, occ, enemy, bb_reset(s->by_kind[JG_CANNON], to));
}

/* After a cannon's move: it stands on its target. */
static inline __attribute__((always_inline)) int
attacked_after_cannon(const void *sv, int us, int ksq, int from, int to, bb128 occ, bb128 enemy)
{
    const jg_state *s = sv;
    const bb128 cannons = bb_set(bb_reset(bb_reset(s->by_kind[JG_CANNON], to), from), to);
    return jg_attacked_inline(s, us, ksq, occ, enemy, cannons);
}

static inline __attribute__((always_inline)) int generate(const jg_state *s, bg_move *out,
                                                         const int count_only)
{
    const jg_tables *t = JGT;
    const int us = s->stm, them = !us, ksq = s->general[us];
    const bb128 occ = s->by_kind[0], own = s->by_color[us], enemy = s->by_color[them];
    const bb128 cannons = s->by_kind[JG_CANNON];
    palace_info in;
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
    const bb128 restrict_to = facing ? palace_between(t->ray, ksq, fdir, egen) : t->board;

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
                palace_nearest(t->ray, to, fdir, occ2) == egen)
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
    const palace_emit e = {own, tested, restrict_to, in.evade_to, in.evade_from, in_check, us, ksq};
#define ADD(from, targets, ok, attacked)                                                      \
    n = palace_emit_moves(&e, s, occ, enemy, from, targets, ok, attacked, out, n, count_only)

    bb128 pcs = bb_and(s->by_kind[JG_CHARIOT], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, chariot_targets(from, occ), allowed, attacked_after);
    }
    pcs = bb_and(cannons, own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, cannon_targets(from, occ, enemy, cannons), allowed_cannon, attacked_after_cannon);
    }
    pcs = bb_and(s->by_kind[JG_HORSE], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, palace_horse_targets(t->horse_leg[from], t->horse_to[from], occ), allowed,
            attacked_after);
    }
    pcs = bb_and(s->by_kind[JG_ELEPHANT], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from,
            palace_elephant_targets(t->eleph_to[from], t->eleph_leg1[from], t->eleph_leg2[from],
                                    8, occ),
            allowed, attacked_after);
    }
    pcs = bb_and(s->by_kind[JG_SOLDIER], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, t->soldier[us][from], allowed, attacked_after);
    }
    pcs = bb_and(s->by_kind[JG_GUARD], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, t->palace_step[from], allowed, attacked_after);
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
