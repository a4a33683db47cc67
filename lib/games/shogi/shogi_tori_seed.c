/* libboardgames — Tori shogi with the seed's pheasant and goose (option rules=seed): moves that may not capture, cannon captures, legality by make and test, perft. */
#include "perft.h"
#include "shogi.h"

/*
** A cannon's check can be blocked by adding a second piece between, or opened by putting a piece
** in between where there was none: the check and pin masks of shogi_movegen.c do not describe
** that. This rule set is an option, not the default, so its moves are generated pseudo-legally
** and each is played on a copy to see whether it leaves the phoenix attacked (shogi_attackers()
** knows the cannons).
*/

static inline bg_move mv(int from, int to) { return (bg_move)from | (bg_move)to << 9; }

static int royal_square(const shogi_state *s, int side)
{
    sbb r = shogi_royals(s, side);
    return sbb_any(r) ? sbb_lsb(r) : -1;
}

static int attacked(const shogi_state *s, int side)
{
    int k = royal_square(s, side);
    return k >= 0 && sbb_any(shogi_attackers(s, k, !side, s->side[0] | s->side[1]));
}

/* Board moves of our type-t piece from `from` to the squares of att, with the promotion rules. */
static int seed_add_moves(const shogi_game *gm, bg_move *out, int n, int t, int us, int from, sbb att)
{
    const sbb zone = shogi_far_ranks[gm->geom][us][gm->zone];
    const sbb dead = shogi_far_ranks[gm->geom][us][gm->dead_ranks[t]];
    for (; sbb_any(att); att &= att - 1) {
        int to = sbb_lsb(att);
        int may = gm->promote[t] && (sbb_test(zone, from) || sbb_test(zone, to));
        if (!may || (!gm->mandatory[t] && !sbb_test(dead, to)))
            out[n++] = mv(from, to);
        if (may)
            out[n++] = mv(from, to) | (bg_move)gm->type_kind[gm->promote[t]] << 18 |
                       BG_MOVE_PROMOTION;
    }
    return n;
}

/* Every move by the pieces' rules, the phoenix's safety not yet looked at. */
static int pseudo_moves(const shogi_state *s, bg_move *out)
{
    const shogi_game *gm = shogi_game_of(s);
    const int g = gm->geom, us = s->stm;
    const sbb own = s->side[us], enemy = s->side[!us], occ = own | enemy;
    const sbb board = shogi_far_ranks[g][0][gm->height];
    int n = 0;
    for (sbb b = own; sbb_any(b); b &= b - 1) {
        const int from = sbb_lsb(b), t = SH_CODE_TYPE(s->board[from]);
        const sh_cannon *c = &sh_cannons[t];
        sbb att;
        if (c->hops | c->quiet_steps | c->quiet_slides) {
            att = 0;
            for (int d = 0; d < 8; d++) {
                const int dir = SH_DIR_ABS(d, us);
                if (c->quiet_steps & (1u << d))
                    att |= shogi_ray1[g][dir][from] & ~occ;
                if (c->quiet_slides & (1u << d))
                    att |= sh_slide(g, from, dir, occ) & ~occ;
                if (c->hops & (1u << d)) {
                    int x = shogi_hop_target(g, from, dir, occ);
                    if (x >= 0 && sbb_test(enemy, x))
                        att |= shogi_sq_bb[x];
                }
            }
        } else {
            att = shogi_piece_attacks(g, t, us, from, occ) & ~own;
        }
        n = seed_add_moves(gm, out, n, t, us, from, att);
    }
    for (int i = 0; i < gm->nhand; i++) {
        if (!s->hand[us][i])
            continue;
        const int t = gm->hand_type[i];
        sbb m = board & ~occ & ~shogi_far_ranks[g][us][gm->dead_ranks[t]];
        if (t == SH_PAWN)
            for (int f = 0; f < gm->width; f++)
                if (sbb_popcount(s->type[SH_PAWN] & own & shogi_file_bb[g][f]) >= gm->pawn_file_limit)
                    m &= ~shogi_file_bb[g][f];
        for (; sbb_any(m); m &= m - 1)
            out[n++] = BG_MOVE_MAKE_DROP(gm->type_kind[t], sbb_lsb(m));
    }
    return n;
}

/* The legal moves: the phoenix not left attacked, and no swallow drop that mates. */
static int legal_moves(const shogi_state *s, bg_move *out, int count_only)
{
    bg_move all[1024];
    const shogi_game *gm = shogi_game_of(s);
    const int us = s->stm;
    if (royal_square(s, us) < 0)
        return 0; /* no phoenix left: the game is over */
    int n = pseudo_moves(s, all), k = 0;
    for (int i = 0; i < n; i++) {
        shogi_state child = *s;
        shogi_make(&child, all[i]);
        if (attacked(&child, us))
            continue;
        if ((all[i] & BG_MOVE_DROP) && gm->kind_type[BG_MOVE_KIND(all[i])] == SH_PAWN &&
            gm->drop_mate_rule && attacked(&child, !us) && legal_moves(&child, NULL, 1) == 0)
            continue;
        if (!count_only)
            out[k] = all[i];
        k++;
    }
    return k;
}

int shogi_seed_generate(const shogi_state *s, bg_move *buf) { return legal_moves(s, buf, 0); }

int shogi_seed_count(const shogi_state *s) { return legal_moves(s, NULL, 1); }

BGI_PERFT_COPY_MAKE(, seed_perft_rec, shogi_state, 1024, legal_moves, shogi_make)

uint64_t shogi_seed_perft(const shogi_state *s, int depth)
{
    return depth <= 0 ? 1 : seed_perft_rec(s, depth);
}
