/* libboardgames — PGN import: movetext, comments, NAGs, variations; errors name game, ply, line. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "chess_text.h"
#include "notations.h"
#include "game_internal.h"
#include "pgn.h"
#include "record_text.h"

/* ---------- movetext ---------- */

/* A move the quick reader did not take: "e.p.", other SAN shapes, errors and their messages. */
static __attribute__((noinline)) bg_status play_slow(pgn_ctx *c, size_t at, size_t n, size_t j)
{
    pgn_lex *lx = &c->lx;
    int ply = c->g->ply_count + 1;
    bg_move m;
    char mv[64];
    if (n + 5 > sizeof mv)
        return bgi_pgn_fail(c, BG_E_PARSE, at, ply, "move text '%.20s...' is too long", lx->d + at);
    memcpy(mv, lx->d + at, n);
    mv[n] = 0;
    lx->i = at + n;
    /* "exd6 e.p." and "exd6e.p.": the symbol stops at the first '.'. */
    const char *q = lx->d + lx->i;
    if (mv[n - 1] == 'e' && q[0] == '.' && q[1] == 'p' && q[2] == '.') {
        strcpy(mv + n, ".p.");
        lx->i += 3;
    } else if (lx->d[j] == 'e' && lx->d[j + 1] == '.' && strncmp(lx->d + j, "e.p.", 4) == 0) {
        strcpy(mv + n, "e.p.");
        lx->i = j + 4;
    }
    if (ply > BG_RECORD_MAX_PLIES)
        return bgi_pgn_fail(c, BG_E_LIMIT, at, ply, "more than %d moves in one game",
                    BG_RECORD_MAX_PLIES);
    bgi_game_judge_pending(c->g); /* a position with no legal move ended the game */
    if (c->g->result.outcome != BG_ONGOING && !bgi_game_record_goes_on(c->g))
        return bgi_pgn_fail(c, BG_E_GAME_OVER, at, ply, "move '%s' after the end of the game (%s)", mv,
                    bg_reason_name(bg_game_reason(c->g)));
    bg_error e; /* cleared field by field: a whole bg_error is 300 bytes to zero per move */
    bgi_error_reset(&e);
    bg_status s = bgi_san_parse(c->g->pos, mv, BG_PARSE_LENIENT, &m, &e);
    if (s != BG_OK)
        return bgi_pgn_fail(c, s, at + (e.offset < n ? e.offset : 0), ply, "%s", e.message);
    s = bgi_game_record_move(c->g, m, 1); /* the SAN reader found it among the legal moves */
    if (s != BG_OK)
        return bgi_pgn_fail(c, s, at, ply, "move '%s': %s", mv,
                    s == BG_E_GAME_OVER ? "the game is already over" : bg_game_errmsg(c->g));
    return BG_OK;
}

static bg_status play(pgn_ctx *c, size_t at, size_t n)
{
    pgn_lex *lx = &c->lx;
    bg_game *g = c->g;
    const char *t = lx->d + at;
    size_t j = at + n;
    while (lx->d[j] == ' ')
        j++;
    /* The usual move, read in place: no "e.p." after it, the game going on. */
    bg_move m;
    if (t[n] != '.' && !(lx->d[j] == 'e' && lx->d[j + 1] == '.') &&
        g->ply_count < BG_RECORD_MAX_PLIES && g->result.outcome == BG_ONGOING &&
        bgi_san_quick(g->pos, t, n, &m)) {
        lx->i = at + n;
        bg_status s = bgi_game_record_move(g, m, 1);
        return s == BG_OK ? s
                          : bgi_pgn_fail(c, s, at, g->ply_count + 1, "move '%.*s': %s", (int)n, t,
                                         bg_game_errmsg(g));
    }
    return play_slow(c, at, n, j);
}

