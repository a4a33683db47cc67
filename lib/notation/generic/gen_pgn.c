/* libboardgames — PGN of defined variants: [Variant "id"], [FEN] for a set-up start, moves in the variant's first notation (SAN or USI). */
#include <stdio.h>
#include <string.h>

#include "game_internal.h"
#include "notations.h"
#include "pgn.h"

/*
** As variant servers write them (pychess, Fairy-Stockfish's tools): chess PGN with a Variant tag
** naming the variant and moves in SAN, or USI for shogi-like variants. The reader takes every
** notation of the variant, leniently; a Variant tag, when present, must name this variant.
*/

static bg_status make_game(pgn_ctx *c)
{
    const bg_variant *v = c->rd->variant;
    const char *variant = bgi_pgn_find_tag(c, "Variant"), *fen = bgi_pgn_find_tag(c, "FEN");
    if (variant && variant[0] && !bgi_same_nocase(variant, v->id))
        return bgi_pgn_fail(c, BG_E_UNSUPPORTED, c->lx.i, 0, "variant \"%s\" is not read as %s",
                            variant, v->id);
    return bgi_pgn_game_from_fen(c, fen);
}

/* A move token: SAN and coordinates, with drops (P@e4, P*5e) and promotion marks (Q~, +, -). */
static size_t token_len(const pgn_lex *lx)
{
    size_t n = 0;
    for (;;) {
        char ch = lx->d[lx->i + n];
        if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') ||
            (ch && strchr("_+#=:-/@~", ch)) || (ch == '*' && n > 0))
            n++;
        else
            return n;
    }
}

static bg_status play(pgn_ctx *c, size_t at, size_t n)
{
    int ply = bg_game_ply_count(c->g) + 1;
    char mv[64];
    if (n >= sizeof mv)
        return bgi_pgn_fail(c, BG_E_PARSE, at, ply, "move text '%.20s...' is too long", c->lx.d + at);
    memcpy(mv, c->lx.d + at, n);
    mv[n] = 0;
    c->lx.i = at + n;
    if (ply > BG_RECORD_MAX_PLIES)
        return bgi_pgn_fail(c, BG_E_LIMIT, at, ply, "more than %d moves in one game", BG_RECORD_MAX_PLIES);
    if (!bgi_game_record_goes_on(c->g))
        return bgi_pgn_fail(c, BG_E_GAME_OVER, at, ply, "move '%s' after the end of the game (%s)", mv,
                            bg_reason_name(bg_game_reason(c->g)));
    bg_error e = BG_ERROR_INIT;
    bg_move m;
    bg_status s = bg_move_parse(bg_game_position(c->g), mv, NULL, BG_PARSE_LENIENT, &m, &e);
    if (s != BG_OK)
        return bgi_pgn_fail(c, s, at, ply, "%s", e.message);
    s = bgi_game_play_record(c->g, m);
    if (s != BG_OK)
        return bgi_pgn_fail(c, s, at, ply, "move '%s': %s", mv, bg_game_errmsg(c->g));
    return BG_OK;
}

static const pgn_dialect gen_dialect = {make_game, token_len, play, NULL};

bg_status bgi_gen_pgn_read_next(bg_record_reader *rd, bg_game **game, bg_error *err)
{
    return bgi_pgn_read_with(rd, &gen_dialect, game, err);
}

static const char *const roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
static const char *const own_tags[] = {"Variant", "SetUp", "FEN", "Winners", NULL};

static const bgi_notation *notation_of(const bg_game *g, const char **name)
{
    const bg_variant *v = bg_game_variant(g);
    *name = v->notations[0].id;
    return &v->notations[0];
}

/* After the Seven Tag Roster, as lichess writes [Variant] (the roster comes first in export format). */
static void tail_tags(bgi_out *o, const bg_game *g, const char *notation)
{
    const bg_position *start = bg_game_start_position(g);
    bgi_pgn_tag(o, "Variant", bg_game_variant(g)->id);
    char fen[4096];
    (void)notation;
    int n = bg_position_text(start, NULL, fen, sizeof fen);
    if (n < 0 || (size_t)n >= sizeof fen || strcmp(fen, start->variant->start_text) != 0) {
        bgi_pgn_tag(o, "SetUp", "1");
        bgi_pgn_tag(o, "FEN", n >= 0 && (size_t)n < sizeof fen ? fen : "");
    }
    /* More than two sides: the result marker is "*", the winners (ids) are named by a tag. */
    const bg_variant *v = bg_game_variant(g);
    if (v->sides > 2 && bg_game_outcome(g) == BG_WIN) {
        char winners[256] = "";
        size_t len = 0;
        for (int side = 0; side < v->sides; side++)
            if ((bg_game_winners(g) >> side) & 1)
                len += (size_t)snprintf(winners + len, sizeof winners - len, "%s%s", len ? " " : "",
                                        v->side_ids[side]);
        bgi_pgn_tag(o, "Winners", winners);
    }
}

static const pgn_write_dialect gen_writer = {roster, own_tags, notation_of, NULL, tail_tags, NULL, 0};

int bgi_gen_pgn_write(const bg_game *g, char *buf, size_t cap)
{
    return bgi_pgn_write_with(g, &gen_writer, buf, cap);
}
