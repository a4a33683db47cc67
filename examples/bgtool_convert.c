/* bgtool — the convert command: move lists or game records in (several files, stdin, compressed), another notation or record format out. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bgtool.h"

/* Record formats win over notations of the same name: convert is about whole games first. */
static int classify(const bg_variant *v, const char *flag, const char *name, bgt_kind *k)
{
    if (!name)
        return bgt_fail("convert needs --from NAME and --to NAME");
    if (bgt_has_record_format(v, name))
        *k = BGT_RECORD;
    else if (bgt_has_notation(v, name))
        *k = BGT_NOTATION;
    else
        return bgt_fail("%s has no notation or record format '%s' (--%s)", bg_variant_id(v), name,
                        flag);
    return BGT_OK;
}

/* Write one game as a record, ending with an empty line so that games stay separated. */
static int print_record(FILE *out, const bg_game *g, const char *format, long index)
{
    char small[8192];
    int n = bg_game_export(g, format, small, sizeof small);
    if (n < 0)
        return bgt_fail("cannot write game %ld as %s: %s", index + 1, format, bg_strerror(n));
    char *buf = small;
    if ((size_t)n >= sizeof small) {
        buf = malloc((size_t)n + 1);
        if (!buf)
            return bgt_fail("out of memory");
        if (bg_game_export(g, format, buf, (size_t)n + 1) != n) {
            free(buf);
            return bgt_fail("cannot write game %ld as %s", index + 1, format);
        }
    }
    fwrite(buf, 1, (size_t)n, out);
    fputs(n >= 2 && buf[n - 1] == '\n' && buf[n - 2] == '\n' ? ""
          : n >= 1 && buf[n - 1] == '\n'                  ? "\n"
                                                          : "\n\n",
          out);
    if (buf != small)
        free(buf);
    return BGT_OK;
}

/* The main line of a game as one line of moves separated by single spaces. */
static int print_moves(FILE *out, const bg_game *g, const char *notation, long index)
{
    char small[16384];
    int n = bg_game_line_text(g, notation, small, sizeof small);
    if (n < 0)
        return bgt_fail("game %ld: cannot write its moves in %s: %s", index + 1, notation,
                        bg_strerror(n));
    char *buf = small;
    if ((size_t)n >= sizeof small) {
        buf = malloc((size_t)n + 1);
        if (!buf)
            return bgt_fail("out of memory");
        bg_game_line_text(g, notation, buf, (size_t)n + 1);
    }
    fwrite(buf, 1, (size_t)n, out);
    putc('\n', out);
    if (buf != small)
        free(buf);
    return BGT_OK;
}

int bgt_print_game(FILE *out, const bgt_args *a, bgt_kind to, const bg_game *g, long index)
{
    return to == BGT_RECORD ? print_record(out, g, a->to, index)
                            : print_moves(out, g, a->to, index);
}

/* The reason of a record error without the "game G, ply P, line L: " the warning line repeats. */
const char *bgt_bare_reason(const char *msg, int *ply)
{
    const char *p = msg;
    *ply = 0;
    if (strncmp(p, "game ", 5) != 0)
        return msg;
    p += 5;
    while (isdigit((unsigned char)*p))
        p++;
    if (strncmp(p, ", ply ", 6) == 0) {
        *ply = atoi(p + 6);
        p += 6;
        while (isdigit((unsigned char)*p))
            p++;
    }
    if (strncmp(p, ", line ", 7) != 0)
        return msg;
    p += 7;
    while (isdigit((unsigned char)*p))
        p++;
    return strncmp(p, ": ", 2) == 0 ? p + 2 : msg;
}

void bgt_warn_skipped(const char *file, long game, long long line, int ply, const char *reason)
{
    if (ply > 0)
        fprintf(stderr, "%s: game %ld, line %lld: ply %d: %s\n", file, game, line, ply, reason);
    else
        fprintf(stderr, "%s: game %ld, line %lld: %s\n", file, game, line, reason);
}

