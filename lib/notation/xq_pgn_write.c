/* libboardgames — xiangqi / lion chess PGN export: [Game], roster with Red/Black, [Format], moves in ICCS, WXF or Chinese, lines under 80 bytes. */
#include <stdio.h>
#include <string.h>

#include "xq_files.h"

/*
** The moves are written in the notation the game's Format tag names (ICCS, WXF, Chinese, or
** another notation of the variant), ICCS when it names none; the Format tag always says which.
** ICCS is written H2-E2 as these files have it. Lines stay under 80 bytes (a Chinese move is
** 12 bytes of UTF-8); no line starts with '%'.
*/

#define MAX_COLUMN 79

typedef struct xw {
    bgi_out o;
    size_t col;
} xw;

/*
** One word: pre, n bytes of s ('}' written ')' inside braces, where it cannot be escaped), post.
** A line break replaces the space before it when the line would grow too long. A line starting
** with '%' would be an escape line: a word starting with '%' never starts a line, and `glue`
** (the length of such a word coming next) makes the break come before this word instead.
*/
static void word(xw *w, const char *pre, const char *s, size_t n, const char *post, int brace,
                 size_t glue)
{
    size_t len = strlen(pre) + n + strlen(post);
    int percent = (pre[0] ? pre[0] : n ? s[0] : 0) == '%';
    size_t need = len + (glue ? 1 + glue : 0);
    if (w->col > 0 && w->col + 1 + need > MAX_COLUMN && !percent) {
        bgi_out_char(&w->o, '\n');
        w->col = 0;
    } else if (w->col > 0 || percent) {
        bgi_out_char(&w->o, ' ');
        w->col++;
    }
    bgi_out_str(&w->o, pre);
    for (size_t i = 0; i < n; i++)
        bgi_out_char(&w->o, brace && s[i] == '}' ? ')' : s[i]);
    bgi_out_str(&w->o, post);
    w->col += len;
}

