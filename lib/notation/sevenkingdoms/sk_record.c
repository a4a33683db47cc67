/* libboardgames — the Seven Kingdoms game record "skr" (docs/sevenkingdoms.md): tag lines, numbered rounds of kingdom-tagged moves, result; import with line numbers, export. */
#include <stdio.h>
#include <string.h>

#include "game_internal.h"
#include "notations.h"
#include "pgn.h"
#include "record_text.h"

typedef struct skr_ctx {
    bg_record_reader *rd;
    const char *d;
    size_t len, i;
    size_t game_off; /* where this game's text starts, and its line */
    int game_line;
    bg_game *g;
    pgn_buf tags; /* "key\0value\0" pairs in file order, until the game exists */
    pgn_buf raw; /* bytes of a tag value or bracketed text as found, before conversion */
    pgn_buf tmp; /* the same as UTF-8 */
    pgn_note note; /* comments not yet given to the game */
    int tag_lines; /* tags read for this game */
    size_t players_off, alliances_off, position_off, result_off; /* tag values' offsets, 0 = absent */
    bg_error *err;
} skr_ctx;

__attribute__((format(printf, 5, 6))) static bg_status skr_fail(skr_ctx *c, bg_status code, size_t off,
                                                            int ply, const char *fmt, ...)
{
    va_list ap;
    /*
    ** An offset inside a converted tag value (a Position text read as Latin-1 grows in UTF-8)
    ** can pass the end of the file: keep it inside, where the line count may read.
    */
    if (off > c->len)
        off = c->len;
    va_start(ap, fmt);
    bg_status s = bgi_record_vfail(c->rd, c->err, c->d, c->game_off, c->game_line, code, off, ply,
                                   fmt, ap);
    va_end(ap);
    return s;
}

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

static int line_start(const skr_ctx *c, size_t i)
{
    return i == 0 || c->d[i - 1] == '\n' || (i == 3 && !memcmp(c->d, "\xef\xbb\xbf", 3));
}

static void skip_space(skr_ctx *c)
{
    while (c->i < c->len && is_space(c->d[c->i]))
        c->i++;
}

/*
** c->raw into c->tmp as UTF-8: kept when it is valid UTF-8, else read as Latin-1. The whole text
** at once, so that a multi-byte character is never judged one byte at a time.
*/
static bg_status convert_raw(skr_ctx *c, size_t off)
{
    c->tmp.len = 0;
    if (bgi_pgnbuf_add(&c->tmp, "", 0) != BG_OK ||
        (c->raw.len && bgi_pgnbuf_add_text(&c->tmp, c->raw.p, c->raw.len) != BG_OK))
        return skr_fail(c, BG_E_NO_MEMORY, off, 0, "out of memory");
    return BG_OK;
}

/* ---------- tags ---------- */

static const char *tag_value(const skr_ctx *c, const char *key)
{
    return bgi_pgn_pairs_find(&c->tags, key, 0);
}