const char *bgt_cut_reason(const bg_error *e, const bg_game *g, int *ply)
{
    static _Thread_local char buf[sizeof e->message + 48];
    snprintf(buf, sizeof buf, "%s (the %d plies before it kept)", bgt_bare_reason(e->message, ply),
             bg_game_ply_count(g));
    return buf;
}

unsigned bgt_reader_flags(const bgt_args *a, bgt_kind to)
{
    return (a->parse_flags & BG_PARSE_LENIENT ? BG_RECORD_LENIENT : 0) |
           (to == BGT_NOTATION ? BG_RECORD_MOVES_ONLY : 0) |
           (a->whole_games ? 0 : BG_RECORD_KEEP_MOVES);
}

/* A progress line on a terminal, at most twice a second. */
static void progress(bgt_progress *p, const bgt_input *in, long games, int done)
{
    if (!p->tty)
        return;
    double now = bgt_now();
    if (!done && now - p->last < 0.5)
        return;
    p->last = now;
    if (done) {
        if (p->shown)
            fputs("\r\033[K", stderr);
        return;
    }
    p->shown = 1;
    if (in->regular && !in->compression && in->size)
        fprintf(stderr, "\r%s: %.0f%%, %ld games", in->name,
                100.0 * (double)in->bytes_out / (double)in->size, games);
    else
        fprintf(stderr, "\r%s: %.1f MB, %ld games", in->name, (double)in->bytes_out / 1e6, games);
    fflush(stderr);
}

/* Every game of one input file, in order; skipped games are reported and counted. */
static int convert_file(const bgt_args *a, bgt_input *in, bgt_kind to, bgt_totals *t)
{
    bg_record_reader *r = NULL;
    bg_error err = BG_ERROR_INIT;
    unsigned flags = bgt_reader_flags(a, to);
    int s = in->seekable
                ? bg_record_reader_open_fd(&r, a->variant, a->from, in->fd, a->options, flags,
                                           NULL, &err)
                : bg_record_reader_open(&r, a->variant, a->from, bgt_input_read, NULL, in,
                                        a->options, flags, NULL, &err);
    if (s != BG_OK)
        return bgt_fail("cannot read %s: %s", a->from, bgt_errtext(&err, s));
    bgt_progress prog = {isatty(2), 0, 0};
    int status = BGT_OK;
    long games = 0;
    for (;;) {
        bg_game *g = NULL;
        bg_error e = BG_ERROR_INIT;
        s = bg_record_reader_next(r, &g, &e);
        if (s == BG_E_END)
            break;
        if (s == BG_E_IO) {
            status = bgt_fail("%s: %s%s%s", in->name, e.message, in->error[0] ? ": " : "",
                              in->error);
            break;
        }
        games++;
        if (s != BG_OK) {
            int ply;
            const char *reason = bgt_bare_reason(e.message, &ply);
            bgt_warn_skipped(in->name, e.game_index + 1L, e.line, ply, reason);
            t->skipped++;
        } else {
            if (e.code != BG_OK) { /* its moves up to a bad one */
                int ply;
                const char *reason = bgt_cut_reason(&e, g, &ply);
                bgt_warn_skipped(in->name, e.game_index + 1L, e.line, ply, reason);
                t->cut++;
            }
            status = bgt_print_game(stdout, a, to, g, e.game_index);
            bg_game_free(g);
            if (status != BGT_OK)
                break;
            t->read++;
        }
        if ((games & 255) == 0) {
            if (in->seekable)
                in->bytes_out = bg_record_reader_offset(r);
            progress(&prog, in, games, 0);
        }
    }
    progress(&prog, in, games, 1);
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
static int play_line(const bgt_args *a, bg_game *g, char *line, long lineno, line_out *out)
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
            return bgt_fail("line %ld: move '%s' at ply %d: %s", lineno, move, ply,
                            bgt_errtext(&err, s));
        char text[256];
        int n = out ? bg_move_format(pos, m, a->to, text, sizeof text) : 0;
        if (n < 0 || (size_t)n >= sizeof text)
            return bgt_fail("line %ld: move '%s' at ply %d: cannot write it in %s", lineno, move,
                            ply, a->to);
        /* A list of moves is a record: it may play on past an automatic draw or perpetual. */
        s = bg_game_play_record(g, m);
        if (s != BG_OK)
            return bgt_fail("line %ld: move '%s' at ply %d: %s", lineno, move, ply,
                            bg_game_errmsg(g)[0] ? bg_game_errmsg(g) : bg_strerror(s));
        if (out && line_add(out, text) != BGT_OK)
            return BGT_FAIL;
    }
    return BGT_OK;
}

