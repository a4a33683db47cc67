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

static inline __attribute__((always_inline)) void compute_info(const xq_state *s, const xq_tables *t, palace_info *in)
{
    const int us = s->stm, them = !us, ksq = s->general[us];
    const bb128 occ = s->by_kind[0], own = s->by_color[us], enemy = s->by_color[them];
    const bb128 rooks = bb_and(s->by_kind[XQ_CHARIOT], enemy);
    const bb128 cannons = bb_and(s->by_kind[XQ_CANNON], enemy);
    const bb128 gen = bb_and(s->by_kind[XQ_GENERAL], enemy);
    *in = (palace_info){bb_zero(), bb_zero(), bb_zero(), bb_zero(), bb_zero()};

    /* The enemy general checks along the file (the flying-general rule), the lion along diagonals. */
    for (int d = 0; d < 4; d++)
        palace_line_checks(t->ray, ksq, d, (d == XQ_N || d == XQ_S) ? bb_or(rooks, gen) : rooks,
                           cannons, bb_zero(), occ, own, in);
    const bb128 lions = bb_and(s->by_kind[XQ_LION], enemy);
    if (bb_any(lions))
        for (int d = 4; d < 8; d++)
            palace_line_checks(t->ray, ksq, d, lions, bb_zero(), bb_zero(), occ, own, in);
    palace_horse_checks(t->horse_att_leg[ksq], t->horse_att_from[ksq], t->horse_att_any[ksq],
                        bb_and(s->by_kind[XQ_HORSE], enemy), occ, own, in);
    const bb128 sold = bb_and(t->soldier_att[them][ksq], bb_and(s->by_kind[XQ_SOLDIER], enemy));
    in->checkers = bb_or(in->checkers, sold);
    in->evade_to = bb_or(in->evade_to, sold);
}

/* After any move (a cannon screens and is taken like any other piece). */
static inline int attacked_after(const void *s, int us, int ksq, int from, int to, bb128 occ,
                                 bb128 enemy)
{
    (void)from;
    (void)to;
    return xq_general_attacked(s, us, ksq, occ, enemy);
}

static inline __attribute__((always_inline)) int generate(const xq_state *s, bg_move *out,
                                                         const int count_only)
{
    const xq_tables *t = xq_tables_of(s);
    const int us = s->stm, them = !us, ksq = s->general[us];
    const bb128 occ = s->by_kind[0], own = s->by_color[us], enemy = s->by_color[them];
    palace_info in;
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

    const palace_emit e = {own, tested, t->board, in.evade_to, in.evade_from, in_check, us, ksq};
#define ADD(from, targets)                                                                    \
    n = palace_emit_moves(&e, s, occ, enemy, from, targets, allowed, attacked_after, out, n,   \
                          count_only)

    bb128 pcs = bb_and(s->by_kind[XQ_CHARIOT], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, palace_rider_targets(t->ray, from, occ, 0));
    }
    pcs = bb_and(s->by_kind[XQ_CANNON], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, palace_cannon_targets(t->ray, from, 0, occ, enemy, bb_zero(), 1));
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
        ADD(from, palace_elephant_targets(t->elephant_to[from], t->elephant_eye[from], NULL, 4, occ));
    }
    pcs = bb_and(s->by_kind[XQ_ADVISOR], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, t->advisor[from]);
    }
    pcs = bb_and(s->by_kind[XQ_LION], own);
    while (bb_any(pcs)) {
        const int from = bb_pop_lsb(&pcs);
        ADD(from, palace_rider_targets(t->ray, from, occ, 4));
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