static bg_status read_nag(pgn_ctx *c, int ply)
{
    pgn_lex *lx = &c->lx;
    size_t at = lx->i;
    int nag = 0, digits = 0;
    for (lx->i++; lx->d[lx->i] >= '0' && lx->d[lx->i] <= '9' && digits < 4; lx->i++, digits++)
        nag = nag * 10 + (lx->d[lx->i] - '0');
    if (!digits || nag > 255)
        return bgi_pgn_fail(c, BG_E_PARSE, at, 0, "a NAG is '$' and a number from 0 to 255");
    if (c->moves_only)
        return BG_OK;
    bg_status s = bg_game_add_nag(c->g, ply, nag);
    return s == BG_OK ? s : bgi_pgn_fail(c, s, at, 0, "cannot keep NAG $%d: %s", nag, bg_strerror(s));
}

static bg_status read_suffix(pgn_ctx *c, int ply)
{
    pgn_lex *lx = &c->lx;
    size_t at = lx->i;
    while (lx->d[lx->i] == '!' || lx->d[lx->i] == '?')
        lx->i++;
    int nag = bgi_ct_annotation_nag(lx->d + at, (int)(lx->i - at));
    if (!nag)
        return bgi_pgn_fail(c, BG_E_PARSE, at, 0, "'%.*s' is not an annotation", (int)(lx->i - at),
                    lx->d + at);
    if (c->moves_only)
        return BG_OK;
    bg_status s = bg_game_add_nag(c->g, ply, nag);
    return s == BG_OK ? s : bgi_pgn_fail(c, s, at, 0, "cannot keep NAG $%d: %s", nag, bg_strerror(s));
}

static bg_status read_variation(pgn_ctx *c, int ply)
{
    size_t at = c->lx.i, fault = at;
    bg_status s = c->moves_only ? bgi_pgn_skip_variation(&c->lx, &fault)
                                : bgi_pgn_variation(&c->lx, &c->tmp, &fault);
    if (s == BG_E_LIMIT)
        return bgi_pgn_fail(c, s, fault, 0, "variations nested deeper than %d",
                    BG_RECORD_MAX_VARIATION_DEPTH);
    if (s == BG_E_PARSE)
        return bgi_pgn_fail(c, s, fault, 0, "unterminated variation or comment");
    if (s != BG_OK)
        return bgi_pgn_no_memory(c);
    if (c->moves_only)
        return BG_OK;
    s = bg_game_add_variation(c->g, ply, c->tmp.p);
    return s == BG_OK ? s : bgi_pgn_fail(c, s, at, 0, "cannot keep a variation: %s", bg_strerror(s));
}

static bg_status read_result(pgn_ctx *c, size_t n)
{
    char r[8];
    if (n >= sizeof r) /* results are "1-0", "0-1", "1/2-1/2" or "*" */
        return bgi_pgn_fail(c, BG_E_PARSE, c->lx.i, 0, "result token too long");
    memcpy(r, c->lx.d + c->lx.i, n);
    r[n] = 0;
    c->lx.i += n;
    if (bg_game_tag(c->g, "Result"))
        return BG_OK;
    bg_status s = bg_game_set_tag(c->g, "Result", r);
    return s == BG_OK ? s : bgi_pgn_fail(c, s, c->lx.i, 0, "cannot keep the result: %s", bg_strerror(s));
}

static int all_digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return 0;
    return 1;
}