/*
** Move text in: by default the whole input (all files) is one game and the output keeps its
** line layout; with --lines every line is its own game from the start position (empty line = no
** moves). Lines are read one at a time.
*/
static int convert_moves(const bgt_args *a, bgt_kind to, int nfiles, char **files)
{
    bg_game *g = NULL;
    line_out out = {NULL, 0, 0};
    int status = BGT_OK;
    long games = 0, lineno = 0;
    char *line = NULL;
    size_t cap = 0;
    for (int f = 0; status == BGT_OK && f < (nfiles ? nfiles : 1); f++) {
        bgt_input in;
        if (bgt_input_open(&in, nfiles ? files[f] : NULL) != BGT_OK) {
            status = BGT_FAIL;
            break;
        }
        bgt_line_reader lr = {&in, {0}, 0, 0, 0};
        for (;;) {
            long n = bgt_read_line(&lr, &line, &cap);
            if (n == -2) {
                status = bgt_fail("cannot read '%s': %s", in.name, in.error);
                break;
            }
            if (n < 0 || status != BGT_OK)
                break;
            lineno++;
            if ((size_t)n != strlen(line)) {
                status = bgt_fail("line %ld: the input contains a NUL byte", lineno);
                break;
            }
            if (!g && (status = bgt_make_game(a, &g)) != BGT_OK)
                break;
            out.len = 0;
            status = play_line(a, g, line, lineno, to == BGT_NOTATION ? &out : NULL);
            if (status == BGT_OK && to == BGT_NOTATION)
                printf("%s\n", out.len ? out.buf : "");
            if (status == BGT_OK && a->lines) {
                if (to == BGT_RECORD)
                    status = print_record(stdout, g, a->to, games);
                games++;
                bg_game_free(g);
                g = NULL;
            }
            if (status != BGT_OK)
                break;
        }
        bgt_input_close(&in);
    }
    if (status == BGT_OK && !a->lines && to == BGT_RECORD) {
        if (!g)
            status = bgt_make_game(a, &g);
        if (status == BGT_OK)
            status = print_record(stdout, g, a->to, 0);
    }
    bg_game_free(g);
    free(out.buf);
    free(line);
    return status;
}

int bgt_cmd_convert(const bgt_args *a)
{
    bgt_kind from = BGT_NOTATION, to = BGT_NOTATION;
    if (classify(a->variant, "from", a->from, &from) != BGT_OK ||
        classify(a->variant, "to", a->to, &to) != BGT_OK)
        return BGT_FAIL;
    if (from == BGT_RECORD && (a->fen || a->lines))
        return bgt_fail("--fen and --lines apply to move input, not to %s records", a->from);
    static char outbuf[1 << 20];
    setvbuf(stdout, outbuf, _IOFBF, sizeof outbuf);
    if (from == BGT_NOTATION)
        return convert_moves(a, to, a->npositional, a->positional);

    bgt_totals t = {0, 0, 0};
    int status = BGT_OK, n = a->npositional ? a->npositional : 1;
    for (int f = 0; status == BGT_OK && f < n; f++) {
        bgt_input in;
        if (bgt_input_open(&in, a->npositional ? a->positional[f] : NULL) != BGT_OK) {
            status = BGT_FAIL;
            break;
        }
        if (a->jobs > 1 && in.seekable)
            status = bgt_convert_jobs(a, &in, to, &t);
        else
            status = convert_file(a, &in, to, &t);
        bgt_input_close(&in);
    }
    fflush(stdout);
    fprintf(stderr, "read %ld games, skipped %ld\n", t.read, t.skipped);
    if (status != BGT_OK)
        return status;
    return t.skipped || t.cut ? 1 : BGT_OK;
}
