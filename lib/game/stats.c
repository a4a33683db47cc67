/* libboardgames — per-side statistics of a game (bg_game_stat): the family's own hook, else captures counted over the main line. */
#include <string.h>

#include "game_internal.h"

/* Captures made (by == 1) or suffered (by == 0) by `side` over the main line, replayed from the start. */
static int count_captures(const bg_game *g, int side, int by)
{
    const size_t size = bg_position_size(g->variant);
    alignas(max_align_t) unsigned char raw[BGI_MAX_POSITION_BYTES];
    bg_position *pos = (bg_position *)(void *)raw;
    const bgi_rules *rules = g->variant->rules;
    if (size > sizeof raw)
        return BG_E_LIMIT;
    memcpy(pos, g->start, size);
    const bg_move *moves = bgi_game_moves(g);
    int n = 0;
    for (int i = 0; i < g->ply_count; i++) {
        const bg_move m = moves[i];
        const int mover = rules->side_to_move(pos);
        if (!(m & (BG_MOVE_DROP | BG_MOVE_PASS))) {
            const bg_piece target = rules->piece_at(pos, BG_MOVE_TO(m));
            int victim = -1;
            if (target && BG_PIECE_SIDE(target) != mover)
                victim = BG_PIECE_SIDE(target);
            else if (!target && g->variant->sides == 2 && (rules->move_flags(pos, m) & BG_FLAG_CAPTURE))
                victim = 1 - mover; /* en passant: the captured pawn is not on the target square */
            if (victim >= 0 && (by ? mover == side : victim == side))
                n++;
        }
        rules->make(pos, m);
    }
    return n;
}

int bg_game_stat(const bg_game *g, int side, int which)
{
    if (!g || side < 0 || side >= g->variant->sides || which < BG_STAT_CAPTURED ||
        which > BG_STAT_COMMANDER)
        return BG_E_INVALID_ARGUMENT;
    const bgi_adjudicator *adj = g->variant->adjudicator;
    if (adj && adj->stat) {
        const int v = adj->stat(g, side, which);
        if (v != BGI_STAT_DEFAULT)
            return v;
    }
    switch (which) {
    case BG_STAT_CAPTURED: return count_captures(g, side, 1);
    case BG_STAT_LOST: return count_captures(g, side, 0);
    case BG_STAT_COMMANDER: return side;
    default: return 0; /* nobody is eliminated or conquered outside Seven Kingdoms */
    }
}