/*
** One token of movetext at the cursor, after the blanks before it; *end = 1 when the movetext
** ends there (at the end of the text, a result, or the next game's tags).
*/
static bg_status read_token(pgn_ctx *c, int *end)
{
    pgn_lex *lx = &c->lx;
    /* Tokens are mostly one blank apart: the full skip (newlines, % lines) only past it. */
    if (lx->i < lx->len && lx->d[lx->i] == ' ')
        lx->i++;
    if (lx->i < lx->len && ((unsigned char)lx->d[lx->i] <= ' ' || lx->d[lx->i] == '%'))
        bgi_pgn_skip_space(lx);
    if (lx->i >= lx->len) {
        *end = 1;
        return BG_OK;
    }
    size_t at = lx->i, n;
    char ch = lx->d[at];
    if (ch == '.') { /* "1." and "1...": the whole run at once */
        while (lx->i < lx->len && lx->d[lx->i] == '.')
            lx->i++;
        return BG_OK;
    }
    if (ch == '{' || ch == ';' || ch == '(' || ch == '$' || ch == '!' || ch == '?') {
        int ply = bg_game_ply_count(c->g);
        if (ch == '{' || ch == ';')
            return bgi_pgn_read_comment(c, ply);
        if (ch == '(')
            return read_variation(c, ply);
        if (ch == '$')
            return read_nag(c, ply);
        return read_suffix(c, ply);
    }
    if (ch == '[') {
        *end = 1; /* the next game starts without this one's result */
        return BG_OK;
    }
    n = c->dialect->token_len(lx);
    if ((ch == '*' && n <= 1) || (n && bgi_pgn_is_result(lx->d + at, n))) {
        *end = 1;
        return read_result(c, n ? n : 1);
    }
    if (ch == '*')
        return bgi_pgn_fail(c, BG_E_PARSE, at, 0, "'%.*s' is not a result", n > 16 ? 16 : (int)n,
                            lx->d + at);
    if (n && all_digits(lx->d + at, n)) {
        lx->i += n; /* move number */
        return BG_OK;
    }
    if (n)
        return c->dialect->play(c, at, n);
    if (ch == ')')
        return bgi_pgn_fail(c, BG_E_PARSE, at, 0, "')' without a '('");
    if (ch == '-' && lx->d[at + 1] == '-')
        return bgi_pgn_fail(c, BG_E_PARSE, at, bg_game_ply_count(c->g) + 1,
                            "null move '--': a pass is not a move of this game");
    if ((unsigned char)ch < 0x20 || (unsigned char)ch >= 0x7f)
        return bgi_pgn_fail(c, BG_E_PARSE, at, 0, "unexpected byte 0x%02x in the moves",
                            (unsigned char)ch);
    return bgi_pgn_fail(c, BG_E_PARSE, at, 0, "unexpected '%c' in the moves", ch);
}

/* The movetext of a full reading, token by token. */
static bg_status read_moves(pgn_ctx *c)
{
    for (;;) {
        int end = 0;
        bg_status s = read_token(c, &end);
        if (s != BG_OK || end)
            return s;
    }
}

/*
** The movetext of a moves-only reading: the three tokens of a ply are read here in one step
** each, after the blanks before them: a move number ("12." or "12...": digits, then dots not
** followed by a digit, which every dialect reads as a number and its dots), a move (a letter:
** never a result or a number) and a comment skipped to its '}' (what bgi_pgn_skip_comment does
** when comments do not nest). Anything else, and what these find unusual, is read_token's, the
** way a full reading reads every token: tests/records/test_moves_only.c checks that both
** readings give the same games and the same errors.
*/
static bg_status read_moves_only(pgn_ctx *c)
{
    pgn_lex *lx = &c->lx;
    const char *const d = lx->d; /* NUL-terminated: the scans below stop at its end */
    for (;;) {
        size_t i = lx->i;
        while (d[i] == ' ')
            i++;
        const char ch = d[i];
        if (ch >= '0' && ch <= '9') {
            size_t k = i + 1;
            while (d[k] >= '0' && d[k] <= '9')
                k++;
            if (d[k] == '.') {
                while (d[k] == '.')
                    k++;
                if (!(d[k] >= '0' && d[k] <= '9')) {
                    lx->i = k;
                    continue;
                }
            }
        } else if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z')) {
            lx->i = i;
            size_t n = 1;
            if (c->dialect->token_len == bgi_pgn_symbol_len) /* inline: a letter starts one */
                while (bgi_pgn_byte_class[(unsigned char)d[i + n]] & PGN_SYM)
                    n++;
            else
                n = c->dialect->token_len(lx);
            if (n) {
                bg_status s = c->dialect->play(c, i, n);
                if (s != BG_OK)
                    return s;
                continue;
            }
        } else if (ch == '{' && !lx->nested) {
            const char *close = memchr(d + i + 1, '}', lx->len - i - 1);
            if (close) {
                lx->i = (size_t)(close - d) + 1;
                continue;
            }
        }
        int end = 0;
        bg_status s = read_token(c, &end);
        if (s != BG_OK || end)
            return s;
    }
}

