/* libboardgames — xiangqi / lion chess PGN export dialect: [Game], roster with Red/Black, [Format], moves in ICCS, WXF or Chinese. */
#include <string.h>

#include "pgn.h"
#include "xq_files.h"

/*
** The moves are written in the notation the game's Format tag names (ICCS, WXF, Chinese, or
** another notation of the variant), ICCS when it names none; the Format tag always says which.
** ICCS is written H2-E2 as these files have it. Lines stay under 80 bytes (a Chinese move is
** 12 bytes of UTF-8) and a move number stays on the line of its move.
*/

/* The notation to write and the Format tag's value for it. */
static const bgi_notation *notation_of(const bg_game *g, const char **format)
{
    const bg_variant *v = bg_game_variant(g);
    const char *f = bg_game_tag(g, "Format");
    const bgi_notation *n = f ? bgi_xq_format_notation(v, f) : NULL;
    if (!n)
        n = bgi_find_notation(v, "iccs");
    *format = !strcmp(n->id, "iccs") ? "ICCS" : !strcmp(n->id, "wxf") ? "WXF"
            : !strcmp(n->id, "chinese") ? "Chinese" : n->id;
    return n;
}

static void head_tags(bgi_out *o, const bg_game *g)
{
    bgi_pgn_tag(o, "Game", bg_game_variant(g)->width == 11 ? "Lion Chess" : "Chinese Chess");
}

static void tail_tags(bgi_out *o, const bg_game *g, const char *format)
{
    const bg_position *start = bg_game_start_position(g);
    char fen[256];
    bgi_pgn_tag(o, "Format", format);
    int n = bg_position_text(start, NULL, fen, sizeof fen);
    if (n < 0 || strcmp(fen, start->variant->start_text) != 0)
        bgi_pgn_tag(o, "FEN", n >= 0 && (size_t)n < sizeof fen ? fen : "");
}

/* ICCS as PGN files write it: H2-E2. */
static int iccs_pgn(const bg_variant *v, const bgi_notation *nt, char *mv, int k, size_t cap)
{
    if (nt->format != bgi_find_notation(v, "iccs")->format || k < 4 || (size_t)k + 2 > cap)
        return k;
    for (int i = 0; i < k; i++)
        if (mv[i] >= 'a' && mv[i] <= 'z')
            mv[i] = (char)(mv[i] - 'a' + 'A');
    int second = 1;
    while (second < k && mv[second] >= '0' && mv[second] <= '9')
        second++;
    memmove(mv + second + 1, mv + second, (size_t)(k - second + 1));
    mv[second] = '-';
    return k + 1;
}

static const char *const roster[] = {"Event", "Site", "Date", "Round", "Red", "Black", "Result"};
static const char *const own_tags[] = {"Game", "Format", "FEN", "SetUp", NULL};

static const pgn_write_dialect xq_writer = {roster, own_tags, notation_of, head_tags,
                                            tail_tags, iccs_pgn, 1};

int bgi_xq_pgn_write(const bg_game *g, char *buf, size_t cap)
{
    return bgi_pgn_write_with(g, &xq_writer, buf, cap);
}