/* [Key "value"] on a line of its own; \" and \\ escape inside the value. */
static bg_status read_tag(skr_ctx *c)
{
    const size_t start = c->i++;
    const size_t key_off = c->i;
    if (++c->tag_lines > BGI_GAME_MAX_TAGS)
        return skr_fail(c, BG_E_LIMIT, start, 0, "more than %d tags in one game", BGI_GAME_MAX_TAGS);
    while (c->i < c->len && (c->d[c->i] == '_' || (c->d[c->i] >= '0' && c->d[c->i] <= '9') ||
                             ((c->d[c->i] | 32) >= 'a' && (c->d[c->i] | 32) <= 'z')))
        c->i++;
    const size_t key_len = c->i - key_off;
    if (!key_len)
        return skr_fail(c, BG_E_PARSE, c->i, 0, "tag: expected a name after '['");
    while (c->i < c->len && (c->d[c->i] == ' ' || c->d[c->i] == '\t'))
        c->i++;
    if (c->i >= c->len || c->d[c->i] != '"')
        return skr_fail(c, BG_E_PARSE, c->i, 0, "tag %.*s: expected '\"' before the value",
                    (int)key_len, c->d + key_off);
    const size_t value_off = ++c->i;
    c->raw.len = 0;
    bg_status s = BG_OK;
    for (;; c->i++) {
        if (c->i >= c->len || c->d[c->i] == '\n')
            return skr_fail(c, BG_E_PARSE, start, 0, "tag %.*s: the value's '\"' is never closed",
                        (int)key_len, c->d + key_off);
        char ch = c->d[c->i];
        if (ch == '"')
            break;
        if (ch == '\\' && c->i + 1 < c->len && (c->d[c->i + 1] == '"' || c->d[c->i + 1] == '\\'))
            ch = c->d[++c->i];
        if ((s = bgi_pgnbuf_addc(&c->raw, ch)) != BG_OK)
            return skr_fail(c, BG_E_NO_MEMORY, start, 0, "out of memory");
    }
    if ((s = convert_raw(c, start)) != BG_OK)
        return s;
    c->i++;
    while (c->i < c->len && (c->d[c->i] == ' ' || c->d[c->i] == '\t' || c->d[c->i] == '\r'))
        c->i++;
    if (c->i >= c->len || c->d[c->i] != ']')
        return skr_fail(c, BG_E_PARSE, c->i, 0, "tag %.*s: expected ']' after the value",
                    (int)key_len, c->d + key_off);
    c->i++;
    while (c->i < c->len && c->d[c->i] != '\n') {
        if (!is_space(c->d[c->i]))
            return skr_fail(c, BG_E_PARSE, c->i, 0, "tag %.*s: text after ']' on the same line",
                        (int)key_len, c->d + key_off);
        c->i++;
    }
    const char *value = c->tmp.p ? c->tmp.p : "";
    if (s == BG_OK)
        s = bgi_pgnbuf_add(&c->tags, c->d + key_off, key_len);
    if (s == BG_OK)
        s = bgi_pgnbuf_addc(&c->tags, 0);
    if (s == BG_OK)
        s = bgi_pgnbuf_add(&c->tags, value, strlen(value) + 1);
    if (s != BG_OK)
        return skr_fail(c, BG_E_NO_MEMORY, start, 0, "out of memory");
    size_t *special = NULL;
    if (key_len == 7 && !memcmp(c->d + key_off, "Players", 7))
        special = &c->players_off;
    else if (key_len == 9 && !memcmp(c->d + key_off, "Alliances", 9))
        special = &c->alliances_off;
    else if (key_len == 8 && !memcmp(c->d + key_off, "Position", 8))
        special = &c->position_off;
    else if (key_len == 6 && !memcmp(c->d + key_off, "Result", 6))
        special = &c->result_off;
    if (special && *special)
        return skr_fail(c, BG_E_PARSE, start, 0, "tag %.*s given twice", (int)key_len,
                    c->d + key_off);
    if (special)
        *special = value_off;
    return BG_OK;
}

static bg_status read_tags(skr_ctx *c)
{
    for (;;) {
        skip_space(c);
        if (c->i >= c->len || c->d[c->i] != '[' || !line_start(c, c->i))
            return BG_OK;
        bg_status s = read_tag(c);
        if (s != BG_OK)
            return s;
    }
}

/* Does offset `off` of the options text fall in `value`, copied there at `start`? */
static int in_value(size_t off, size_t start, const char *value)
{
    return value && off >= start && off <= start + strlen(value);
}

