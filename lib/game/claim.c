/* libboardgames — claims: a move played first (FIDE 9.2/9.3), then the claim judged against the line (above history and results). */
#include "game_internal.h"

static bgi_result claim_result(const bgi_line *l, bg_reason reason)
{
    const bgi_adjudicator *adj = l->game->variant->adjudicator;
    bgi_result r = {BG_DRAW, 0, reason};
    if (adj && adj->claim_result)
        adj->claim_result(l, reason, &r);
    return r;
}

bg_status bg_game_claim(bg_game *g, bg_reason reason, bg_move m)
{
    if (!g)
        return BG_E_INVALID_ARGUMENT;
    bgi_game_clear_error(g);
    if (reason <= BG_REASON_NONE || !bg_reason_name(reason))
        return bgi_game_fail(g, BG_E_INVALID_ARGUMENT, "unknown reason %d", (int)reason);
    if (bgi_game_over(g))
        return bgi_game_over_error(g);
    const bgi_adjudicator *adj = g->variant->adjudicator;
    const uint64_t bit = (uint64_t)1 << reason;
    const int declaration = adj && (adj->declarations & bit);
    if (m != BG_MOVE_NONE && declaration)
        return bgi_game_fail(g, BG_E_CLAIM_REJECTED,
                             "%s is declared on the declarer's own turn, without a move",
                             bg_reason_name(reason));
    if (m != BG_MOVE_NONE) {
        /* FIDE 9.2/9.3: the move is played first and stands whatever becomes of the claim. */
        bg_status s = bg_game_play(g, m);
        if (s != BG_OK)
            return s;
        if (bgi_game_over(g))
            return bgi_game_fail(g, BG_E_CLAIM_REJECTED,
                                 "the move ended the game by %s; nothing left to claim",
                                 bg_reason_name(g->result.reason));
    }
    bgi_line l = bgi_game_line(g);
    if (!(bgi_line_claims(&l) & bit)) {
        /* Some declarations cost the declarer when they fail (the CSA impasse rule). */
        bgi_result r;
        if (declaration && adj->failed_declaration && adj->failed_declaration(&l, reason, &r)) {
            bgi_game_set_result(g, &r);
            return BG_OK;
        }
        return bgi_game_fail(g, BG_E_CLAIM_REJECTED, "no valid %s claim at ply %d",
                             bg_reason_name(reason), g->ply_count);
    }
    bgi_result r = claim_result(&l, reason);
    bgi_game_set_result(g, &r);
    return BG_OK;
}
