/*
** libboardgames — editing positions of defined variants (lib/core/edit.c): the engine state from
** a snapshot, and its castling and en-passant rights. The position text then read back decides
** whether the edited position is valid.
*/
#include <stdalign.h>
#include <string.h>

#include "gen.h"

bg_status gen_load(bg_position *pos, const bg_snapshot *snap)
{
    const gen_def *d = GEN_DEF(pos);
    alignas(max_align_t) unsigned char raw[GEN_MAX_STATE];
    gen_state *s = (gen_state *)(void *)raw;
    memset(s, 0, d->state_size);
    for (int i = 0; i < GEN_MAX_SIDES; i++)
        s->royal[i] = GEN_NO_SQ;
    s->ep = s->ep_victim = GEN_NO_SQ;
    for (int sq = 0; sq < d->nsq; sq++) {
        bg_piece p = snap->board[sq];
        if (p == BG_PIECE_NONE)
            continue;
        int side = BG_PIECE_SIDE(p), kind = BG_PIECE_KIND(p);
        if (side >= d->sides || (d->holes && gen_bit(d->holes, sq)))
            return BG_E_INVALID_ARGUMENT; /* no neutral pieces; a hole holds nothing */
        uint8_t *count = gen_count(d, s, side);
        if (count[kind] == 255)
            return BG_E_LIMIT;
        count[kind]++;
        s->board[sq] = GEN_CODE(side, kind);
        /* A second king is kept on the board only: the reader then refuses the position. */
        if (kind == d->royal_kind && s->royal[side] == GEN_NO_SQ)
            s->royal[side] = (uint16_t)sq;
    }
    if (d->desc->piece_drops)
        for (int side = 0; side < GEN_WB_SIDES; side++)
            for (int k = 1; k <= d->nkinds && k < BG_SNAPSHOT_KINDS; k++)
                s->hand[side][k] = (uint8_t)snap->hand[side][k];
    s->stm = (uint8_t)snap->side_to_move;
    for (int side = 0; side < GEN_WB_SIDES && d->castling; side++)
        for (int wing = 0; wing < 2; wing++) {
            int rook = snap->castling[side][wing], right = side * 2 + wing;
            if (rook < 0)
                continue;
            /* The king castles; in variants without one, the piece on the e-file (as gen_fen.c). */
            int rank = d->castle_rank[side];
            s->castle |= (uint8_t)(1u << right);
            s->castle_rook[right] = (uint16_t)rook;
            s->castle_king[side] = d->royal_kind ? s->royal[side]
                                                 : (uint16_t)(rank * d->w + (d->w > 4 ? 4 : 0));
        }
    if (snap->en_passant >= 0 && d->sides == 2) {
        int victim = snap->en_passant + d->forward[!s->stm] * d->w;
        if (victim < 0 || victim >= d->nsq)
            return BG_E_INVALID_ARGUMENT;
        s->ep = (uint16_t)snap->en_passant;
        s->ep_victim = (uint16_t)victim;
    }
    s->halfmove = (uint16_t)snap->halfmove_clock;
    if (d->sides > 2)
        s->round = (uint16_t)snap->fullmove_number;
    else
        s->ply = (uint32_t)(2 * (snap->fullmove_number - 1) + s->stm);
    s->key = gen_hash_full(d, s);
    memcpy(pos->state, s, d->state_size);
    return BG_OK;
}

void gen_get_rights(const bg_position *pos, bg_snapshot *snap)
{
    const gen_state *s = GEN_CSTATE(pos);
    for (int right = 0; right < 2 * GEN_WB_SIDES; right++)
        if ((s->castle >> right) & 1)
            snap->castling[right / 2][right & 1] = s->castle_rook[right];
    snap->en_passant = s->ep == GEN_NO_SQ ? -1 : s->ep;
}

unsigned gen_rights(const gen_def *d)
{
    if (d->sides > 2)
        return 0;
    return (d->castling && d->castle_rook_kind ? BG_RIGHT_CASTLING : 0u) |
           (d->desc->double_step ? BG_RIGHT_EN_PASSANT : 0u);
}
