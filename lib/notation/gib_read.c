/*
** libboardgames — .gib import (janggi records of 장기도사, KJA, Kakao exports): [key "value"]
** headers, then numbered Korean moves "1. 79졸78 2. 49병48 ...". UTF-8 only (legacy files are
** EUC-KR: convert first). Setups come from 초차림 / 한차림 (also 초포진 / 한포진), written left to
** right as seen from Cho for both sides; an optional [FEN "..."] header gives any other start.
** Every header becomes a game tag. Errors name game index, ply, line, column and offset; a game
** with an error is skipped and the next call reads the next game.
*/
#include <stdio.h>
#include <string.h>

#include "game_internal.h"
#include "../games/janggi/janggi.h"
#include "korean.h"
#include "pgn.h"
#include "record_text.h"

typedef struct gib_ctx {
    bg_record_reader *rd;
    bg_error *err;
    const char *d;
    size_t end;     /* end of this game's text */
    char *scratch;  /* one line's worth of bytes, for NUL-terminated keys, values and moves */
    size_t scratch_cap;
    bg_game *g;
    pgn_note note; /* comments not yet given to the game (any length) */
} gib_ctx;

__attribute__((format(printf, 5, 6))) static bg_status fail(gib_ctx *c, bg_status code, size_t off,
                                                            int ply, const char *fmt, ...)
{
    char msg[200];
    int line, col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* Lines count from the reader's position, whose line is known. */
    bgi_text_locate(c->d, c->rd->pos, c->rd->line, off, &line, &col);
    return bgi_record_fail(c->err, code, off, line, col, c->rd->game_index + 1, c->rd->game_index, ply,
                           msg);
}

static size_t line_end(const char *d, size_t i, size_t len)
{
    while (i < len && d[i] != '\n')
        i++;
    return i;
}

static int blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }

/* First non-blank byte of the line at i (or the line's end). */
static size_t skip_blank(const char *d, size_t i, size_t e)
{
    while (i < e && blank(d[i]))
        i++;
    return i;
}

/*
** The splitter's view of a .gib line: '[' headers before a game's moves, anything else after.
** It sees the raw bytes, where a DOS end-of-file byte 0x1A and 0xFF filler may come before the
** next game's first header (files joined with `copy /b`): they are no text (the record layer
** reads them as blanks), so a line of them alone is blank and "\xff[대회명 ..." is a header.
*/
int bgi_gib_line_kind(const char *d, size_t n)
{
    size_t a = 0;
    while (a < n && (blank(d[a]) || d[a] == '\x1a' || (unsigned char)d[a] == 0xff))
        a++;
    if (a == n)
        return BGI_LINE_NEUTRAL;
    return d[a] == '[' ? BGI_LINE_HEAD : BGI_LINE_BODY;
}

/*
** The extent of the game starting at `start` (its first non-blank line): headers, then moves up
** to the next line that starts a header after some move text, or the end of the data.
*/
static size_t game_end(const char *d, size_t start, size_t len)
{
    int moves_seen = 0;
    for (size_t i = start; i < len;) {
        size_t e = line_end(d, i, len), f = skip_blank(d, i, e);
        if (f < e && d[f] == '[' && moves_seen)
            return i;
        if (f < e && d[f] != '[')
            moves_seen = 1;
        i = e < len ? e + 1 : len;
    }
    return len;
}