static bg_status make_game(skr_ctx *c)
{
    bg_record_reader *rd = c->rd;
    char opts[sizeof rd->options + 2 * BGI_OPTION_TEXT + 32];
    const char *players = tag_value(c, "Players"), *position = tag_value(c, "Position");
    const char *alliances = tag_value(c, "Alliances");
    if (players && strlen(players) >= BGI_OPTION_TEXT)
        return skr_fail(c, BG_E_LIMIT, c->players_off, 0, "Players: longer than %d bytes",
                    BGI_OPTION_TEXT - 1);
    if (alliances && strlen(alliances) >= BGI_OPTION_TEXT)
        return skr_fail(c, BG_E_LIMIT, c->alliances_off, 0, "Alliances: longer than %d bytes",
                    BGI_OPTION_TEXT - 1);
    /* The tags come after the reader's own options, so they override them. */
    const size_t alliances_at = strlen(rd->options) + (alliances ? strlen(";alliances=") : 0);
    const size_t players_at =
        alliances_at + (alliances ? strlen(alliances) : 0) + (players ? strlen(";players=") : 0);
    snprintf(opts, sizeof opts, "%s%s%s%s%s", rd->options, alliances ? ";alliances=" : "",
             alliances ? alliances : "", players ? ";players=" : "", players ? players : "");
    bg_allocator ba = BG_ALLOCATOR_INIT(rd->alloc.fn, rd->alloc.user);
    bg_error e = BG_ERROR_INIT;
    bg_status s = position ? bg_game_new_from_text(&c->g, rd->variant, position, NULL, opts, 0,
                                                   &ba, &e)
                           : bg_game_new(&c->g, rd->variant, opts, &ba, &e);
    if (s != BG_OK) {
        /* An options error points into the Players or Alliances tag's value it came from. */
        size_t off = in_value(e.offset, players_at, players) ? c->players_off + e.offset - players_at
                     : in_value(e.offset, alliances_at, alliances)
                         ? c->alliances_off + e.offset - alliances_at
                     : s == BG_E_UNKNOWN_OPTION && players ? c->players_off
                     : position                          ? c->position_off + e.offset
                                                         : c->game_off;
        return skr_fail(c, s, off, 0, "%s", e.message[0] ? e.message : bg_strerror(s));
    }
    for (size_t i = 0; i < c->tags.len;) {
        const char *k = c->tags.p + i, *v = k + strlen(k) + 1;
        if ((s = bg_game_set_tag(c->g, k, v)) != BG_OK)
            return skr_fail(c, s, c->game_off, 0, "cannot keep tag %s: %s", k, bg_strerror(s));
        i = (size_t)(v + strlen(v) + 1 - c->tags.p);
    }
    return BG_OK;
}

/* ---------- movetext ---------- */

/* A bracketed text: '{...}' or a '(...)' with nesting; the cursor is on the opening character. */
static bg_status bracketed(skr_ctx *c, char open, char close, const char *what)
{
    const size_t start = c->i;
    int depth = 0;
    c->raw.len = 0;
    for (; c->i < c->len; c->i++) {
        const char ch = c->d[c->i];
        if (ch == open && (open != '{' || depth == 0)) {
            if (++depth > BG_RECORD_MAX_VARIATION_DEPTH)
                return skr_fail(c, BG_E_LIMIT, c->i, 0, "%s nested deeper than %d", what,
                            BG_RECORD_MAX_VARIATION_DEPTH);
            if (depth == 1)
                continue;
        } else if (ch == close && --depth == 0) {
            c->i++;
            return convert_raw(c, start);
        }
        const char flat = ch == '\n' || ch == '\r' || ch == '\t' ? ' ' : ch;
        if (bgi_pgnbuf_addc(&c->raw, flat) != BG_OK)
            return skr_fail(c, BG_E_NO_MEMORY, c->i, 0, "out of memory");
    }
    c->i = c->len;
    return skr_fail(c, BG_E_PARSE, start, 0, "%s '%c' is never closed", what, open);
}

/* Several comments in a row become one (pgn_note), given to the game once per ply. */
static bg_status flush_comment(skr_ctx *c)
{
    bg_status s = bgi_pgn_note_flush(&c->note, c->g);
    return s == BG_OK ? s : skr_fail(c, s, c->note.at, 0, "cannot keep a comment: %s", bg_strerror(s));
}

static bg_status add_comment(skr_ctx *c, int ply, size_t off)
{
    const char *text = c->tmp.p ? c->tmp.p : "";
    bg_status s = bgi_pgn_note_add(&c->note, c->g, ply, off, text, strlen(text));
    return s == BG_OK ? s : skr_fail(c, s, off, 0, "cannot keep a comment: %s", bg_strerror(s));
}

