/* libboardgames — Seven Kingdoms adjudication: hegemony and the last player standing (kept by make), resignation, per-kingdom statistics. */
#include "game_internal.h"
#include "sk.h"

/* Hegemony and the last player standing are decided by make and kept in the state. */
static int automatic(const bgi_line *l, bgi_result *r)
{
    const sk_state *s = SK_CSTATE(l->pos);
    if (!s->winners)
        return 0;
    *r = (bgi_result){BG_WIN, s->winners, (bg_reason)s->reason};
    return 1;
}

/* A player's resignation ends the game: every other player with a kingdom in play wins. */
static void resign(const bg_game *g, int side, bgi_result *r)
{
    const sk_state *s = SK_CSTATE(bg_game_position(g));
    uint32_t winners = 0;
    for (int k = 0; k < SK_KINGDOMS; k++)
        if ((s->live >> k & 1) && !(s->ally[side] >> k & 1))
            winners |= s->ally[k];
    r->winners = winners;
}

static int stat(const bg_game *g, int side, int which)
{
    const sk_state *s = SK_CSTATE(bg_game_position(g));
    switch (which) {
    case BG_STAT_CAPTURED: return s->captured[side];
    case BG_STAT_LOST: return s->lost[side];
    case BG_STAT_ELIMINATED: return s->victor[side] >= 0;
    case BG_STAT_CONQUERED: return s->conquests[side];
    case BG_STAT_COMMANDER: return s->owner[side];
    default: return BG_E_INVALID_ARGUMENT;
    }
}

const bgi_adjudicator bgi_sk_adjudicator = {
    .automatic = automatic,
    .claims = NULL,
    .claim_result = NULL,
    .resign = resign,
    .stat = stat,
};