/* Parse the header line [key "value"] at f (line end e); key and value go into scratch. */
static bg_status header(gib_ctx *c, size_t f, size_t e, const char **key, const char **value)
{
    const char *d = c->d;
    size_t i = skip_blank(d, f + 1, e), k = i;
    while (i < e && !blank(d[i]) && d[i] != '"' && d[i] != ']')
        i++;
    if (i == k)
        return fail(c, BG_E_PARSE, i, 0, "expected a header name after '['");
    size_t klen = i - k;
    i = skip_blank(d, i, e);
    if (i >= e || d[i] != '"')
        return fail(c, BG_E_PARSE, i, 0, "header %.*s: expected a quoted value", (int)klen, d + k);
    memcpy(c->scratch, d + k, klen);
    c->scratch[klen] = 0;
    char *v = c->scratch + klen + 1, *o = v;
    for (i++;; i++) {
        if (i >= e)
            return fail(c, BG_E_PARSE, i, 0, "header %.*s: the value's closing '\"' is missing",
                        (int)klen, d + k);
        if (d[i] == '"')
            break;
        if (d[i] == '\\' && i + 1 < e && (d[i + 1] == '"' || d[i + 1] == '\\'))
            i++;
        *o++ = d[i];
    }
    *o = 0;
    i = skip_blank(d, i + 1, e);
    if (i >= e || d[i] != ']')
        return fail(c, BG_E_PARSE, i, 0, "header %.*s: expected ']'", (int)klen, d + k);
    if (skip_blank(d, i + 1, e) != e)
        return fail(c, BG_E_PARSE, skip_blank(d, i + 1, e), 0,
                    "header %.*s: unexpected text after ']'", (int)klen, d + k);
    *key = c->scratch;
    *value = v;
    return BG_OK;
}

static int is_key(const char *key, const char *a, const char *b)
{
    return strcmp(key, a) == 0 || strcmp(key, b) == 0;
}

/* Options for the game: the reader's, plus the setup the headers name. */
static bg_status make_game(gib_ctx *c, size_t hdr_start, size_t hdr_end)
{
    bg_record_reader *rd = c->rd;
    const char *d = c->d;
    int cho = 0, han = 0;
    size_t fen_at = 0;
    char fen[128] = "";
    for (size_t i = hdr_start; i < hdr_end;) {
        size_t e = line_end(d, i, hdr_end), f = skip_blank(d, i, e);
        const char *key, *value;
        if (f < e) {
            bg_status s = header(c, f, e, &key, &value);
            if (s != BG_OK)
                return s;
            int *side = is_key(key, "초차림", "초포진")   ? &cho
                        : is_key(key, "한차림", "한포진") ? &han
                                                          : NULL;
            if (side) {
                char ranks[64];
                snprintf(ranks, sizeof ranks, "%s/%s", value, jg_arrangement_korean(0));
                char a[10], b[10];
                if (jg_setup_ranks(ranks, a, b, NULL) != BG_OK)
                    return fail(c, BG_E_PARSE, f, 0,
                                "header %s: '%s' is not one of 마상상마, 상마마상, 상마상마, 마상마상",
                                key, value);
                *side = jg_arrangement_index(a, 9);
            } else if (strcmp(key, "FEN") == 0) {
                if (strlen(value) >= sizeof fen)
                    return fail(c, BG_E_PARSE, f, 0, "header FEN: longer than %zu bytes",
                                sizeof fen - 1);
                strcpy(fen, value);
                fen_at = f;
            }
        }
        i = e < hdr_end ? e + 1 : hdr_end;
    }
    bg_allocator ba = BG_ALLOCATOR_INIT(rd->alloc.fn, rd->alloc.user);
    char opts[sizeof rd->options + 64];
    bg_error e = BG_ERROR_INIT;
    bg_status s;
    if (fen[0]) {
        s = bg_game_new_from_text(&c->g, rd->variant, fen, NULL, rd->options, BG_PARSE_LENIENT,
                                  &ba, &e);
        if (s != BG_OK)
            return fail(c, s, fen_at, 0, "header FEN: %s", e.message);
        return BG_OK;
    }
    snprintf(opts, sizeof opts, "%s;setup=%s/%s", rd->options, jg_arrangement_fen(cho),
             jg_arrangement_fen(han));
    /* The second arrangement is Han's: FEN letters of rank 10 are lowercase. */
    for (char *p = strrchr(opts, '/') + 1; *p; p++)
        if (*p >= 'A' && *p <= 'Z')
            *p = (char)(*p + 32);
    s = bg_game_new(&c->g, rd->variant, opts, &ba, &e);
    return s == BG_OK ? s : fail(c, s, hdr_start, 0, "%s", e.message);
}

