/* libboardgames — generic engine: rules outside move generation (extinction, flags, counting, castling facts, hashing). */
#include <string.h>

#include "gen.h"

/* Pieces of a type on the board for `side` (promotion limits). */
int gen_type_count(const gen_def *d, const gen_state *s, int side, int type)
{
    int n = 0;
    for (int k = 1; k <= d->nkinds; k++)
        if (d->kind[k].type == type)
            n += gen_ccount(d, s, side)[k];
    return n;
}

/* Pieces of one side on the board and in hand: of a type, or all (type < 0). */
static int count_with_hand(const gen_def *d, const gen_state *s, int side, int type)
{
    uint32_t kinds = type < 0 ? ~(uint32_t)1 >> (31 - d->nkinds) << 1 : d->type_kinds[type];
    int n = 0;
    for (; kinds; kinds &= kinds - 1) {
        int k = __builtin_ctz(kinds);
        n += s->count[side][k] + s->hand[side][k];
    }
    return n;
}

int gen_immediate_end(const gen_def *d, const gen_state *s, int *value)
{
    const gen_desc *ds = d->desc;
    if (ds->extinction_value == GEN_V_NONE && !d->flag_kind)
        return 0;
    int stm = s->stm;
    if (ds->extinction_value != GEN_V_NONE) {
        for (int c = 0; c < 2; c++)
            for (int t = -1; t < d->ntypes; t++) {
                if (t < 0 ? !ds->extinction_all : !((ds->extinction_types >> d->type[t].slot) & 1))
                    continue;
                if (count_with_hand(d, s, c, t) <= ds->extinction_count &&
                    count_with_hand(d, s, !c, t) >=
                        ds->extinction_opp_count + (ds->extinction_claim && c == stm)) {
                    int v = ds->extinction_value;
                    *value = c == stm ? v : v == GEN_V_WIN ? GEN_V_LOSS : v == GEN_V_LOSS ? GEN_V_WIN : v;
                    return 1;
                }
            }
    }
    int fk = d->flag_kind;
    if (fk) {
        {
            int reached[2] = {0, 0};
            if (fk == d->royal_kind) {
                /* The king is the flag piece: only its square matters. */
                for (int side = 0; side < 2; side++)
                    reached[side] = s->royal[side] != GEN_NO_SQ && gen_bit(d->flag[side], s->royal[side]);
            } else {
                for (int sq = 0; sq < d->nsq; sq++) {
                    uint8_t c = s->board[sq];
                    if (c && GEN_KIND(c) == fk && gen_bit(d->flag[GEN_SIDE(c)], sq))
                        reached[GEN_SIDE(c)] = 1;
                }
            }
            if (!ds->flag_move && reached[!stm]) {
                *value = GEN_V_LOSS;
                return 2;
            }
            if (ds->flag_move && reached[stm]) {
                *value = reached[!stm] && stm == 0 ? GEN_V_DRAW : GEN_V_WIN;
                return 2;
            }
        }
    }
    return 0;
}

int gen_is_castle(const gen_def *d, const gen_state *s, bg_move m)
{
    if (m & (BG_MOVE_DROP | BG_MOVE_PASS | BG_MOVE_PROMOTION) || !s->castle)
        return 0;
    int from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m);
    uint8_t f = s->board[from], t = s->board[to];
    if (!f || !t || GEN_SIDE(f) != GEN_SIDE(t) || from != s->castle_king[GEN_SIDE(f)])
        return 0;
    (void)d;
    for (int r = GEN_SIDE(f) * 2; r < GEN_SIDE(f) * 2 + 2; r++)
        if (((s->castle >> r) & 1) && s->castle_rook[r] == to)
            return 1;
    return 0;
}

int gen_castle_king_to(const gen_def *d, const gen_state *s, bg_move m)
{
    int side = GEN_SIDE(s->board[BG_MOVE_FROM(m)]);
    return d->castle_kto[side][BG_MOVE_TO(m) < BG_MOVE_FROM(m) ? 1 : 0];
}

