/* libboardgames — PGN export: the writer every dialect shares (roster, tags, wrapped movetext) and the chess dialect. */
#include <stdio.h>
#include <string.h>

#include "chess_text.h"
#include "notations.h"
#include "pgn.h"

#define PGN_MAX_COLUMN 79 /* export lines are shorter than 80 characters */

typedef struct pgn_w {
    bgi_out o;
    size_t col;
} pgn_w;

/*
** One word: pre, n bytes of s ('}' written ')' inside braces, where it cannot be escaped), post.
** A line break replaces the space before it when the line would grow too long. A `sticky` word
** never starts a line (see sticky()), and `glue` (the length of such a word coming next) makes
** the break come before this word instead.
*/
static void word(pgn_w *w, const char *pre, const char *s, size_t n, const char *post, int brace,
                 int sticky, size_t glue)
{
    size_t len = strlen(pre) + n + strlen(post);
    size_t need = len + (glue ? 1 + glue : 0);
    if (w->col > 0 && w->col + 1 + need > PGN_MAX_COLUMN && !sticky) {
        bgi_out_char(&w->o, '\n');
        w->col = 0;
    } else if (w->col > 0 || sticky) {
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

/*
** Words of a comment or variation that must not start a line: '%' would make an escape line,
** '[' a tag pair and "1." the first move of a game without tags, where readers (and the record
** splitter, notation/common/record_split.c) look for the next game.
*/
static int sticky(const char *q, size_t k)
{
    return k && (q[0] == '%' || q[0] == '[' || (q[0] == '1' && k > 1 && q[1] == '.'));
}

/* Comment or variation text, split at white space so that it can wrap. */
static void text(pgn_w *w, char open, const char *s, char close)
{
    const char o[2] = {open, 0}, c[2] = {close, 0};
    int brace = open == '{', first = 1;
    size_t n, k;
    const char *p = next_word(s, &n);
    do {
        const char *q = next_word(p + n, &k);
        size_t glue = sticky(q, k) ? k + (q[k] ? 0 : 1) : 0;
        word(w, first ? o : "", p, n, k ? "" : c, brace, !first && sticky(p, n), glue);
        first = 0;
        p = q;
        n = k;
    } while (n);
}

/* PGN tag names are letters, digits and '_'; others cannot be written and are left out. */
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

void bgi_pgn_tag(bgi_out *o, const char *key, const char *value)
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

/* The game's own result when it has one, else the Result tag, else "*". */
static const char *result_of(const bg_game *g)
{
    switch (bg_game_outcome(g)) {
    case BG_WIN:
        /* No marker names the winner among more than two sides: a dialect writes a tag for it. */
        if (bg_game_variant(g)->sides > 2)
            return "*";
        return bg_game_winners(g) & 1 ? "1-0" : "0-1";
    case BG_DRAW:
        return "1/2-1/2";
    default:
        return is_result(bg_game_tag(g, "Result")) ? bg_game_tag(g, "Result") : "*";
    }
}

static void tags(bgi_out *o, const bg_game *g, const pgn_write_dialect *d, const char *result,
                 const char *notation)
{
    if (d->head_tags)
        d->head_tags(o, g);
    for (int i = 0; i < 7; i++) {
        const char *v = i == 6 ? result : bg_game_tag(g, d->roster[i]);
        bgi_pgn_tag(o, d->roster[i], v ? v : i == 2 ? "????.??.??" : "?");
    }
    for (int i = 0; i < bg_game_tag_count(g); i++) {
        const char *k = bg_game_tag_key(g, i);
        int skip = 0;
        for (int r = 0; r < 7; r++)
            skip |= !strcmp(k, d->roster[r]);
        for (const char *const *t = d->own_tags; *t; t++)
            skip |= !strcmp(k, *t);
        if (!skip && tag_name_ok(k))
            bgi_pgn_tag(o, k, bg_game_tag_value(g, i));
    }
    d->tail_tags(o, g, notation);
}

static void annotations(pgn_w *w, const bg_game *g, int ply, int *number)
{
    char nag[8];
    for (int i = 0; i < bg_game_nag_count(g, ply); i++) {
        int k = snprintf(nag, sizeof nag, "$%d", bg_game_nag_at(g, ply, i));
        word(w, "", nag, (size_t)k, "", 0, 0, 0);
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

int bgi_pgn_write_with(const bg_game *g, const pgn_write_dialect *d, char *buf, size_t cap)
{
    const bg_position *start = bg_game_start_position(g);
    alignas(max_align_t) unsigned char raw[BGI_MAX_POSITION_BYTES];
    size_t size = sizeof(bg_position) + start->variant->rules->state_size;
    bg_position *pos = (bg_position *)raw;
    const char *result = result_of(g), *name;
    const bgi_notation *nt = d->notation(g, &name);
    pgn_w w;
    char mv[64], num[16];
    int number = 1;
    if (size > sizeof raw)
        return BG_E_LIMIT;
    memcpy(raw, start, size);
    bgi_out_init(&w.o, buf, cap);
    w.col = 0;
    tags(&w.o, g, d, result, name);
    bgi_out_char(&w.o, '\n');
    annotations(&w, g, 0, &number);
    for (int ply = 1; ply <= bg_game_ply_count(g); ply++) {
        bg_move m = bg_game_move_at(g, ply - 1);
        int fm = bg_position_fullmove_number(pos);
        int k = nt->format(pos, m, mv, sizeof mv), j = 0;
        if (k < 0 || (size_t)k >= sizeof mv)
            return k < 0 ? k : BG_E_LIMIT;
        if (d->move_text)
            k = d->move_text(start->variant, nt, mv, k, sizeof mv);
        if (bg_position_side_to_move(pos) == 0)
            j = snprintf(num, sizeof num, "%d.", fm);
        else if (number)
            j = snprintf(num, sizeof num, "%d...", fm);
        if (j > 0)
            word(&w, "", num, (size_t)j, "", 0, 0, d->keep_number ? (size_t)k : 0);
        word(&w, "", mv, (size_t)k, "", 0, 0, 0);
        number = 0;
        annotations(&w, g, ply, &number);
        bgi_position_make(pos, m);
    }
    word(&w, "", result, strlen(result), "", 0, 0, 0);
    bgi_out_str(&w.o, "\n\n");
    return bgi_out_finish(&w.o);
}

/* ---------- the chess dialect: SAN; Variant, SetUp and FEN after the game's own tags ---------- */

static const char *const chess_roster[] = {"Event", "Site", "Date", "Round", "White", "Black",
                                           "Result"};
static const char *const chess_own_tags[] = {"SetUp", "FEN", NULL};

static const bgi_notation *chess_notation(const bg_game *g, const char **name)
{
    *name = "SAN";
    return bgi_find_notation(bg_game_variant(g), "san");
}

static void chess_tail_tags(bgi_out *o, const bg_game *g, const char *notation)
{
    const bg_position *start = bg_game_start_position(g);
    char fen[256];
    (void)notation;
    int c960 = bgi_ct_chess960(start);
    int n = bg_position_text(start, NULL, fen, sizeof fen);
    if (c960 || n < 0 || strcmp(fen, start->variant->start_text) != 0) {
        if (c960 && !bg_game_tag(g, "Variant"))
            bgi_pgn_tag(o, "Variant", "Chess960");
        bgi_pgn_tag(o, "SetUp", "1");
        bgi_pgn_tag(o, "FEN", n >= 0 && (size_t)n < sizeof fen ? fen : "");
    }
}

static const pgn_write_dialect chess_writer = {chess_roster, chess_own_tags, chess_notation, NULL,
                                               chess_tail_tags, NULL, 0};

int bgi_pgn_write(const bg_game *g, char *buf, size_t cap)
{
    return bgi_pgn_write_with(g, &chess_writer, buf, cap);
}