static bg_status play_token(skr_ctx *c, size_t off, size_t n)
{
    const bg_position *pos = bg_game_position(c->g);
    const int ply = bg_game_ply_count(c->g) + 1, stm = bg_position_side_to_move(pos);
    const char *t = c->d + off;
    const size_t whole = n;
    char text[32];
    if (ply > BG_RECORD_MAX_PLIES)
        return skr_fail(c, BG_E_LIMIT, off, ply, "more than %d moves in one game", BG_RECORD_MAX_PLIES);
    if (bg_game_outcome(c->g) != BG_ONGOING)
        return skr_fail(c, BG_E_GAME_OVER, off, ply, "'%.*s': move after the end of the game (%s)",
                    (int)n, t, bg_reason_name(bg_game_reason(c->g)));
    const bg_variant *v = pos->variant;
    if (n >= 2 && t[1] == ':') {
        const char *letters = v->info->side_letters, *k = strchr(letters, t[0]);
        if (!t[0] || !k)
            return skr_fail(c, BG_E_PARSE, off, ply, "'%c' is not a kingdom letter (q h c w i y z)",
                        t[0]);
        if (k - letters != stm)
            return skr_fail(c, BG_E_ILLEGAL_MOVE, off, ply, "move for %s, but %s is to move",
                        v->side_ids[k - letters], v->side_ids[stm]);
        t += 2;
        n -= 2;
    }
    if (n == 0 || n >= sizeof text)
        return skr_fail(c, BG_E_PARSE, off, ply, "'%.*s' is not a move", (int)whole, c->d + off);
    memcpy(text, t, n);
    text[n] = 0;
    bg_move m = BG_MOVE_NONE;
    bg_status s;
    if (!strcmp(text, "pass")) {
        bg_move moves[BGI_MAX_MOVES];
        int count = bgi_position_moves(pos, moves);
        for (int i = 0; i < count; i++)
            if (moves[i] & BG_MOVE_PASS)
                m = moves[i];
        s = m ? BG_OK : BG_E_ILLEGAL_MOVE;
        if (s != BG_OK)
            return skr_fail(c, s, off, ply, "%s may pass only when it has no move",
                        v->side_ids[stm]);
    } else {
        bg_error e = BG_ERROR_INIT;
        s = bg_move_parse(pos, text, "uci", BG_PARSE_LENIENT, &m, &e);
        if (s != BG_OK)
            return skr_fail(c, s, off + (size_t)(t - c->d - off) + (s == BG_E_PARSE ? e.offset : 0),
                        ply, "%s", e.message[0] ? e.message : bg_strerror(s));
    }
    s = bg_game_play(c->g, m);
    if (s != BG_OK)
        return skr_fail(c, s, off, ply, "'%s': %s", text,
                    s == BG_E_GAME_OVER ? "move after the end of the game" : bg_game_errmsg(c->g));
    return BG_OK;
}

static bg_status read_moves(skr_ctx *c)
{
    for (;;) {
        skip_space(c);
        if (c->i >= c->len || (c->d[c->i] == '[' && line_start(c, c->i)))
            return flush_comment(c);
        const size_t off = c->i;
        const int ply = bg_game_ply_count(c->g);
        const char ch = c->d[c->i];
        bg_status s;
        if (ch == '{') {
            if ((s = bracketed(c, '{', '}', "comment")) != BG_OK ||
                (s = add_comment(c, ply, off)) != BG_OK)
                return s;
            continue;
        }
        if (ch == '(') {
            if ((s = bracketed(c, '(', ')', "variation")) != BG_OK)
                return s;
            if (ply == 0)
                return skr_fail(c, BG_E_PARSE, off, 0, "variation before the first move");
            if ((s = bg_game_add_variation(c->g, ply, c->tmp.p ? c->tmp.p : "")) != BG_OK)
                return skr_fail(c, s, off, ply, "cannot keep a variation: %s", bg_strerror(s));
            continue;
        }
        size_t n = 0;
        while (off + n < c->len && !is_space(c->d[off + n]) && !strchr("{}()", c->d[off + n]))
            n++;
        c->i = off + n;
        if (ch == ')' || ch == '}')
            return skr_fail(c, BG_E_PARSE, off, 0, "'%c' without its opening bracket", ch);
        if (ch == '$') {
            int nag = 0;
            size_t k = 1;
            while (k < n && k < 4 && c->d[off + k] >= '0' && c->d[off + k] <= '9')
                nag = nag * 10 + (c->d[off + k++] - '0');
            if (k == 1 || k != n || nag > 255)
                return skr_fail(c, BG_E_PARSE, off, 0, "'%.*s' is not a NAG ($0 to $255)", (int)n,
                            c->d + off);
            if (ply == 0)
                return skr_fail(c, BG_E_PARSE, off, 0, "NAG before the first move");
            if ((s = bg_game_add_nag(c->g, ply, nag)) != BG_OK)
                return skr_fail(c, s, off, ply, "cannot keep a NAG: %s", bg_strerror(s));
            continue;
        }
        if (n == 1 && ch == '*')
            continue;
        if (ch >= '0' && ch <= '9') {
            long round = 0;
            size_t k = 0;
            while (k < n && k < 6 && c->d[off + k] >= '0' && c->d[off + k] <= '9')
                round = round * 10 + (c->d[off + k++] - '0');
            if (k + 1 != n || c->d[off + k] != '.')
                return skr_fail(c, BG_E_PARSE, off, 0, "'%.*s' is neither a round number 'N.' nor a move",
                            (int)n, c->d + off);
            const int want = bg_position_fullmove_number(bg_game_position(c->g));
            if (round != want)
                return skr_fail(c, BG_E_PARSE, off, ply + 1, "round number %ld, but the game is in round %d",
                            round, want);
            continue;
        }
        if ((s = flush_comment(c)) != BG_OK || (s = play_token(c, off, n)) != BG_OK)
            return s;
    }
}

