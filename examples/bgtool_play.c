/* bgtool — the play command: play moves, then print the position and the result (text or JSON). */
#include <stdlib.h>
#include <string.h>

#include "bgtool.h"

static const char *outcome_name(bg_outcome o)
{
    return o == BG_WIN ? "win" : o == BG_DRAW ? "draw" : "ongoing";
}

/* Why a move was refused, in words a user can act on. */
static const char *refusal(int status)
{
    switch (status) {
    case BG_E_PARSE: return "unreadable move";
    case BG_E_AMBIGUOUS_MOVE: return "ambiguous move";
    case BG_E_GAME_OVER: return "move after the end of the game";
    case BG_E_UNSUPPORTED: return "unsupported notation for move";
    default: return "illegal move";
    }
}

static void print_json(const bg_game *g, const char *text)
{
    const bg_variant *v = bg_game_variant(g);
    const bg_position *pos = bg_game_position(g);
    bg_outcome o = bg_game_outcome(g);
    uint32_t winners = bg_game_winners(g);
    uint64_t claims = bg_game_claims(g);
    const char *reason = o == BG_ONGOING ? "" : bg_reason_name(bg_game_reason(g));

    fputs("{\"variant\":", stdout);
    bgt_json_string(stdout, bg_variant_id(v));
    fputs(",\"position\":", stdout);
    bgt_json_string(stdout, text);
    printf(",\"ply\":%d,\"to_move\":", bg_game_ply_count(g));
    bgt_json_string(stdout, bg_variant_side_id(v, bg_position_side_to_move(pos)));
    printf(",\"result\":\"%s\",\"winners\":[", outcome_name(o));
    const char *sep = "";
    for (int side = 0; side < bg_variant_sides(v); side++) {
        if (o == BG_WIN && (winners >> side & 1u)) {
            fputs(sep, stdout);
            bgt_json_string(stdout, bg_variant_side_id(v, side));
            sep = ",";
        }
    }
    fputs("],\"reason\":", stdout);
    bgt_json_string(stdout, reason ? reason : "");
    fputs(",\"claims\":[", stdout);
    sep = "";
    for (int r = 0; r < 64; r++) {
        const char *name = claims >> r & 1u ? bg_reason_name(r) : NULL;
        if (name && *name) {
            fputs(sep, stdout);
            bgt_json_string(stdout, name);
            sep = ",";
        }
    }
    fputs("]}\n", stdout);
}

static void print_text(const bg_game *g, const char *text)
{
    const bg_variant *v = bg_game_variant(g);
    bg_outcome o = bg_game_outcome(g);
    printf("position: %s\n", text);
    printf("ply: %d\n", bg_game_ply_count(g));
    printf("to move: %s\n", bg_variant_side_id(v, bg_position_side_to_move(bg_game_position(g))));
    printf("result: %s", outcome_name(o));
    if (o == BG_WIN) {
        const char *sep = " for ";
        for (int side = 0; side < bg_variant_sides(v); side++) {
            if (bg_game_winners(g) >> side & 1u) {
                printf("%s%s", sep, bg_variant_side_id(v, side));
                sep = " and ";
            }
        }
    }
    const char *reason = bg_reason_name(bg_game_reason(g));
    if (o != BG_ONGOING && reason && *reason)
        printf(" by %s", reason);
    putchar('\n');
    uint64_t claims = bg_game_claims(g);
    if (claims) {
        fputs("claims:", stdout);
        for (int r = 0; r < 64; r++) {
            const char *name = claims >> r & 1u ? bg_reason_name(r) : NULL;
            if (name && *name)
                printf(" %s", name);
        }
        putchar('\n');
    }
}

/* --claim REASON after the moves: a rejected claim is an error like an illegal move. */
static int make_claim(bg_game *g, const char *name)
{
    int reason = bg_reason_find(name);
    if (reason <= 0)
        return bgt_fail("unknown claim '%s'", name);
    int s = bg_game_claim(g, (bg_reason)reason, BG_MOVE_NONE);
    if (s != BG_OK)
        return bgt_fail("claim '%s' at ply %d: %s", name, bg_game_ply_count(g),
                        bg_game_errmsg(g)[0] ? bg_game_errmsg(g) : bg_strerror(s));
    return BGT_OK;
}

int bgt_cmd_play(const bgt_args *a)
{
    if (a->notation && !bgt_has_notation(a->variant, a->notation))
        return bgt_fail("%s has no notation '%s'", bg_variant_id(a->variant), a->notation);
    bg_game *g = NULL;
    if (bgt_make_game(a, &g) != BGT_OK)
        return BGT_FAIL;
    int status = BGT_OK;
    for (int i = 0; status == BGT_OK && i < a->npositional; i++) {
        int s = bg_game_play_text(g, a->positional[i], a->notation, a->parse_flags);
        if (s != BG_OK)
            status = bgt_fail("%s '%s' at ply %d: %s", refusal(s), a->positional[i], i + 1,
                              bg_game_errmsg(g)[0] ? bg_game_errmsg(g) : bg_strerror(s));
    }
    if (status == BGT_OK && a->claim)
        status = make_claim(g, a->claim);
    char *text = status == BGT_OK ? bgt_position_text(bg_game_position(g)) : NULL;
    if (status == BGT_OK && !text)
        status = bgt_fail("cannot write the position");
    if (status == BGT_OK) {
        if (a->json)
            print_json(g, text);
        else
            print_text(g, text);
    }
    free(text);
    bg_game_free(g);
    return status;
}