static bg_status read_movetext(pgn_ctx *c)
{
    if (c->moves_only)
        bgi_game_judge_later(c->g, 1);
    bg_status s = c->moves_only ? read_moves_only(c) : read_moves(c);
    if (c->moves_only)
        bgi_game_judge_later(c->g, 0);
    return s == BG_OK ? bgi_pgn_flush_comment(c) : s;
}

/* ---------- one game per call ---------- */

/*
** The reader's position after a game, its line counted only when more than blanks follow: the
** line numbers serve the messages of a game read from that position on, and a splitter's text
** usually holds one game (the next text comes with its own line).
*/
static void advance(bg_record_reader *rd, size_t to)
{
    const char *p = rd->data + rd->pos, *e = rd->data + to, *end = rd->data + rd->len;
    const char *q = e;
    while (q < end && (*q == '\n' || *q == ' ' || *q == '\r' || *q == '\t'))
        q++;
    if (q == end) {
        rd->pos = to;
        return;
    }
    while ((p = memchr(p, '\n', (size_t)(e - p))) != NULL) {
        rd->line++;
        p++;
    }
    rd->pos = to;
}

/*
** bgi_fail(err, BG_E_END, off, "no more games") without its printf: every game's text ends in
** one such call (the record reader then goes on with the next game's).
*/
static bg_status no_more_games(bg_error *err, size_t off)
{
    static const char msg[] = "no more games";
    if (!err || err->size < sizeof err->size)
        return BG_E_END;
    if (err->size >= offsetof(bg_error, code) + sizeof err->code)
        err->code = BG_E_END;
    if (err->size >= offsetof(bg_error, offset) + sizeof err->offset)
        err->offset = off;
    if (err->size >= offsetof(bg_error, message) + sizeof err->message)
        memcpy(err->message, msg, sizeof msg);
    return BG_E_END;
}

static const pgn_dialect chess_dialect = {bgi_pgn_make_game, bgi_pgn_symbol_len, play, NULL};

bg_status bgi_pgn_read_next(bg_record_reader *rd, bg_game **game, bg_error *err)
{
    return bgi_pgn_read_with(rd, &chess_dialect, game, err);
}

bg_status bgi_pgn_read_with(bg_record_reader *rd, const pgn_dialect *d, bg_game **game,
                            bg_error *err)
{
    pgn_ctx c;
    bg_status s;
    memset(&c, 0, sizeof c);
    c.rd = rd;
    c.dialect = d;
    c.err = err;
    c.moves_only = (rd->flags & BG_RECORD_MOVES_ONLY) != 0;
    c.lx.d = rd->data;
    c.lx.len = rd->len;
    c.lx.i = rd->pos;
    c.lx.nested = (rd->flags & BG_RECORD_LENIENT) != 0;
    bgi_pgnbuf_init(&c.tags, &rd->alloc);
    bgi_pgnbuf_init(&c.note, &rd->alloc);
    bgi_pgnbuf_init(&c.tmp, &rd->alloc);
    *game = NULL;

    bgi_pgn_skip_space(&c.lx);
    if (c.lx.i >= c.lx.len) {
        s = no_more_games(err, c.lx.len);
    } else {
        c.in_tags = 1;
        s = bgi_pgn_read_tags(&c);
        /* (Tag pairs read, not kept: a moves-only reading keeps few, and a tag is a game.) */
        if (s == BG_OK && c.lx.i >= c.lx.len && !c.tag_lines) {
            s = no_more_games(err, c.lx.len); /* trailing comments */
        } else {
            if (s == BG_OK)
                s = d->make_game(&c);
            c.in_tags = c.in_tags && s != BG_OK;
            if (s == BG_OK)
                s = read_movetext(&c);
            if (s == BG_OK && d->finish)
                s = d->finish(&c);
            if (s != BG_OK) /* (c.g, if any, holds the moves before the fault: record.c) */
                bgi_pgn_skip_game(&c.lx, c.in_tags);
            rd->game_index++;
        }
    }
    advance(rd, c.lx.i);
    bgi_pgnbuf_free(&c.tags);
    bgi_pgnbuf_free(&c.note);
    bgi_pgnbuf_free(&c.tmp);
    *game = c.g;
    return s;
}