/* ---------- the Result tag ---------- */

/* The players of a position (the rules' alliances). */
static void alliances_of(const bg_position *pos, bgi_alliances *a)
{
    pos->variant->rules->alliances(pos, a);
}

/* Winners of `side` resigning, as sk_variant.c's rule: every other player with a kingdom in play. */
static uint32_t resign_winners(const bgi_alliances *s, int sides, int side)
{
    uint32_t w = 0;
    for (int k = 0; k < sides; k++)
        if ((s->live >> k & 1) && !(s->ally[side] >> k & 1))
            w |= s->ally[k];
    return w;
}

static bg_status apply_result(skr_ctx *c)
{
    const char *r = tag_value(c, "Result");
    const size_t off = c->result_off;
    bg_game *g = c->g;
    const bg_variant *v = g->variant;
    if (!r || !strcmp(r, "*"))
        return BG_OK;
    if (!strcmp(r, "draw agreement")) {
        if (bg_game_outcome(g) != BG_ONGOING)
            return skr_fail(c, BG_E_PARSE, off, 0, "Result '%s', but the moves end the game by %s", r,
                        bg_reason_name(bg_game_reason(g)));
        bg_game_agree_draw(g);
        return BG_OK;
    }
    const char *sp = strchr(r, ' ');
    int reason = sp ? bg_reason_find(sp + 1) : -1;
    uint32_t mask = 0;
    for (const char *p = r; sp && p < sp;) {
        size_t n = strcspn(p, "+ ");
        int k = -1;
        for (int i = 0; i < v->sides; i++)
            if (strlen(v->side_ids[i]) == n && !strncmp(v->side_ids[i], p, n))
                k = i;
        if (k < 0) {
            mask = 0;
            break;
        }
        mask |= 1u << k;
        p += n + (p[n] == '+');
    }
    if (!mask || (reason != BG_REASON_HEGEMONY && reason != BG_REASON_ELIMINATION &&
                  reason != BG_REASON_RESIGNATION))
        return skr_fail(c, BG_E_PARSE, off, 0,
                    "Result '%s' is not '*', 'draw agreement' or winners ('qin+han') and "
                    "hegemony, elimination or resignation", r);
    if (reason == BG_REASON_RESIGNATION) {
        bgi_alliances s;
        alliances_of(bg_game_position(g), &s);
        if (bg_game_outcome(g) == BG_ONGOING)
            for (int k = 0; k < v->sides; k++)
                if ((s.live >> k & 1) && !(mask >> k & 1) && resign_winners(&s, v->sides, k) == mask)
                    return bg_game_resign(g, k) == BG_OK ? BG_OK
                                                          : skr_fail(c, BG_E_PARSE, off, 0, "%s",
                                                                 bg_game_errmsg(g));
        return skr_fail(c, BG_E_PARSE, off, 0, "Result '%s': no player's resignation gives these winners%s",
                    r, bg_game_outcome(g) == BG_ONGOING ? "" : " (the moves already end the game)");
    }
    if (bg_game_outcome(g) != BG_WIN || bg_game_winners(g) != mask ||
        (int)bg_game_reason(g) != reason)
        return skr_fail(c, BG_E_PARSE, off, 0, "Result '%s', but the moves %s", r,
                    bg_game_outcome(g) == BG_ONGOING ? "do not end the game"
                                                     : "end it otherwise");
    return BG_OK;
}

/* ---------- one game per call ---------- */

static void advance(bg_record_reader *rd, size_t to)
{
    for (size_t i = rd->pos; i < to; i++)
        rd->line += rd->data[i] == '\n';
    rd->pos = to;
}

