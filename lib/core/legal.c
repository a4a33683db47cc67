/* libboardgames — the legal moves of a position generated once, indexed by destination, for notation writers. */
#include <string.h>

#include "internal.h"

void bgi_legal_init(bgi_legal *legal, const bg_position *pos)
{
    const bg_variant *v = pos->variant;
    bg_piece (*piece_at)(const bg_position *, int) = v->rules->piece_at;
    legal->pos = pos;
    legal->n = bgi_position_moves(pos, legal->m);
    memset(legal->first, 0xff, sizeof legal->first); /* -1 everywhere */
    /* Backwards, so that each square's chain comes out in legal_moves order. */
    for (int i = legal->n - 1; i >= 0; i--) {
        bg_move m = legal->m[i];
        int to = BG_MOVE_TO(m);
        legal->kind[i] = (uint8_t)((m & BG_MOVE_DROP)   ? BG_MOVE_KIND(m)
                                   : (m & BG_MOVE_PASS) ? 0
                                                        : BG_PIECE_KIND(piece_at(pos, BG_MOVE_FROM(m))));
        legal->next[i] = legal->first[to];
        legal->first[to] = (int16_t)i;
    }
}

int bgi_legal_find(const bgi_legal *legal, bg_move m)
{
    int to = BG_MOVE_TO(m);
    if (m == BG_MOVE_NONE || to >= BG_MAX_SQUARES)
        return -1;
    for (int i = legal->first[to]; i >= 0; i = legal->next[i])
        if (legal->m[i] == m)
            return i;
    return -1;
}

int bgi_notation_write(const bgi_notation *nt, const bgi_legal *legal, bg_move m, char *buf,
                       size_t cap)
{
    return nt->format_in ? nt->format_in(legal, m, buf, cap) : nt->format(legal->pos, m, buf, cap);
}