/* ---------- makruk and ASEAN counting (Fairy-Stockfish's counting_limit) ---------- */

static int type_total(const gen_def *d, const gen_state *s, int side, int slot)
{
    for (int t = 0; t < d->ntypes; t++)
        if (d->type[t].slot == slot)
            return gen_type_count(d, s, side, t);
    return 0;
}

static int board_total(const gen_def *d, const gen_state *s, int side)
{
    int n = 0;
    for (int k = 1; k <= d->nkinds; k++)
        n += s->count[side][k];
    return n;
}

/* Slots of the pieces the counting rules name: pawn, rook, knight, khon (silver), met (fers). */
enum { S_PAWN = 0, S_KNIGHT = 1, S_ROOK = 3, S_MET = 5, S_KHON = 8 };

static int counting_limit(const gen_def *d, const gen_state *s)
{
    int stm = s->stm, opp = !stm;
    if (d->desc->counting_rule == GEN_COUNT_MAKRUK) {
        if (type_total(d, s, 0, S_PAWN) + type_total(d, s, 1, S_PAWN) || board_total(d, s, opp) == 1)
            return 0;
        if (board_total(d, s, stm) > 1)
            return 64;
        int rooks = type_total(d, s, opp, S_ROOK), khons = type_total(d, s, opp, S_KHON);
        if (rooks > 1)
            return 8;
        if (rooks == 1)
            return 16;
        if (khons > 1)
            return 22;
        if (type_total(d, s, opp, S_KNIGHT) > 1)
            return 32;
        if (khons == 1)
            return 44;
        return 64;
    }
    if (board_total(d, s, stm) > 1)
        return 0;
    if (type_total(d, s, opp, S_ROOK))
        return 16;
    if (type_total(d, s, opp, S_KHON) && type_total(d, s, opp, S_MET))
        return 44;
    if (type_total(d, s, opp, S_KNIGHT) && type_total(d, s, opp, S_MET))
        return 64;
    return 0;
}

void gen_counting_update(const gen_def *d, gen_state *s, int captured)
{
    if (!s->count_limit || (captured && board_total(d, s, s->stm) == 1)) {
        int lim = counting_limit(d, s);
        if (lim) {
            s->count_limit = (uint16_t)(2 * lim);
            s->count_ply = (uint16_t)(d->desc->counting_rule == GEN_COUNT_MAKRUK &&
                                              board_total(d, s, s->stm) == 1
                                          ? 2 * (board_total(d, s, 0) + board_total(d, s, 1))
                                          : 0);
        }
    }
}

/* ---------- hashing ---------- */

static uint64_t hand_mix(const gen_def *d, int side, int kind, int count)
{
    uint64_t z = d->zob_seed ^ ((uint64_t)(side * 32 + kind) << 16 | (uint64_t)count);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

uint64_t gen_hand_key_slow(const gen_def *d, int side, int kind, int count)
{
    return count ? hand_mix(d, side, kind, count) : 0;
}


uint64_t gen_hash_full(const gen_def *d, const gen_state *s)
{
    uint64_t k = 0;
    for (int sq = 0; sq < d->nsq; sq++) {
        uint8_t c = s->board[sq];
        if (c)
            k ^= gen_zob(d, GEN_SIDE(c), GEN_KIND(c), sq);
    }
    if (d->sides <= GEN_WB_SIDES)
        for (int side = 0; side < GEN_WB_SIDES; side++)
            for (int kind = 1; kind <= d->nkinds; kind++)
                k ^= gen_hand_key(d, side, kind, s->hand[side][kind]);
    k ^= d->zob_turn[s->stm];
    k ^= d->zob_castle[s->castle];
    if (s->ep != GEN_NO_SQ)
        k ^= d->zob_ep[s->ep % d->w];
    return k;
}