/*
** After an error: on to the next line that starts a tag section. An error among the tags first
** skips the tag lines right below it, which are still this game's.
*/
static void skip_game(skr_ctx *c, int in_tags)
{
    while (in_tags) {
        while (c->i < c->len && c->d[c->i] != '\n')
            c->i++;
        if (c->i < c->len)
            c->i++;
        while (c->i < c->len && (c->d[c->i] == ' ' || c->d[c->i] == '\t' || c->d[c->i] == '\r'))
            c->i++;
        in_tags = c->i < c->len && c->d[c->i] == '[';
    }
    while (c->i < c->len && !(c->d[c->i] == '[' && line_start(c, c->i) && c->i > c->game_off))
        c->i++;
}

bg_status bgi_skr_read_next(bg_record_reader *rd, bg_game **game, bg_error *err)
{
    skr_ctx c;
    bg_status s;
    memset(&c, 0, sizeof c);
    c.rd = rd;
    c.d = rd->data;
    c.len = rd->len;
    c.i = rd->pos;
    c.err = err;
    bgi_pgnbuf_init(&c.tags, &rd->alloc);
    bgi_pgnbuf_init(&c.raw, &rd->alloc);
    bgi_pgnbuf_init(&c.tmp, &rd->alloc);
    bgi_pgn_note_init(&c.note, &rd->alloc);
    *game = NULL;
    skip_space(&c);
    advance(rd, c.i);
    c.game_off = c.i;
    c.game_line = rd->line;
    if (c.i >= c.len) {
        s = bgi_fail(err, BG_E_END, c.len, "no more games");
    } else {
        s = read_tags(&c);
        const int in_tags = s != BG_OK;
        if (s == BG_OK)
            s = make_game(&c);
        if (s == BG_OK)
            s = read_moves(&c);
        if (s == BG_OK)
            s = apply_result(&c);
        if (s != BG_OK) /* (c.g, if any, holds the moves before the fault: record.c) */
            skip_game(&c, in_tags);
        rd->game_index++;
    }
    advance(rd, c.i);
    bgi_pgnbuf_free(&c.tags);
    bgi_pgnbuf_free(&c.raw);
    bgi_pgnbuf_free(&c.tmp);
    bgi_pgn_note_free(&c.note);
    *game = c.g;
    return s;
}

/* ---------- export ---------- */

static void tag(bgi_out *o, const char *key, const char *value)
{
    bgi_out_printf(o, "[%s \"", key);
    for (; *value; value++) {
        if (*value == '"' || *value == '\\')
            bgi_out_char(o, '\\');
        bgi_out_char(o, *value == '\n' || *value == '\r' ? ' ' : *value);
    }
    bgi_out_str(o, "\"]\n");
}

/* The alliances as an explicit partition, groups in the order of their first kingdom; empty kingdoms left out. */
static void players_text(bgi_out *o, const bg_position *pos)
{
    const bg_variant *v = pos->variant;
    bgi_alliances a, *s = &a;
    alliances_of(pos, s);
    unsigned done = (unsigned)~s->present & ((1u << v->sides) - 1);
    const char *sep = "";
    for (int k = 0; k < v->sides; k++) {
        if (done >> k & 1)
            continue;
        bgi_out_str(o, sep);
        const char *plus = "";
        for (int j = k; j < v->sides; j++) {
            if (s->ally[k] >> j & 1) {
                bgi_out_printf(o, "%s%s", plus, v->side_ids[j]);
                plus = "+";
                done |= 1u << j;
            }
        }
        sep = ",";
    }
}

static void result_text(bgi_out *o, const bg_game *g)
{
    bg_outcome out = bg_game_outcome(g);
    if (out == BG_ONGOING) {
        bgi_out_char(o, '*');
        return;
    }
    if (out == BG_DRAW) {
        bgi_out_printf(o, "draw %s", bg_reason_name(bg_game_reason(g)));
        return;
    }
    const char *plus = "";
    for (int k = 0; k < g->variant->sides; k++) {
        if (bg_game_winners(g) >> k & 1) {
            bgi_out_printf(o, "%s%s", plus, g->variant->side_ids[k]);
            plus = "+";
        }
    }
    bgi_out_printf(o, " %s", bg_reason_name(bg_game_reason(g)));
}

