/*
** libboardgames — .gib import (janggi records of 장기도사, KJA, Kakao, Hangame exports): [key
** "value"] headers, then numbered Korean moves "1. 79졸78 2. 49병48 ..." (the record layer decodes
** CP949 first). Setups come from 초차림 / 한차림 (also 초포진 / 한포진), written left to right as
** seen from Cho for both sides; a [판 "..."] board or a [FEN "..."] header gives any other start.
** Every header becomes a game tag. Errors name game index, ply, line, column and offset; a game
** with an error is skipped and the next call reads the next game.
*/
#include <stdio.h>
#include <string.h>

#include "game_internal.h"
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
    int old_coords; /* [기보형식 "구좌표"]: points are numbers 1..90 (see old_move) */
    int passed;     /* the record went on past an ending the rules had judged */
} gib_ctx;

/* Lines count from the reader's position, whose line is known. */
#define gib_fail(c, code, off, ply, ...)                                                               \
    bgi_record_failf((c)->rd, (c)->err, (c)->d, (c)->rd->pos, (c)->rd->line, code, off, ply, __VA_ARGS__)

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
        return gib_fail(c, BG_E_PARSE, i, 0, "expected a header name after '['");
    size_t klen = i - k;
    i = skip_blank(d, i, e);
    if (i >= e || d[i] != '"')
        return gib_fail(c, BG_E_PARSE, i, 0, "header %.*s: expected a quoted value", (int)klen, d + k);
    memcpy(c->scratch, d + k, klen);
    c->scratch[klen] = 0;
    char *v = c->scratch + klen + 1, *o = v;
    for (i++;; i++) {
        if (i >= e)
            return gib_fail(c, BG_E_PARSE, i, 0, "header %.*s: the value's closing '\"' is missing",
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
        return gib_fail(c, BG_E_PARSE, i, 0, "header %.*s: expected ']'", (int)klen, d + k);
    if (skip_blank(d, i + 1, e) != e)
        return gib_fail(c, BG_E_PARSE, skip_blank(d, i + 1, e), 0,
                    "header %.*s: unexpected text after ']'", (int)klen, d + k);
    *key = c->scratch;
    *value = v;
    return BG_OK;
}

static int is_key(const char *key, const char *a, const char *b)
{
    return strcmp(key, a) == 0 || strcmp(key, b) == 0;
}

/*
** The [판 "..."] header of Hangame and Kakao exports: the start board as ten ranks from Cho's back
** rank up to Han's, each from Cho's left, separated by '/'; a piece is a name and a run of empty
** points a digit, the empty points at a rank's end left out. Cho's pieces are written in hangul
** (soldiers 졸) and Han's in hanja (soldiers 兵). Then the side that moves first (한 or 초) and
** the word 접장기 (a handicap game: the side giving odds leaves pieces out and moves first):
** [판 "차마상사1사상마차/4장/1포5포/졸1졸1졸1졸1졸///兵1兵1兵1兵/1包5包/4將/車馬象士1士象馬車 한 접장기"].
** Writes the position as FEN into fen[128]; NULL, or the reason the value is not such a board.
*/
static const char *pan_board(const char *v, char fen[128])
{
    static const struct {
        const char *text;
        char letter; /* FEN: uppercase for Cho (hangul), lowercase for Han (hanja) */
    } names[] = {
        {"장", 'K'}, {"궁", 'K'}, {"사", 'A'}, {"상", 'B'}, {"마", 'N'}, {"차", 'R'}, {"포", 'C'},
        {"졸", 'P'}, {"병", 'P'}, {"將", 'k'}, {"帥", 'k'}, {"宮", 'k'}, {"士", 'a'}, {"象", 'b'},
        {"馬", 'n'}, {"車", 'r'}, {"包", 'c'}, {"砲", 'c'}, {"兵", 'p'}, {"卒", 'p'},
    };
    char rank_text[10][10]; /* FEN of each rank, rank 1 first */
    int rank = 0;
    const char *p = v;
    while (*p == ' ')
        p++;
    for (;;) {
        int file = 0, empty = 0;
        size_t o = 0;
        char *r = rank_text[rank];
        while (*p && *p != '/' && *p != ' ') {
            if (*p >= '1' && *p <= '9') {
                empty += *p - '0';
                file += *p++ - '0';
            } else {
                size_t k = 0, n = sizeof names / sizeof names[0];
                while (k < n && strncmp(p, names[k].text, strlen(names[k].text)) != 0)
                    k++;
                if (k == n)
                    return "a piece name or a digit expected";
                p += strlen(names[k].text);
                if (++file <= 9) {
                    if (empty)
                        r[o++] = (char)('0' + empty);
                    empty = 0;
                    r[o++] = names[k].letter;
                }
            }
            if (file > 9)
                return "a rank has more than 9 points";
        }
        empty += 9 - file;
        if (empty)
            r[o++] = (char)('0' + empty);
        r[o] = 0;
        if (++rank == 10 || *p != '/')
            break;
        p++;
    }
    if (rank != 10 || (*p && *p != ' '))
        return "expected 10 ranks separated by '/'";
    char side = 'w';
    while (*p == ' ')
        p++;
    if (!strncmp(p, "한", 3) || !strncmp(p, "漢", 3) || !strncmp(p, "초", 3) || !strncmp(p, "楚", 3)) {
        side = !strncmp(p, "한", 3) || !strncmp(p, "漢", 3) ? 'b' : 'w';
        p += 3;
    }
    while (*p == ' ')
        p++;
    if (!strncmp(p, "접장기", strlen("접장기")))
        p += strlen("접장기");
    while (*p == ' ')
        p++;
    if (*p)
        return "expected the side that moves first (한 or 초) and 접장기 after the board";
    /* FEN lists rank 10 first: at most 90 + 9 + 10 bytes. */
    size_t o = 0;
    for (int k = 9; k >= 0; k--)
        o += (size_t)snprintf(fen + o, 128 - o, "%s%s", rank_text[k], k ? "/" : "");
    snprintf(fen + o, 128 - o, " %c - - 0 1", side);
    return NULL;
}

/* Options for the game: the reader's, plus the setup the headers name. */
static bg_status make_game(gib_ctx *c, size_t hdr_start, size_t hdr_end)
{
    bg_record_reader *rd = c->rd;
    const char *d = c->d;
    char cho[10] = "RNBA1ABNR", han[10] = "RNBA1ABNR"; /* the default arrangement, 마상상마 */
    size_t fen_at = 0, pan_at = 0;
    char fen[128] = "", pan[128] = "";
    for (size_t i = hdr_start; i < hdr_end;) {
        size_t e = line_end(d, i, hdr_end), f = skip_blank(d, i, e);
        const char *key, *value;
        if (f < e) {
            bg_status s = header(c, f, e, &key, &value);
            if (s != BG_OK)
                return s;
            char *side = is_key(key, "초차림", "초포진")   ? cho
                        : is_key(key, "한차림", "한포진") ? han
                                                          : NULL;
            if (side) {
                if (!bgi_korean_arrangement_rank(rd->variant, value, side))
                    return gib_fail(c, BG_E_PARSE, f, 0,
                                "header %s: '%s' is not one of 마상상마, 상마마상, 상마상마, 마상마상",
                                key, value);
            } else if (strcmp(key, "FEN") == 0) {
                if (strlen(value) >= sizeof fen)
                    return gib_fail(c, BG_E_PARSE, f, 0, "header FEN: longer than %zu bytes",
                                sizeof fen - 1);
                strcpy(fen, value);
                fen_at = f;
            } else if (strcmp(key, "판") == 0) {
                const char *why = pan_board(value, pan);
                if (why)
                    return gib_fail(c, BG_E_PARSE, f, 0, "header 판: %s", why);
                pan_at = f;
            } else if (strcmp(key, "기보형식") == 0) {
                /* The record's coordinates: 구좌표 (old) or the usual ones. */
                c->old_coords = strcmp(value, "구좌표") == 0;
            }
        }
        i = e < hdr_end ? e + 1 : hdr_end;
    }
    bg_allocator ba = BG_ALLOCATOR_INIT(rd->alloc.fn, rd->alloc.user);
    char opts[sizeof rd->options + 64];
    bg_error e = BG_ERROR_INIT;
    bg_status s;
    /* A board the record gives is its start: the 차림 headers next to a [판] may disagree. */
    if (fen[0] || pan[0]) {
        s = bg_game_new_from_text(&c->g, rd->variant, fen[0] ? fen : pan, NULL, rd->options,
                                  BG_PARSE_LENIENT, &ba, &e);
        if (s != BG_OK)
            return gib_fail(c, s, fen[0] ? fen_at : pan_at, 0, "header %s: %s", fen[0] ? "FEN" : "판",
                        e.message);
        return BG_OK;
    }
    snprintf(opts, sizeof opts, "%s;setup=%s/%s", rd->options, cho, han);
    /* The second arrangement is Han's: FEN letters of rank 10 are lowercase. */
    for (char *p = strrchr(opts, '/') + 1; *p; p++)
        if (*p >= 'A' && *p <= 'Z')
            *p = (char)(*p + 32);
    s = bg_game_new(&c->g, rd->variant, opts, &ba, &e);
    return s == BG_OK ? s : gib_fail(c, s, hdr_start, 0, "%s", e.message);
}

static bg_status set_tags(gib_ctx *c, size_t hdr_start, size_t hdr_end)
{
    for (size_t i = hdr_start; i < hdr_end;) {
        size_t e = line_end(c->d, i, hdr_end), f = skip_blank(c->d, i, e);
        const char *key, *value;
        if (f < e) {
            bg_status s = header(c, f, e, &key, &value);
            if (s == BG_OK && (s = bg_game_set_tag(c->g, key, value)) != BG_OK)
                return gib_fail(c, s, f, 0, "header %s: %s", key, bg_game_errmsg(c->g));
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
    return s == BG_OK ? s : gib_fail(c, s, c->note.at, 0, "cannot keep a comment: %s", bg_strerror(s));
}

static bg_status add_comment(gib_ctx *c, size_t at, size_t n)
{
    bg_status s = bgi_pgn_note_add(&c->note, c->g, bg_game_ply_count(c->g), at, c->d + at + 1, n);
    return s == BG_OK ? s : gib_fail(c, s, at, 0, "cannot keep a comment: %s", bg_strerror(s));
}

static int digit(char ch) { return ch >= '0' && ch <= '9'; }

/* The move rewritten into out[0, o) so far, then text's rest from i as it stands; 0 if too long. */
static int copy_rest(const char *t, size_t i, size_t n, char *out, size_t o, size_t cap)
{
    if (o + (n - i) >= cap)
        return 0;
    memcpy(out + o, t + i, n - i);
    out[o + n - i] = 0;
    return 1;
}

/*
** A move in old coordinates ([기보형식 "구좌표"], KBS records of the 1990s): a point is one number
** (file - 1) * 10 + rank, the file from Cho's left and the rank from Cho's edge 1..10, without a
** leading zero: "84졸74" (i4-h4) is 79졸78 today, "20마28" (b10-c8) is 12마33. Rewritten in
** today's coordinates into out (the rest of the move as it is); 0 when text is no such move.
*/
static int old_move(const char *t, size_t n, char *out, size_t cap)
{
    size_t i = 0, o = 0;
    for (int part = 0; part < 2; part++) {
        size_t k = i;
        int v = 0;
        while (k < n && digit(t[k]) && k - i < 2)
            v = v * 10 + (t[k++] - '0');
        if (k == i || (k < n && digit(t[k])) || v < 1 || v > 90 || o + 2 >= cap)
            return 0;
        out[o++] = (char)('0' + (11 - ((v - 1) % 10 + 1)) % 10); /* rank 10 is "1", rank 1 "0" */
        out[o++] = (char)('1' + (v - 1) / 10);
        i = k;
        while (part == 0 && i < n && !digit(t[i]) && o < cap)
            out[o++] = t[i++];
    }
    return copy_rest(t, i, n, out, o, cap);
}

/*
** A move with points as a file letter and a rank digit from Cho's back rank 0 to Han's 9, as some
** Kakao exports write whole games: "i3卒h3" (i4-h4) is 79卒78, "b9馬c7" (b10-c8) is 12馬33.
** Rewritten in Korean coordinates into out; 0 when text is no such move.
*/
static int letter_move(const char *t, size_t n, char *out, size_t cap)
{
    size_t i = 0, o = 0;
    for (int part = 0; part < 2; part++) {
        if (i + 2 > n || t[i] < 'a' || t[i] > 'i' || !digit(t[i + 1]) || o + 2 >= cap)
            return 0;
        out[o++] = (char)('0' + (10 - (t[i + 1] - '0')) % 10);
        out[o++] = (char)('1' + (t[i] - 'a'));
        i += 2;
        while (part == 0 && i < n && (t[i] < 'a' || t[i] > 'i') && o < cap)
            out[o++] = t[i++];
    }
    return copy_rest(t, i, n, out, o, cap);
}

/* The move without suffixes: origin, anything up to the destination's two digits. */
static size_t move_part(const char *t, size_t n)
{
    size_t i = 2;
    if (n < 4 || !digit(t[0]) || !digit(t[1]))
        return n;
    while (i < n && !digit(t[i]))
        i++;
    return i + 2 <= n && digit(t[i]) && digit(t[i + 1]) ? i + 2 : n;
}

static bg_status play(gib_ctx *c, size_t at, size_t n)
{
    const int ply = bg_game_ply_count(c->g) + 1;
    if (ply > BG_RECORD_MAX_PLIES)
        return gib_fail(c, BG_E_LIMIT, at, ply, "more than %d moves in one game", BG_RECORD_MAX_PLIES);
    /*
    ** A record may go on past an ending the rules judge (a repetition, the move limit, counting,
    ** a double pass, an accepted bikjang): the players or the arbiter let play go on.
    */
    if (!bgi_game_record_goes_on(c->g))
        return gib_fail(c, BG_E_GAME_OVER, at, ply, "move '%.*s' after the end of the game (%s)",
                    (int)n, c->d + at, bg_reason_name(bg_game_reason(c->g)));
    memcpy(c->scratch, c->d + at, n);
    c->scratch[n] = 0;
    char old[96];
    const char *text = c->scratch;
    if ((c->old_coords && old_move(c->scratch, n, old, sizeof old)) ||
        letter_move(c->scratch, n, old, sizeof old))
        text = old;
    /* The move is read where play goes on: an ending it follows did not happen. */
    c->passed |= bgi_game_record_resume(c->g);
    bg_move m;
    bg_error e = BG_ERROR_INIT;
    const bg_position *pos = bg_game_position(c->g);
    bg_status s = bgi_korean_parse(pos, text, 0, &m, &e);
    if (s != BG_OK) {
        /* Import is lenient: either soldier name, spaces, then a wrong capture or check suffix. */
        bg_error e2 = BG_ERROR_INIT;
        int ok = bgi_korean_parse(pos, text, BG_PARSE_LENIENT, &m, &e2) == BG_OK;
        size_t k = move_part(text, strlen(text));
        if (!ok && k < strlen(text)) {
            char plain[96];
            snprintf(plain, sizeof plain, "%.*s", (int)k, text);
            ok = bgi_korean_parse(pos, plain, BG_PARSE_LENIENT, &m, &e2) == BG_OK;
        }
        if (!ok)
            return gib_fail(c, s, at + (text == old ? 0 : e.offset), ply, "%s", e.message);
    }
    s = bgi_game_play_record(c->g, m);
    return s == BG_OK ? s : gib_fail(c, s, at, ply, "%s", bg_game_errmsg(c->g));
}

/* A move time "<12>" after a move (Hangame's tournament exports): seconds, kept as [%emt]. */
static bg_status move_time(gib_ctx *c, size_t at, size_t n)
{
    const int ply = bg_game_ply_count(c->g);
    long sec = 0;
    for (size_t i = at + 1; i + 1 < at + n; i++)
        sec = sec * 10 + (c->d[i] - '0');
    if (ply == 0)
        return gib_fail(c, BG_E_PARSE, at, 1, "move time '%.*s' before the first move", (int)n,
                    c->d + at);
    char t[48];
    int k = snprintf(t, sizeof t, "[%%emt %ld:%02ld:%02ld]", sec / 3600, sec / 60 % 60, sec % 60);
    bg_status s = bgi_pgn_note_add(&c->note, c->g, ply, at, t, (size_t)k);
    return s == BG_OK ? s : gib_fail(c, s, at, 0, "cannot keep a move time: %s", bg_strerror(s));
}

/* A token "<digits>" (at most 9, so that the seconds fit any long). */
static int is_time(const char *d, size_t n)
{
    if (n < 3 || n > 11 || d[0] != '<' || d[n - 1] != '>')
        return 0;
    for (size_t i = 1; i + 1 < n; i++)
        if (!digit(d[i]))
            return 0;
    return 1;
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
                return gib_fail(c, BG_E_PARSE, i, 0, "comment '{' is never closed");
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
                return gib_fail(c, BG_E_PARSE, i, want, "move number %.*s, expected %d", (int)(k - i),
                            d + i, want);
            while (k < t && d[k] == '.')
                k++;
            i = k;
            if (i == t)
                continue;
        }
        bg_status s;
        if (is_time(d + i, t - i)) {
            s = move_time(c, i, t - i);
        } else {
            s = flush_comment(c);
            if (s == BG_OK)
                s = play(c, i, t - i);
        }
        if (s != BG_OK)
            return s;
        i = t;
    }
    return flush_comment(c);
}

int bgi_gib_result(const char *v, int *winner)
{
    while (v && *v == ' ')
        v++;
    if (!v || !*v)
        return 0;
    if (!strncmp(v, "무승부", strlen("무승부")))
        return 2;
    int side = !strncmp(v, "초", 3) || !strncmp(v, "楚", 3)   ? 0
               : !strncmp(v, "한", 3) || !strncmp(v, "漢", 3) ? 1
                                                              : -1;
    if (side < 0)
        return 0;
    if (strstr(v + 3, "패")) /* 패: "lost" */
        *winner = !side;
    else if (strstr(v + 3, "승"))
        *winner = side;
    else
        return 0;
    return 1;
}

/*
** A record that went on past an ending the rules had judged and stops without one: its own
** result (대국결과) is the game's, as the loser's resignation or an agreed draw (the tag says how
** it was really won: on time, on points, ...).
*/
static bg_status record_result(gib_ctx *c)
{
    int winner = 0, kind = bgi_gib_result(bg_game_tag(c->g, "대국결과"), &winner);
    if (!c->passed || bg_game_outcome(c->g) != BG_ONGOING || !kind)
        return BG_OK;
    bg_status s = kind == 2 ? bg_game_agree_draw(c->g) : bg_game_resign(c->g, !winner);
    return s == BG_OK ? s : gib_fail(c, s, c->end, 0, "cannot keep the result: %s", bg_strerror(s));
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
    gib_ctx c = {.rd = rd, .err = err, .d = rd->data};
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
        s = gib_fail(&c, BG_E_NO_MEMORY, i, 0, "out of memory");
    else
        s = make_game(&c, i, hdr_end);
    if (s == BG_OK)
        s = set_tags(&c, i, hdr_end);
    if (s == BG_OK)
        s = read_moves(&c, hdr_end, c.end);
    if (s == BG_OK)
        s = record_result(&c);
    bgi_free(&rd->alloc, c.scratch, c.scratch_cap);
    bgi_pgn_note_free(&c.note);
    advance(rd, c.end);
    *game = c.g; /* on a fault: the moves before it, or nothing (record.c decides) */
    return s;
}
