/*
** libboardgames — generic engine: variants of more than two sides. Turns pass in the order of
** the definition's sides among those still in play; a side is in play while its royal piece is
** on the board. A side to move that has no legal move and is in check (or is stalemated, with
** stalemateValue = loss) is out, as is a side whose royal piece is taken (possible when another
** side's move exposed it): its pieces leave the board, and the turn passes on.
*/
#include "gen.h"

/* A side is out: every piece of it leaves the board. */
static void remove_side(const gen_def *d, gen_state *s, int side)
{
    uint8_t *count = gen_count(d, s, side);
    for (int sq = 0; sq < d->nsq; sq++) {
        uint8_t c = s->board[sq];
        if (c && GEN_SIDE(c) == side) {
            s->key ^= gen_zob(d, side, GEN_KIND(c), sq);
            count[GEN_KIND(c)]--;
            s->board[sq] = 0;
        }
    }
    s->royal[side] = GEN_NO_SQ;
}

/* The turn passes from `from` to the next side in play; a round ends when the order wraps. */
static void pass_turn(const gen_def *d, gen_state *s, int from)
{
    int next = from;
    for (int i = 1; i <= d->sides; i++) {
        int side = (from + i) % d->sides;
        if (s->royal[side] != GEN_NO_SQ) {
            next = side;
            break;
        }
    }
    if (next <= from && s->round < 65535)
        s->round++;
    s->key ^= d->zob_turn[s->stm] ^ d->zob_turn[next];
    s->stm = (uint8_t)next;
}

void gen_sides_settle(const gen_def *d, gen_state *s)
{
    for (;;) {
        uint32_t alive = gen_sides_alive(d, s);
        if (!(alive & (alive - 1)) || gen_has_move_sides(d, s))
            return;
        if (!gen_in_check(d, s) && d->desc->stalemate_value != GEN_V_LOSS)
            return; /* a stalemate that ends the game (stalemateValue = draw) */
        int out = s->stm;
        remove_side(d, s, out);
        pass_turn(d, s, out);
    }
}

void gen_make_sides(const gen_def *d, gen_state *s, bg_move m)
{
    int us = s->stm, from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m);
    uint8_t code = s->board[from], tc = s->board[to];
    int kind = GEN_KIND(code), nk = (m & BG_MOVE_PROMOTION) ? BG_MOVE_KIND(m) : kind;
    if (tc) {
        int victim = GEN_SIDE(tc), ck = GEN_KIND(tc);
        s->key ^= gen_zob(d, victim, ck, to);
        gen_count(d, s, victim)[ck]--;
        s->board[to] = 0;
        if (ck == d->royal_kind)
            remove_side(d, s, victim);
    }
    s->board[from] = 0;
    s->board[to] = GEN_CODE(us, nk);
    s->key ^= gen_zob(d, us, kind, from) ^ gen_zob(d, us, nk, to);
    if (nk != kind) {
        gen_count(d, s, us)[kind]--;
        gen_count(d, s, us)[nk]++;
    }
    if (kind == d->royal_kind)
        s->royal[us] = (uint16_t)to;
    int reset = tc || ((d->pawn_kinds >> kind) & 1);
    s->halfmove = (uint16_t)(reset ? 0 : (s->halfmove < 65535 ? s->halfmove + 1 : 65535));
    s->ply++;
    pass_turn(d, s, us);
    gen_sides_settle(d, s);
}
