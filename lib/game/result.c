/* libboardgames — results of a game: automatic endings, claims (also by the next move), resignation, agreement. */
#include <string.h>

#include "game_internal.h"

/* Indexed by bg_reason; the docs/cli.md vocabulary. */
static const char *const reason_names[] = {
    "",
    "checkmate",
    "stalemate",
    "no-legal-moves",
    "insufficient-material",
    "threefold-repetition",
    "fivefold-repetition",
    "fifty-moves",
    "seventyfive-moves",
    "repetition",
    "perpetual-check",
    "perpetual-chase",
    "move-limit",
    "bikjang",
    "counting",
    "double-pass",
    "impasse",
    "try",
    "bare-king",
    "royals-captured",
    "elimination",
    "hegemony",
    "resignation",
    "agreement",
};
#define REASON_COUNT ((int)(sizeof reason_names / sizeof reason_names[0]))

const char *bg_reason_name(int reason)
{
    return reason >= 0 && reason < REASON_COUNT ? reason_names[reason] : NULL;
}

int bg_reason_find(const char *name)
{
    if (!name || !*name)
        return -1;
    for (int i = 1; i < REASON_COUNT; i++)
        if (strcmp(reason_names[i], name) == 0)
            return i;
    return -1;
}

bg_status bgi_game_over_error(bg_game *g)
{
    return bgi_game_fail(g, BG_E_GAME_OVER, "the game is over (%s)",
                         bg_reason_name(g->result.reason));
}

void bgi_game_set_result(bg_game *g, const bgi_result *r)
{
    g->result = *r;
}

static int automatic(const bgi_line *l, bgi_result *r)
{
    const bgi_adjudicator *adj = l->game->variant->adjudicator;
    return adj && adj->automatic ? adj->automatic(l, r) : 0;
}

uint64_t bgi_line_claims(const bgi_line *l)
{
    const bgi_adjudicator *adj = l->game->variant->adjudicator;
    return adj && adj->claims ? adj->claims(l) : 0;
}

void bgi_game_adjudicate(bg_game *g)
{
    bgi_result r = {BG_ONGOING, 0, BG_REASON_NONE};
    bgi_line l = bgi_game_line(g);
    if (automatic(&l, &r))
        bgi_game_set_result(g, &r);
}

bg_outcome bg_game_outcome(const bg_game *g) { return g ? g->result.outcome : BG_ONGOING; }
uint32_t bg_game_winners(const bg_game *g) { return g ? g->result.winners : 0; }
bg_reason bg_game_reason(const bg_game *g) { return g ? g->result.reason : BG_REASON_NONE; }

int bg_game_score(const bg_game *g, int side)
{
    if (!g || side < 0 || side >= g->variant->sides)
        return BG_E_INVALID_ARGUMENT;
    const bgi_adjudicator *adj = g->variant->adjudicator;
    if (!adj || !adj->score)
        return BG_E_UNSUPPORTED;
    return adj->score(g->pos, side);
}

uint64_t bg_game_claims(const bg_game *g)
{
    if (!g || bgi_game_over(g))
        return 0;
    bgi_line l = bgi_game_line(g);
    return bgi_line_claims(&l);
}

uint64_t bg_game_claims_after(const bg_game *g, bg_move m)
{
    if (!g || bgi_game_over(g) || !bg_position_is_legal(g->pos, m))
        return 0;
    size_t size = bg_position_size(g->variant);
    if (size > BGI_MAX_POSITION_BYTES)
        return 0;
    /* The position after m lives on the stack; the history is extended only in the line view. */
    alignas(max_align_t) unsigned char raw[BGI_MAX_POSITION_BYTES];
    bg_position *after = (bg_position *)(void *)raw;
    memcpy(after, g->pos, size);
    bgi_position_make(after, m);
    const bgi_adjudicator *adj = g->variant->adjudicator;
    bgi_line l = {g, after, g->ply_count + 1, g->variant->rules->repetition_key(after), m,
                  bgi_game_has_notes(g) ? adj->ply_note(after, m) : 0};
    bgi_result r;
    /* A move that ends the game by itself (mate, fivefold, 75 moves) leaves nothing to claim. */
    if (automatic(&l, &r))
        return 0;
    /* Declarations belong to the side to move, not to the player of m. */
    return bgi_line_claims(&l) & ~(adj ? adj->declarations : 0);
}

bg_status bg_game_resign(bg_game *g, int side)
{
    if (!g)
        return BG_E_INVALID_ARGUMENT;
    bgi_game_clear_error(g);
    if (side < 0 || side >= g->variant->sides)
        return bgi_game_fail(g, BG_E_INVALID_ARGUMENT, "no side %d in %s", side, g->variant->id);
    if (bgi_game_over(g))
        return bgi_game_over_error(g);
    const bgi_adjudicator *adj = g->variant->adjudicator;
    uint32_t all = g->variant->sides >= 32 ? UINT32_MAX : ((uint32_t)1 << g->variant->sides) - 1;
    bgi_result r = {BG_WIN, all & ~((uint32_t)1 << side), BG_REASON_RESIGNATION};
    if (adj && adj->resign)
        adj->resign(g, side, &r);
    bgi_game_set_result(g, &r);
    return BG_OK;
}

bg_status bg_game_agree_draw(bg_game *g)
{
    if (!g)
        return BG_E_INVALID_ARGUMENT;
    bgi_game_clear_error(g);
    if (bgi_game_over(g))
        return bgi_game_over_error(g);
    bgi_result r = {BG_DRAW, 0, BG_REASON_AGREEMENT};
    bgi_game_set_result(g, &r);
    return BG_OK;
}