static bg_status set_tags(gib_ctx *c, size_t hdr_start, size_t hdr_end)
{
    for (size_t i = hdr_start; i < hdr_end;) {
        size_t e = line_end(c->d, i, hdr_end), f = skip_blank(c->d, i, e);
        const char *key, *value;
        if (f < e) {
            bg_status s = header(c, f, e, &key, &value);
            if (s == BG_OK && (s = bg_game_set_tag(c->g, key, value)) != BG_OK)
                return fail(c, s, f, 0, "header %s: %s", key, bg_game_errmsg(c->g));
            if (s != BG_OK)
                return s;
        }
        i = e < hdr_end ? e + 1 : hdr_end;
    }
    return BG_OK;
}

/* Several comments of one ply become one (pgn_note), given to the game once per ply. */
static bg_status flush_comment(gib_ctx *c)
{
    bg_status s = bgi_pgn_note_flush(&c->note, c->g);
    return s == BG_OK ? s : fail(c, s, c->note.at, 0, "cannot keep a comment: %s", bg_strerror(s));
}

static bg_status add_comment(gib_ctx *c, size_t at, size_t n)
{
    bg_status s = bgi_pgn_note_add(&c->note, c->g, bg_game_ply_count(c->g), at, c->d + at + 1, n);
    return s == BG_OK ? s : fail(c, s, at, 0, "cannot keep a comment: %s", bg_strerror(s));
}

static bg_status play(gib_ctx *c, size_t at, size_t n)
{
    const int ply = bg_game_ply_count(c->g) + 1;
    if (ply > BG_RECORD_MAX_PLIES)
        return fail(c, BG_E_LIMIT, at, ply, "more than %d moves in one game", BG_RECORD_MAX_PLIES);
    /* As in PGN import, a game drawn by a rule (repetition, move limit) may go on in a record. */
    if (!bgi_game_record_goes_on(c->g))
        return fail(c, BG_E_GAME_OVER, at, ply, "move '%.*s' after the end of the game (%s)",
                    (int)n, c->d + at, bg_reason_name(bg_game_reason(c->g)));
    memcpy(c->scratch, c->d + at, n);
    c->scratch[n] = 0;
    bg_move m;
    bg_error e = BG_ERROR_INIT;
    const bg_position *pos = bg_game_position(c->g);
    bg_status s = bgi_korean_parse(pos, c->scratch, 0, &m, &e);
    if (s != BG_OK) {
        /* Import is lenient: either soldier name, spaces, then a wrong capture or check suffix. */
        bg_error e2 = BG_ERROR_INIT;
        int ok = bgi_korean_parse(pos, c->scratch, BG_PARSE_LENIENT, &m, &e2) == BG_OK;
        if (!ok && n > 7 && c->scratch[0] >= '0' && c->scratch[0] <= '9') {
            c->scratch[7] = 0; /* origin, a 3-byte name, destination */
            ok = bgi_korean_parse(pos, c->scratch, BG_PARSE_LENIENT, &m, &e2) == BG_OK;
        }
        if (!ok)
            return fail(c, s, at + e.offset, ply, "%s", e.message);
    }
    s = bgi_game_play_record(c->g, m);
    return s == BG_OK ? s : fail(c, s, at, ply, "%s", bg_game_errmsg(c->g));
}

