/* libboardgames — shogi family position state: setup, Zobrist key, attack queries, making a move. */
#include <string.h>

#include "shogi.h"

void shogi_clear(shogi_state *s, int game)
{
    memset(s, 0, sizeof *s);
    s->game = (uint8_t)game;
    s->ply = 1;
}

void shogi_put(shogi_state *s, int sq, int code)
{
    s->board[sq] = (uint8_t)code;
    s->side[SH_CODE_SIDE(code)] |= shogi_sq_bb[sq];
    s->type[SH_CODE_TYPE(code)] |= shogi_sq_bb[sq];
}

void shogi_rehash(shogi_state *s)
{
    const shogi_game *gm = shogi_game_of(s);
    uint64_t k = s->stm ? shogi_zobrist_side : 0;
    for (int sq = 0; sq < gm->width * gm->height; sq++)
        if (s->board[sq])
            k ^= shogi_zobrist_psq[s->board[sq]][sq];
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < gm->nhand; i++)
            k ^= shogi_zobrist_hand[side][i][s->hand[side][i]];
    s->key = k;
}

/*
** by's piece on b reaches sq exactly when the other side's same piece on sq reaches b. The sliders
** are gathered per direction first, so each ray from sq is walked once, not once per piece type:
** this runs for every ply of every record read (check notes, mate tests).
*/
sbb shogi_attackers(const shogi_state *s, int sq, int by, sbb occ)
{
    const shogi_game *gm = shogi_game_of(s);
    const int g = gm->geom;
    sbb a = 0, slide[8] = {0}, slide2[8] = {0};
    unsigned dirs = 0, dirs2 = 0;
    for (int t = 1; t < SH_NTYPES; t++) {
        sbb pcs = s->type[t] & s->side[by];
        if (!gm->type_kind[t] || !sbb_any(pcs))
            continue;
        const sh_movement *m = &sh_movements[t];
        a |= shogi_leaps[g][SH_CODE(t, !by)][sq] & pcs;
        for (unsigned d = m->slides | m->slides2 | sh_cannons[t].hops; d; d &= d - 1) {
            const int rel = __builtin_ctz(d), back = SH_DIR_ABS(rel, by) ^ 4;
            if (m->slides & (1u << rel)) {
                slide[back] |= pcs;
                dirs |= 1u << back;
            }
            if (m->slides2 & (1u << rel)) {
                slide2[back] |= pcs;
                dirs2 |= 1u << back;
            }
            /* A cannon (rules=seed) behind exactly one piece, looking back from sq. */
            if (sh_cannons[t].hops & (1u << rel)) {
                int c = shogi_hop_target(g, sq, back, occ);
                if (c >= 0 && sbb_test(pcs, c))
                    a |= shogi_sq_bb[c];
            }
        }
    }
    for (; dirs; dirs &= dirs - 1) {
        const int d = __builtin_ctz(dirs);
        a |= sh_slide(g, sq, d, occ) & slide[d];
    }
    for (; dirs2; dirs2 &= dirs2 - 1) {
        const int d = __builtin_ctz(dirs2);
        a |= sh_slide2(g, sq, d, occ) & slide2[d];
    }
    return a;
}

static int side_royal_attacked(const shogi_state *s, int side)
{
    sbb occ = s->side[0] | s->side[1];
    for (sbb r = shogi_royals(s, side); sbb_any(r); r &= r - 1)
        if (sbb_any(shogi_attackers(s, sbb_lsb(r), !side, occ)))
            return 1;
    return 0;
}

/* Any game, cannons included (Tori rules=seed); shogi_movegen.c has the fast per-game test. */
int shogi_in_check_any(const shogi_state *s) { return side_royal_attacked(s, s->stm); }

int shogi_opponent_exposed(const shogi_state *s)
{
    int side = !s->stm;
    if (shogi_game_of(s)->two_royals && sbb_several(shogi_royals(s, side)))
        return 0;
    return side_royal_attacked(s, side);
}

void shogi_make(shogi_state *s, bg_move m)
{
    shogi_undo u;
    shogi_do_move(s, m, &u);
}
