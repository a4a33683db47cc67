/* bgtool — the convert command: move notation or game record in, another notation or record out. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "bgtool.h"

typedef enum { K_NOTATION, K_RECORD } kind;

/* Record formats win over notations of the same name: convert is about whole games first. */
static int classify(const bg_variant *v, const char *flag, const char *name, kind *k)
{
    if (!name)
        return bgt_fail("convert needs --from NAME and --to NAME");
    if (bgt_has_record_format(v, name))
        *k = K_RECORD;
    else if (bgt_has_notation(v, name))
        *k = K_NOTATION;
    else
        return bgt_fail("%s has no notation or record format '%s' (--%s)", bg_variant_id(v), name,
                        flag);
    return BGT_OK;
}

/* Write one game as a record, ending with an empty line so that games stay separated. */
static int print_record(const bg_game *g, const char *format, int index)
{
    int n = bg_game_export(g, format, NULL, 0);
    if (n < 0)
        return bgt_fail("cannot write game %d as %s: %s", index + 1, format, bg_strerror(n));
    char *buf = malloc((size_t)n + 1);
    if (!buf)
        return bgt_fail("out of memory");
    int status = bg_game_export(g, format, buf, (size_t)n + 1) == n
                     ? BGT_OK
                     : bgt_fail("cannot write game %d as %s", index + 1, format);
    if (status == BGT_OK)
        printf("%s%s", buf, n >= 2 && buf[n - 1] == '\n' && buf[n - 2] == '\n' ? ""
                            : n >= 1 && buf[n - 1] == '\n'                  ? "\n"
                                                                            : "\n\n");
    free(buf);
    return status;
}

/* The main line of a game as one line of moves separated by single spaces. */
static int print_moves(const bg_game *g, const char *notation, int index)
{
    bg_position *pos = NULL;
    if (bg_position_clone(&pos, bg_game_start_position(g)) != BG_OK)
        return bgt_fail("out of memory");
    int status = BGT_OK;
    for (int i = 0; status == BGT_OK && i < bg_game_ply_count(g); i++) {
        bg_move m = bg_game_move_at(g, i);
        char text[256];
        int n = bg_move_format(pos, m, notation, text, sizeof text);
        if (n < 0 || (size_t)n >= sizeof text || bg_position_play(pos, m) != BG_OK)
            status = bgt_fail("game %d, ply %d: cannot write the move in %s", index + 1, i + 1,
                              notation);
        else
            printf("%s%s", i ? " " : "", text);
    }
    putchar('\n');
    bg_position_free(pos);
    return status;
}

static int convert_records(const bgt_args *a, const char *data, size_t len, kind to)
{
    bg_record_reader *r = NULL;
    bg_error err = BG_ERROR_INIT;
    int s = bg_record_reader_new(&r, a->variant, a->from, data, len, a->options, NULL, &err);
    if (s != BG_OK)
        return bgt_fail("cannot read %s: %s", a->from, bgt_errtext(&err, s));
    int status = BGT_OK;
    for (int index = 0; status == BGT_OK; index++) {
        bg_game *g = NULL;
        bg_error e = BG_ERROR_INIT;
        s = bg_record_reader_next(r, &g, &e);
        if (s == BG_E_END)
            break;
        if (s != BG_OK) {
            /* The library's message already says where (game index, ply, line). */
            if (e.message[0])
                status = bgt_fail("%s input: %s", a->from, e.message);
            else
                status = bgt_fail("%s input, game index %d, ply %d, line %d: %s", a->from,
                                  e.game_index >= 0 ? e.game_index : index, e.ply, e.line,
                                  bg_strerror(s));
            break;
        }
        status = to == K_RECORD ? print_record(g, a->to, index) : print_moves(g, a->to, index);
        bg_game_free(g);
    }
    bg_record_reader_free(r);
    return status;
}

static char *next_token(char **cursor)
{
    char *p = *cursor;
    while (*p && isspace((unsigned char)*p))
        p++;
    if (!*p)
        return NULL;
    char *start = p;
    while (*p && !isspace((unsigned char)*p))
        p++;
    if (*p)
        *p++ = '\0';
    *cursor = p;
    return start;
}

/* Moves may come with move numbers ("1.", "12...", "1.e4") and a result; those are not moves. */
static const char *move_text(const char *tok)
{
    static const char *const results[] = {"1-0", "0-1", "1/2-1/2", "*"};
    for (size_t i = 0; i < sizeof results / sizeof results[0]; i++)
        if (!strcmp(tok, results[i]))
            return NULL;
    const char *p = tok;
    while (isdigit((unsigned char)*p))
        p++;
    if (p == tok || *p != '.')
        return tok;
    while (*p == '.')
        p++;
    return *p ? p : NULL;
}

