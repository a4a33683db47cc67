/* libboardgames — generic engine: making a move (board, hands, castling, en passant, counting) with incremental hashing. */
#include "gen_attack.h"

#define zob gen_zob

static inline __attribute__((always_inline)) void hand_add(const gen_def *d, gen_state *s, int side, int kind, int delta)
{
    int old = s->hand[side][kind];
    s->hand[side][kind] = (uint8_t)(old + delta);
    s->key ^= gen_hand_key(d, side, kind, old) ^ gen_hand_key(d, side, kind, old + delta);
}

/* Whether an enemy pawn could capture en passant on ep (Fairy-Stockfish sets the square only then). */
static int ep_possible(const gen_def *d, const gen_state *s, int ep, int them)
{
    const uint16_t *p = d->att + d->att_at[them][ep];
    int n = *p++;
    for (int i = 0; i < n; i++, p += 4 + p[3])
        if (!p[3] && gen_is_in(s->board[p[0]], them, ((uint32_t)p[1] | (uint32_t)p[2] << 16) & d->pawn_kinds))
            return 1;
    return 0;
}

void gen_make(const gen_def *d, gen_state *s, bg_move m)
{
    if (d->sides > 2) {
        gen_make_sides(d, s, m);
        return;
    }
    int us = s->stm, them = !us, to = BG_MOVE_TO(m), captured = 0, reset = 0;
    int old_ep = s->ep, old_victim = s->ep_victim;
    s->key ^= d->zob_side;
    if (s->ep != GEN_NO_SQ) {
        s->key ^= d->zob_ep[s->ep % d->w];
        s->ep = s->ep_victim = GEN_NO_SQ;
    }
    int old_castle = s->castle;
    if (s->count_limit)
        s->count_ply++;
    if (m & BG_MOVE_DROP) {
        int kind = BG_MOVE_KIND(m), hk = d->kind[kind].base ? d->kind[kind].base : kind;
        hand_add(d, s, us, hk, -1);
        s->board[to] = GEN_CODE(us, kind);
        s->key ^= zob(d, us, kind, to);
        s->count[us][kind]++;
        reset = (d->pawn_kinds >> kind) & 1;
    } else if (!(m & BG_MOVE_PASS)) {
        int from = BG_MOVE_FROM(m);
        uint8_t code = s->board[from], tc = s->board[to];
        int kind = GEN_KIND(code);
        if (tc && GEN_SIDE(tc) == us) {
            /* Castling: the king onto its own rook. */
            int wing = to < from ? 1 : 0;
            int kto = d->castle_kto[us][wing], rto = d->castle_rto[us][wing], rk = GEN_KIND(tc);
            s->board[from] = 0;
            s->board[to] = 0;
            s->board[kto] = code;
            s->board[rto] = tc;
            s->key ^= zob(d, us, kind, from) ^ zob(d, us, kind, kto) ^ zob(d, us, rk, to) ^ zob(d, us, rk, rto);
            if (kind == d->royal_kind)
                s->royal[us] = (uint16_t)kto;
        } else {
            int victim = to;
            if (!tc && to == old_ep && (d->pawn_kinds >> kind) & 1) {
                /* A pawn onto the en-passant square takes the pawn that passed it. */
                victim = old_victim;
                tc = s->board[victim];
                s->board[victim] = 0;
            }
            if (tc) {
                int ck = GEN_KIND(tc);
                s->key ^= zob(d, them, ck, victim);
                s->count[them][ck]--;
                if (d->kind[ck].hand)
                    hand_add(d, s, us, d->kind[ck].hand, +1);
                captured = 1;
            }
            int nk = (m & BG_MOVE_PROMOTION) ? BG_MOVE_KIND(m) : kind;
            s->board[from] = 0;
            s->board[to] = GEN_CODE(us, nk);
            s->key ^= zob(d, us, kind, from) ^ zob(d, us, nk, to);
            if (nk != kind) {
                s->count[us][kind]--;
                s->count[us][nk]++;
            }
            if (kind == d->royal_kind)
                s->royal[us] = (uint16_t)to;
            if ((d->pawn_kinds >> kind) & 1) {
                reset = 1;
                int fr = from / d->w, tr = to / d->w;
                /* A double step from any square of its region (doubleStepRegion, first-rank
                   double steps), not only from doubleStepRank. */
                if (from % d->w == to % d->w && (tr - fr == 2 || fr - tr == 2) && gen_bit(d->dstep[us], from)) {
                    int mid = (from + to) / 2;
                    if (ep_possible(d, s, mid, them)) {
                        s->ep = (uint16_t)mid;
                        s->ep_victim = (uint16_t)to;
                        s->key ^= d->zob_ep[mid % d->w];
                    }
                }
            }
        }
        /* Castling rights end when the king or a castling rook leaves or is taken. */
        if (s->castle) {
            for (int r = 0; r < 4; r++) {
                if (!((s->castle >> r) & 1))
                    continue;
                int side = r / 2;
                if (from == s->castle_rook[r] || to == s->castle_rook[r] ||
                    from == s->castle_king[side] || to == s->castle_king[side])
                    s->castle &= (uint8_t)~(1u << r);
            }
        }
    }
    if (s->castle != old_castle)
        s->key ^= d->zob_castle[old_castle] ^ d->zob_castle[s->castle];
    s->halfmove = (uint16_t)(reset || captured ? 0 : (s->halfmove < 65535 ? s->halfmove + 1 : 65535));
    s->ply++;
    s->stm = (uint8_t)them;
    if (d->desc->counting_rule)
        gen_counting_update(d, s, captured);
}