/* Comments and variations as written: a '}' in a comment or an unbalanced variation cannot be. */
static void annotations(bgi_out *o, const bg_game *g, int ply)
{
    for (int i = 0; i < bg_game_nag_count(g, ply); i++)
        bgi_out_printf(o, " $%d", bg_game_nag_at(g, ply, i));
    const char *comment = bg_game_comment(g, ply);
    if (comment && *comment) {
        bgi_out_str(o, ply ? " {" : "{");
        for (const char *p = comment; *p; p++)
            bgi_out_char(o, *p == '}' ? ')' : *p);
        bgi_out_str(o, ply ? "}" : "}\n");
    }
    for (int i = 0; i < bg_game_variation_count(g, ply); i++) {
        const char *v = bg_game_variation_at(g, ply, i);
        int depth = 0, ok = 1;
        for (const char *p = v; *p && ok; p++) {
            depth += (*p == '(') - (*p == ')');
            ok = depth >= 0 && *p != '{' && *p != '}';
        }
        if (ok && depth == 0)
            bgi_out_printf(o, " (%s)", v);
    }
}

/* Whether option `name` of pos has the value `value` (of its '|' list). */
static int option_is(const bg_position *pos, const char *name, const char *value)
{
    const bg_variant *v = pos->variant;
    const size_t n = strlen(value);
    for (int i = 0; i < v->option_count; i++) {
        if (strcmp(v->options[i].name, name) != 0)
            continue;
        const char *p = v->options[i].values;
        for (int k = 0; p; k++, p = strchr(p, '|') ? strchr(p, '|') + 1 : NULL)
            if (!strncmp(p, value, n) && (p[n] == '|' || !p[n]))
                return pos->options.ival[i] == k;
    }
    return 0;
}

int bgi_skr_write(const bg_game *g, char *buf, size_t cap)
{
    const bg_position *start = bg_game_start_position(g);
    const size_t size = bg_position_size(g->variant);
    alignas(max_align_t) unsigned char raw[BGI_MAX_POSITION_BYTES];
    bg_position *pos = (bg_position *)(void *)raw;
    bgi_out o;
    if (size > sizeof raw)
        return BG_E_LIMIT;
    bgi_out_init(&o, buf, cap);
    for (int i = 0; i < bg_game_tag_count(g); i++) {
        const char *k = bg_game_tag_key(g, i);
        if (strcmp(k, "Players") && strcmp(k, "Alliances") && strcmp(k, "Position") &&
            strcmp(k, "Result"))
            tag(&o, k, bg_game_tag_value(g, i));
    }
    bgi_out_str(&o, "[Players \"");
    players_text(&o, start);
    bgi_out_str(&o, "\"]\n");
    /* Groupings outside the seed's table read back only with alliances=free: say so. */
    if (option_is(start, "alliances", "free"))
        bgi_out_str(&o, "[Alliances \"free\"]\n");
    char text[1024], standard[1024];
    int n = bg_position_text(start, NULL, text, sizeof text);
    if (n < 0 || (size_t)n >= sizeof text)
        return n < 0 ? n : BG_E_LIMIT;
    /* Position only when the start is not the one the options set up (empty kingdoms: fewer armies). */
    memcpy(pos, start, size);
    if (g->variant->rules->setup(pos, NULL) != BG_OK ||
        (n = bg_position_text(pos, NULL, standard, sizeof standard)) < 0 ||
        (size_t)n >= sizeof standard || strcmp(text, standard))
        tag(&o, "Position", text);
    bgi_out_str(&o, "[Result \"");
    result_text(&o, g);
    bgi_out_str(&o, "\"]\n\n");
    annotations(&o, g, 0);

    memcpy(pos, start, size);
    int round = -1;
    for (int ply = 1; ply <= bg_game_ply_count(g); ply++) {
        const bg_move m = bg_game_move_at(g, ply - 1);
        const int fullmove = bg_position_fullmove_number(pos);
        char mv[16];
        if (fullmove != round) {
            if (round >= 0)
                bgi_out_char(&o, '\n');
            round = fullmove;
            bgi_out_printf(&o, "%d.", round);
        }
        n = bg_move_format(pos, m, "uci", mv, sizeof mv);
        if (n < 0 || (size_t)n >= sizeof mv)
            return n < 0 ? n : BG_E_LIMIT;
        bgi_out_printf(&o, " %c:%s", g->variant->info->side_letters[bg_position_side_to_move(pos)], mv);
        annotations(&o, g, ply);
        bgi_position_make(pos, m);
    }
    if (round >= 0)
        bgi_out_char(&o, '\n');
    return bgi_out_finish(&o);
}