static int is_space(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

/* Next white-space separated word of s: its start and length (0 at the end). */
static const char *next_word(const char *s, size_t *n)
{
    while (is_space(*s))
        s++;
    *n = 0;
    while (s[*n] && !is_space(s[*n]))
        (*n)++;
    return s;
}

/* Comment or variation text, split at white space so that it wraps. */
static void text(xw *w, char open, const char *s, char close)
{
    const char o[2] = {open, 0}, c[2] = {close, 0};
    int first = 1;
    size_t n, k;
    const char *p = next_word(s, &n);
    do {
        const char *q = next_word(p + n, &k);
        size_t glue = k && q[0] == '%' ? k + (q[k] ? 0 : 1) : 0;
        word(w, first ? o : "", p, n, k ? "" : c, open == '{', glue);
        first = 0;
        p = q;
        n = k;
    } while (n);
}

static int tag_name_ok(const char *k)
{
    if (!*k)
        return 0;
    for (; *k; k++)
        if (!((*k >= 'a' && *k <= 'z') || (*k >= 'A' && *k <= 'Z') || (*k >= '0' && *k <= '9') ||
              *k == '_'))
            return 0;
    return 1;
}

static void tag(bgi_out *o, const char *key, const char *value)
{
    bgi_out_char(o, '[');
    bgi_out_str(o, key);
    bgi_out_str(o, " \"");
    for (; *value; value++) {
        if (*value == '"' || *value == '\\')
            bgi_out_char(o, '\\');
        bgi_out_char(o, *value == '\n' || *value == '\r' ? ' ' : *value);
    }
    bgi_out_str(o, "\"]\n");
}

static int is_result(const char *r)
{
    return r && (!strcmp(r, "1-0") || !strcmp(r, "0-1") || !strcmp(r, "1/2-1/2") ||
                 !strcmp(r, "*"));
}

static const char *result_of(const bg_game *g)
{
    switch (bg_game_outcome(g)) {
    case BG_WIN:
        return bg_game_winners(g) & 1 ? "1-0" : "0-1";
    case BG_DRAW:
        return "1/2-1/2";
    default:
        return is_result(bg_game_tag(g, "Result")) ? bg_game_tag(g, "Result") : "*";
    }
}

static int same_nocase(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if ((*a | 0x20) != (*b | 0x20))
            return 0;
    return *a == *b;
}

/* The notation to write and the Format tag's value for it. */
static const bgi_notation *notation_of(const bg_game *g, const char **format)
{
    const bg_variant *v = bg_game_variant(g);
    const char *f = bg_game_tag(g, "Format");
    const bgi_notation *n = NULL;
    for (int i = 0; f && i < v->notation_count; i++)
        if (same_nocase(f, v->notations[i].id))
            n = &v->notations[i];
    if (!n)
        n = bgi_find_notation(v, "iccs");
    *format = !strcmp(n->id, "iccs") ? "ICCS" : !strcmp(n->id, "wxf") ? "WXF"
            : !strcmp(n->id, "chinese") ? "Chinese" : n->id;
    return n;
}

static const char *const roster[] = {"Event", "Site", "Date", "Round", "Red", "Black", "Result"};

static void tags(bgi_out *o, const bg_game *g, const char *result, const char *format)
{
    const bg_position *start = bg_game_start_position(g);
    char fen[256];
    tag(o, "Game", start->variant->width == 11 ? "Lion Chess" : "Chinese Chess");
    for (int i = 0; i < 7; i++) {
        const char *v = i == 6 ? result : bg_game_tag(g, roster[i]);
        tag(o, roster[i], v ? v : i == 2 ? "????.??.??" : "?");
    }
    for (int i = 0; i < bg_game_tag_count(g); i++) {
        const char *k = bg_game_tag_key(g, i);
        int skip = !strcmp(k, "Game") || !strcmp(k, "Format") || !strcmp(k, "FEN") ||
                   !strcmp(k, "SetUp");
        for (int r = 0; r < 7; r++)
            skip |= !strcmp(k, roster[r]);
        if (!skip && tag_name_ok(k))
            tag(o, k, bg_game_tag_value(g, i));
    }
    tag(o, "Format", format);
    int n = bg_position_text(start, NULL, fen, sizeof fen);
    if (n < 0 || strcmp(fen, start->variant->start_text) != 0)
        tag(o, "FEN", n >= 0 && (size_t)n < sizeof fen ? fen : "");
}

static void annotations(xw *w, const bg_game *g, int ply, int *number)
{
    char nag[8];
    for (int i = 0; i < bg_game_nag_count(g, ply); i++) {
        int k = snprintf(nag, sizeof nag, "$%d", bg_game_nag_at(g, ply, i));
        word(w, "", nag, (size_t)k, "", 0, 0);
    }
    const char *com = bg_game_comment(g, ply);
    if (com && com[0]) {
        text(w, '{', com, '}');
        *number = 1;
    }
    for (int i = 0; i < bg_game_variation_count(g, ply); i++) {
        text(w, '(', bg_game_variation_at(g, ply, i), ')');
        *number = 1;
    }
}

/* ICCS as PGN files write it: H2-E2. */
static int iccs_pgn(char *mv, int k, size_t cap)
{
    if (k < 4 || (size_t)k + 2 > cap)
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

int bgi_xq_pgn_write(const bg_game *g, char *buf, size_t cap)
{
    const bg_position *start = bg_game_start_position(g);
    alignas(max_align_t) unsigned char raw[BGI_MAX_POSITION_BYTES];
    size_t size = sizeof(bg_position) + start->variant->rules->state_size;
    bg_position *pos = (bg_position *)raw;
    const char *result = result_of(g), *format;
    const bgi_notation *nt = notation_of(g, &format);
    xw w;
    char mv[64], num[16];
    int number = 1;
    if (size > sizeof raw)
        return BG_E_LIMIT;
    memcpy(raw, start, size);
    bgi_out_init(&w.o, buf, cap);
    w.col = 0;
    tags(&w.o, g, result, format);
    bgi_out_char(&w.o, '\n');
    annotations(&w, g, 0, &number);
    for (int ply = 1; ply <= bg_game_ply_count(g); ply++) {
        bg_move m = bg_game_move_at(g, ply - 1);
        int fm = bg_position_fullmove_number(pos);
        int k = nt->format(pos, m, mv, sizeof mv), j = 0;
        if (k < 0 || (size_t)k >= sizeof mv)
            return k < 0 ? k : BG_E_LIMIT;
        if (nt->format == bgi_find_notation(start->variant, "iccs")->format)
            k = iccs_pgn(mv, k, sizeof mv);
        /* The move number stays on the line of its move. */
        if (bg_position_side_to_move(pos) == 0)
            j = snprintf(num, sizeof num, "%d.", fm);
        else if (number)
            j = snprintf(num, sizeof num, "%d...", fm);
        if (j > 0)
            word(&w, "", num, (size_t)j, "", 0, (size_t)k);
        word(&w, "", mv, (size_t)k, "", 0, 0);
        number = 0;
        annotations(&w, g, ply, &number);
        bgi_position_make(pos, m);
    }
    word(&w, "", result, strlen(result), "", 0, 0);
    bgi_out_str(&w.o, "\n\n");
    return bgi_out_finish(&w.o);
}