/* Move text: "N." numbers (checked), moves, {comments}. */
static bg_status read_moves(gib_ctx *c, size_t i, size_t end)
{
    const char *d = c->d;
    while (i < end) {
        char ch = d[i];
        if (blank(ch) || ch == '\n') {
            i++;
            continue;
        }
        if (ch == '{') {
            size_t close = i + 1;
            while (close < end && d[close] != '}')
                close++;
            if (close >= end)
                return fail(c, BG_E_PARSE, i, 0, "comment '{' is never closed");
            /* A comment may run over many lines: it is not bounded by the line limit. */
            bg_status s = add_comment(c, i, close - i - 1);
            if (s != BG_OK)
                return s;
            i = close + 1;
            continue;
        }
        size_t t = i;
        while (t < end && !blank(d[t]) && d[t] != '\n' && d[t] != '{')
            t++;
        /* A move number, possibly glued to its move: "12." or "12.79졸78". */
        size_t k = i;
        while (k < t && d[k] >= '0' && d[k] <= '9')
            k++;
        if (k > i && k < t && d[k] == '.') {
            long num = 0;
            for (size_t j = i; j < k && num < 1000000; j++)
                num = num * 10 + (d[j] - '0');
            const int want = bg_game_ply_count(c->g) + 1;
            if (num != want)
                return fail(c, BG_E_PARSE, i, want, "move number %.*s, expected %d", (int)(k - i),
                            d + i, want);
            while (k < t && d[k] == '.')
                k++;
            i = k;
            if (i == t)
                continue;
        }
        bg_status s = flush_comment(c);
        if (s == BG_OK)
            s = play(c, i, t - i);
        if (s != BG_OK)
            return s;
        i = t;
    }
    return flush_comment(c);
}

static void advance(bg_record_reader *rd, size_t to)
{
    for (size_t i = rd->pos; i < to; i++)
        rd->line += rd->data[i] == '\n';
    rd->pos = to;
    rd->game_index++;
}

bg_status bgi_gib_read_next(bg_record_reader *rd, bg_game **game, bg_error *err)
{
    gib_ctx c = {rd, err, rd->data, 0, NULL, 0, NULL, {{NULL, 0, 0, NULL}, 0, 0, 0}};
    bg_status s;
    bgi_pgn_note_init(&c.note, &rd->alloc);
    /* Skip blank lines before the game. */
    size_t i = rd->pos;
    for (;;) {
        size_t e = line_end(rd->data, i, rd->len), f = skip_blank(rd->data, i, e);
        if (f < e || e >= rd->len)
            break;
        i = e + 1;
    }
    for (size_t k = rd->pos; k < i; k++)
        rd->line += rd->data[k] == '\n';
    rd->pos = i;
    if (skip_blank(rd->data, i, line_end(rd->data, i, rd->len)) >= rd->len)
        return BG_E_END;
    c.end = game_end(rd->data, i, rd->len);
    /* Headers: the lines starting with '[' before the first move line. */
    size_t hdr_end = i;
    for (;;) {
        size_t e = line_end(rd->data, hdr_end, c.end), f = skip_blank(rd->data, hdr_end, e);
        if (hdr_end >= c.end || (f < e && rd->data[f] != '['))
            break;
        hdr_end = e < c.end ? e + 1 : c.end;
    }
    /* A line of this game at most: many small games do not each pay for the longest line. */
    c.scratch_cap = (c.end - i < BG_RECORD_MAX_LINE ? c.end - i : BG_RECORD_MAX_LINE) + 2;
    c.scratch = bgi_malloc(&rd->alloc, c.scratch_cap);
    if (!c.scratch)
        s = fail(&c, BG_E_NO_MEMORY, i, 0, "out of memory");
    else
        s = make_game(&c, i, hdr_end);
    if (s == BG_OK)
        s = set_tags(&c, i, hdr_end);
    if (s == BG_OK)
        s = read_moves(&c, hdr_end, c.end);
    bgi_free(&rd->alloc, c.scratch, c.scratch_cap);
    bgi_pgn_note_free(&c.note);
    advance(rd, c.end);
    if (s != BG_OK) {
        bg_game_free(c.g);
        return s;
    }
    *game = c.g;
    return BG_OK;
}