/* Output of one line, printed only when the whole line converted (no half lines on errors). */
typedef struct line_out {
    char *buf;
    size_t len, cap;
} line_out;

static int line_add(line_out *o, const char *text)
{
    size_t n = strlen(text), need = o->len + n + 2;
    if (need > o->cap) {
        size_t cap = need > 2 * o->cap ? need : 2 * o->cap;
        char *p = realloc(o->buf, cap);
        if (!p)
            return bgt_fail("out of memory");
        o->buf = p;
        o->cap = cap;
    }
    if (o->len)
        o->buf[o->len++] = ' ';
    memcpy(o->buf + o->len, text, n + 1);
    o->len += n;
    return BGT_OK;
}

/* Play the moves of one input line; with `out`, collect them in the target notation. */
static int play_line(const bgt_args *a, bg_game *g, char *line, int lineno, line_out *out)
{
    for (char *tok = next_token(&line); tok; tok = next_token(&line)) {
        const char *move = move_text(tok);
        if (!move)
            continue;
        const bg_position *pos = bg_game_position(g);
        int ply = bg_game_ply_count(g) + 1;
        bg_move m;
        bg_error err = BG_ERROR_INIT;
        int s = bg_move_parse(pos, move, a->from, a->parse_flags, &m, &err);
        if (s != BG_OK)
            return bgt_fail("line %d: move '%s' at ply %d: %s", lineno, move, ply,
                            bgt_errtext(&err, s));
        char text[256];
        int n = out ? bg_move_format(pos, m, a->to, text, sizeof text) : 0;
        if (n < 0 || (size_t)n >= sizeof text)
            return bgt_fail("line %d: move '%s' at ply %d: cannot write it in %s", lineno, move,
                            ply, a->to);
        s = bg_game_play(g, m);
        if (s != BG_OK)
            return bgt_fail("line %d: move '%s' at ply %d: %s", lineno, move, ply,
                            bg_game_errmsg(g)[0] ? bg_game_errmsg(g) : bg_strerror(s));
        if (out && line_add(out, text) != BGT_OK)
            return BGT_FAIL;
    }
    return BGT_OK;
}

/*
** Move text in: by default the whole input is one game and the output keeps its line layout;
** with --lines every line is its own game from the start position (empty line = no moves).
*/
static int convert_moves(const bgt_args *a, char *data, kind to)
{
    bg_game *g = NULL;
    line_out out = {NULL, 0, 0};
    int status = BGT_OK, games = 0, lineno = 0;
    char *p = data;
    while (status == BGT_OK && *p) {
        char *line = p, *nl = strchr(p, '\n');
        p = nl ? nl + 1 : p + strlen(p);
        if (nl)
            *nl = '\0';
        lineno++;
        if (!g)
            status = bgt_make_game(a, &g);
        out.len = 0;
        if (status == BGT_OK)
            status = play_line(a, g, line, lineno, to == K_NOTATION ? &out : NULL);
        if (status == BGT_OK && to == K_NOTATION)
            printf("%s\n", out.len ? out.buf : "");
        if (status == BGT_OK && a->lines) {
            if (to == K_RECORD)
                status = print_record(g, a->to, games);
            games++;
            bg_game_free(g);
            g = NULL;
        }
    }
    if (status == BGT_OK && !a->lines && to == K_RECORD) {
        if (!g)
            status = bgt_make_game(a, &g);
        if (status == BGT_OK)
            status = print_record(g, a->to, 0);
    }
    bg_game_free(g);
    free(out.buf);
    return status;
}

int bgt_cmd_convert(const bgt_args *a)
{
    kind from = K_NOTATION, to = K_NOTATION;
    if (classify(a->variant, "from", a->from, &from) != BGT_OK ||
        classify(a->variant, "to", a->to, &to) != BGT_OK)
        return BGT_FAIL;
    if (from == K_RECORD && (a->fen || a->lines))
        return bgt_fail("--fen and --lines apply to move input, not to %s records", a->from);
    char *data;
    size_t len;
    if (bgt_read_input(a->npositional ? a->positional[0] : NULL, &data, &len) != BGT_OK)
        return BGT_FAIL;
    int status;
    if (from == K_RECORD)
        status = convert_records(a, data, len, to);
    else if (strlen(data) != len)
        status = bgt_fail("the input contains a NUL byte");
    else
        status = convert_moves(a, data, to);
    free(data);
    return status;
}
