/* libboardgames — xiangqi / lion chess PGN import: [Game "Chinese Chess"], [Format "ICCS"|"WXF"|"Chinese"], moves in any of them. */
#include <stdio.h>
#include <string.h>

#include "game_internal.h"
#include "pgn.h"
#include "xq_files.h"

/*
** The PGN of xiangqi programs (the "Chinese Chess" PGN of xqbase and others): chess PGN with
** [Game "Chinese Chess"] first, Red/Black for the players, [FEN] for a set-up start and [Format]
** naming the move notation: "ICCS" (H2-E2), "WXF" (C2.5) or "Chinese" (炮二平五). Without a
** Format tag each move may be ICCS, WXF or Chinese (never uci: H2-E2 would read differently).
** Moves are read leniently ([Format "WXF"] also takes C2=5 and lowercase letters); move numbers
** may stick to the move ("1.C2.5"). Lion chess files say [Game "Lion Chess"].
*/

static const char *const xiangqi_names[] = {"chinese chess", "xiangqi", "cchess", NULL};
static const char *const lionchess_names[] = {"lion chess", "lionchess", NULL};

const bgi_notation *bgi_xq_format_notation(const bg_variant *v, const char *format)
{
    for (int i = 0; i < v->notation_count; i++)
        if (bgi_same_nocase(format, v->notations[i].id))
            return &v->notations[i];
    return NULL;
}

/* Whether d[i..end) is a tag pair line named Game ('[', blanks, "Game", blank or '"'). */
static int game_tag_at(const char *d, size_t i, size_t end)
{
    while (i < end && (d[i] == ' ' || d[i] == '\t'))
        i++;
    if (i >= end || d[i++] != '[')
        return 0;
    while (i < end && (d[i] == ' ' || d[i] == '\t'))
        i++;
    return end - i > 4 && memcmp(d + i, "Game", 4) == 0 &&
           (d[i + 4] == ' ' || d[i + 4] == '\t' || d[i + 4] == '"');
}

/*
** [Game "Chinese Chess"] opens every game of these files (XQWizard, CCPD): a second one among the
** tags is the next game's, after a game of tags only (CCPD has such files, e.g. 對局/電腦對局/
** 電腦對局競賽/00000150.pgn; one after the other they would read as one game). The tags end
** before that line, which the next call reads.
*/
static void split_at_second_game_tag(pgn_ctx *c)
{
    int keys = 0;
    size_t cut_tags = 0;
    for (size_t i = 0; i < c->tags.len && keys < 2;) {
        const char *k = c->tags.p + i, *val = k + strlen(k) + 1;
        if (strcmp(k, "Game") == 0 && ++keys == 2)
            cut_tags = i;
        i = (size_t)(val + strlen(val) + 1 - c->tags.p);
    }
    if (keys < 2)
        return;
    const char *d = c->lx.d;
    int seen = 0;
    for (size_t i = c->rd->pos; i < c->lx.i;) {
        size_t eol = i;
        while (eol < c->lx.i && d[eol] != '\n')
            eol++;
        if (game_tag_at(d, i, eol) && seen++) {
            c->tags.len = cut_tags;
            c->lx.i = i;
            c->in_tags = 0; /* should this game fail, what is skipped ends here too */
            return;
        }
        /* The FEN value's offset (for errors) is this game's, not the next one's. */
        const char *fen = memmem(d + i, eol - i, "[FEN", 4);
        const char *q = fen ? memchr(fen, '"', (size_t)(d + eol - fen)) : NULL;
        if (q)
            c->fen_off = (size_t)(q - d) + 1;
        i = eol + 1;
    }
}

static bg_status make_game(pgn_ctx *c)
{
    const bg_variant *v = c->rd->variant;
    split_at_second_game_tag(c);
    const char *const *names = v->width == 11 ? lionchess_names : xiangqi_names;
    const char *game = bgi_pgn_find_tag(c, "Game"), *variant = bgi_pgn_find_tag(c, "Variant");
    const char *format = bgi_pgn_find_tag(c, "Format"), *fen = bgi_pgn_find_tag(c, "FEN");
    if (game && game[0] && !bgi_name_in(game, names))
        return bgi_pgn_fail(c, BG_E_UNSUPPORTED, c->lx.i, 0, "game \"%s\" is not read as %s",
                            game, v->id);
    if (variant && variant[0] && !bgi_name_in(variant, names))
        return bgi_pgn_fail(c, BG_E_UNSUPPORTED, c->lx.i, 0, "variant \"%s\" is not read as %s",
                            variant, v->id);
    const bgi_notation *nt = format && format[0] ? bgi_xq_format_notation(v, format) : NULL;
    c->notation = nt ? nt->id : NULL;
    /* Lenient: a Format value of no known notation ("zh", hbsxcjp/cchess) is as none: the
       moves say which notation they are in. */
    if (format && format[0] && !nt && !(c->rd->flags & BG_RECORD_LENIENT))
        return bgi_pgn_fail(c, BG_E_UNSUPPORTED, c->lx.i, 0,
                            "move format \"%s\" is not ICCS, WXF or Chinese", format);
    return bgi_pgn_game_from_fen(c, fen);
}

static int is_blank(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\f' || ch == '\v';
}

static int ideographic_space(const char *s)
{
    return memcmp(s, "\xe3\x80\x80", 3) == 0;
}

/*
** A move token runs to white space (the ideographic space too), a comment, variation, NAG or
** annotation. A move number in front ("1.", "12...C2.5") is a token of its own, unless a digit
** follows the dot: "33.4" is a WXF pawn move.
*/
static size_t token_len(const pgn_lex *lx)
{
    const char *d = lx->d + lx->i;
    size_t n = 0, max = lx->len - lx->i;
    if (max >= 3 && ideographic_space(d))
        return 3;
    while (n < max && d[n] >= '0' && d[n] <= '9')
        n++;
    if (n > 0 && n < max && d[n] == '.' && !(n + 1 < max && d[n + 1] >= '0' && d[n + 1] <= '9'))
        return n;
    for (n = 0; n < max; n++) {
        char ch = d[n];
        if (is_blank(ch) || strchr("{}();[]$", ch) || (n > 0 && (ch == '!' || ch == '?')) ||
            (n + 3 <= max && ideographic_space(d + n)))
            break;
    }
    return n;
}

/* The notation a malformed move most looks like (index in parse_move's list), for its error. */
static int looks_like(const char *mv)
{
    unsigned char c0 = (unsigned char)mv[0];
    int letter = (c0 | 0x20) >= 'a' && (c0 | 0x20) <= 'z';
    if (c0 >= 0x80)
        return 2;
    if (letter && mv[1] >= '0' && mv[1] <= '9' &&
        (mv[2] == '-' || ((mv[2] | 0x20) >= 'a' && (mv[2] | 0x20) <= 'z')))
        return 0;
    if (letter && ((mv[1] >= 'a' && mv[1] <= 'k') || mv[1] == 'x' ||
                   (mv[1] >= '0' && mv[1] <= '9' && !mv[2])))
        return 3; /* Che2, Cxe6, axa3, g5 */
    return 1;
}

/* What the dialect learns about a game as it reads it (pgn_ctx.dialect_state). */
enum {
    PASSED_ENDING = 1, /* a move was played past an ending the arbiter let pass */
    SAN_SCANNED = 2,   /* the game's algebraic moves were looked at for how they count ranks */
    SAN_FROM_ONE = 4,  /* ... and they count from 1 (Fairy-Stockfish), not from 0 (WinBoard) */
};

/*
** How this game's algebraic moves count ranks, from the moves at and after the first of them:
** a destination on rank 0 only WinBoard writes, one on rank 10 only Fairy-Stockfish. From 1 when
** some name rank 10 and none rank 0; from 0 otherwise (WinBoard, whose [Variant "xiangqi"] files
** are the common ones).
*/
static int san_rank_base(pgn_ctx *c)
{
    if (c->dialect_state & SAN_SCANNED)
        return c->dialect_state & SAN_FROM_ONE ? 1 : 0;
    const char *d = c->lx.d;
    size_t i = c->lx.i, len = c->lx.len;
    int zero = 0, ten = 0;
    while (i < len) {
        char ch = d[i];
        if (ch == '{') {
            const char *close = memchr(d + i, '}', len - i);
            i = close ? (size_t)(close - d) + 1 : len;
        } else if (ch == ';' || (ch == '%' && (i == 0 || d[i - 1] == '\n'))) {
            while (i < len && d[i] != '\n')
                i++;
        } else if (ch == '[' && (i == 0 || d[i - 1] == '\n')) {
            break; /* the next game's tags */
        } else if (is_blank(ch) || (ch && strchr("()[]};", ch))) {
            i++; /* a separator, or a stray '}' */
        } else {
            size_t t = i++;
            while (i < len && !is_blank(d[i]) && !strchr("{}();[]", d[i]))
                i++;
            size_t k = t;
            while (k < i && d[k] >= '0' && d[k] <= '9')
                k++;
            if (k > t && k < i && d[k] == '.') { /* a move number glued to the move: 12.Che2 */
                while (k < i && d[k] == '.')
                    k++;
                t = k;
            }
            int r = bgi_xq_san_rank(d + t, i - t);
            zero |= r == 0;
            ten |= r == 10;
        }
    }
    c->dialect_state |= SAN_SCANNED | (ten && !zero ? SAN_FROM_ONE : 0);
    return ten && !zero ? 1 : 0;
}

/*
** Reads mv in the game's notation, or without a Format tag in ICCS, WXF or Chinese, and last
** (lenient mode) as algebraic moves (Che2), which none of the others reads.
*/
static bg_status parse_move(pgn_ctx *c, const char *mv, bg_move *m, bg_error *e)
{
    static const char *const any[] = {"iccs", "wxf", "chinese", NULL};
    const bg_position *pos = bg_game_position(c->g);
    if (c->notation)
        return bg_move_parse(pos, mv, c->notation, BG_PARSE_LENIENT, m, e);
    /* The error worth telling: a notation that read the text but found it illegal or
       ambiguous, else the one the text looks like. */
    bg_status best = BG_E_PARSE;
    int guess = looks_like(mv);
    for (int i = 0; i < 4; i++) {
        bg_error ei = BG_ERROR_INIT;
        bg_status s = any[i] ? bg_move_parse(pos, mv, any[i], BG_PARSE_LENIENT, m, &ei)
                             : bgi_xq_san_parse(pos, mv, san_rank_base(c), m, &ei);
        if (s == BG_OK && !any[i] && !(c->rd->flags & BG_RECORD_LENIENT)) {
            *m = BG_MOVE_NONE;
            return bgi_fail(e, BG_E_PARSE, 0,
                            "algebraic move '%.*s' (WinBoard, Fairy-Stockfish) is read in "
                            "lenient mode", bgi_xqn_quote_len(mv, 40), mv);
        }
        if (s == BG_OK)
            return s;
        if ((s != BG_E_PARSE && best == BG_E_PARSE) || (best == BG_E_PARSE && i == guess)) {
            best = s;
            *e = ei;
        }
    }
    return best;
}

/*
** XQWizard (象棋巫师) ends its exports with a line of '=' and a note that is not part of any game:
**   ======================
**   欢迎访问象棋百科全书网
**   推荐用象棋巫师观赏棋谱
**   http://www.xqbase.com/
** A line of three or more '=' (blanks around) where a move or a game could start ends the game
** and the rest of its text is passed over ('=' alone is no move in any notation).
*/
static int trailer_at(const char *d, size_t len, size_t at)
{
    size_t i = at, n = 0;
    while (i > 0 && (d[i - 1] == ' ' || d[i - 1] == '\t'))
        i--;
    if (i > 0 && d[i - 1] != '\n')
        return 0;
    for (i = at; i < len && d[i] == '='; i++)
        n++;
    while (i < len && (d[i] == ' ' || d[i] == '\t' || d[i] == '\r'))
        i++;
    return n >= 3 && (i == len || d[i] == '\n');
}

static bg_status play(pgn_ctx *c, size_t at, size_t n)
{
    pgn_lex *lx = &c->lx;
    int ply = bg_game_ply_count(c->g) + 1;
    char mv[64];
    lx->i = at + n;
    if (lx->d[at] == '=' && trailer_at(lx->d, lx->len, at)) {
        lx->i = lx->len;
        return BG_OK;
    }
    if (n == 3 && ideographic_space(lx->d + at))
        return BG_OK;
    if (n >= sizeof mv)
        return bgi_pgn_fail(c, BG_E_PARSE, at, ply, "move text '%.*s...' is too long",
                            bgi_xqn_quote_len(lx->d + at, 20), lx->d + at);
    memcpy(mv, lx->d + at, n);
    mv[n] = 0;
    if (ply > BG_RECORD_MAX_PLIES)
        return bgi_pgn_fail(c, BG_E_LIMIT, at, ply, "more than %d moves in one game",
                            BG_RECORD_MAX_PLIES);
    if (!bgi_game_record_goes_on(c->g))
        return bgi_pgn_fail(c, BG_E_GAME_OVER, at, ply, "move '%s' after the end of the game (%s)",
                            mv, bg_reason_name(bg_game_reason(c->g)));
    bg_error e = BG_ERROR_INIT;
    bg_move m;
    size_t skip = 0;
    bg_status s = parse_move(c, mv, &m, &e);
    if (s == BG_E_PARSE) {
        /* "12.3+.4": a move number glued to a WXF pawn move that starts with a digit. */
        size_t k = 0;
        while (mv[k] >= '0' && mv[k] <= '9')
            k++;
        while (k > 0 && mv[k] == '.')
            k++;
        bg_error e2 = BG_ERROR_INIT;
        if (k > 0 && mv[k] && mv[k - 1] == '.' && parse_move(c, mv + k, &m, &e2) == BG_OK) {
            s = BG_OK;
            skip = k;
        }
    }
    if (s != BG_OK)
        return bgi_pgn_fail(c, s, at + (e.offset < n ? e.offset : 0), ply, "%s", e.message);
    int over = bg_game_outcome(c->g) != BG_ONGOING;
    s = bgi_game_record_move(c->g, m, 1); /* parse_move's readers return legal moves only */
    if (s != BG_OK)
        return bgi_pgn_fail(c, s, at + skip, ply, "move '%s': %s", mv + skip,
                            s == BG_E_GAME_OVER ? "the game is already over"
                                                : bg_game_errmsg(c->g));
    if (over)
        c->dialect_state |= PASSED_ENDING;
    return BG_OK;
}

/*
** A record that went on past an ending the arbiter let pass (a repetition, perpetual check or
** chase, the move limit) and whose moves then end undecided reports its own result, the Result
** tag (or result token): 1-0 and 0-1 as the loser's resignation, 1/2-1/2 as a draw by agreement,
** which is how a result the moves do not decide is held (bg_game_resign, bg_game_agree_draw).
** An ending the moves reach at the end of the record (checkmate, or a repetition on the last
** move) stands, and so does a game that never went past an ending.
*/
static bg_status finish(pgn_ctx *c)
{
    const char *r = bg_game_tag(c->g, "Result");
    if (!(c->dialect_state & PASSED_ENDING) || bg_game_outcome(c->g) != BG_ONGOING || !r)
        return BG_OK;
    bg_status s = BG_OK;
    if (!strcmp(r, "1-0") || !strcmp(r, "0-1"))
        s = bg_game_resign(c->g, r[0] == '1' ? 1 : 0);
    else if (!strcmp(r, "1/2-1/2"))
        s = bg_game_agree_draw(c->g);
    return s == BG_OK ? s : bgi_pgn_fail(c, s, c->lx.i, 0, "cannot keep the result %s: %s", r,
                                         bg_game_errmsg(c->g));
}

static const pgn_dialect xiangqi_dialect = {make_game, token_len, play, finish};

bg_status bgi_xq_pgn_read_next(bg_record_reader *rd, bg_game **game, bg_error *err)
{
    /* XQWizard's trailer after a game's result: the rest of the game's text is no game. */
    size_t i = rd->pos;
    while (i < rd->len && (rd->data[i] == ' ' || rd->data[i] == '\t' || rd->data[i] == '\r' ||
                           rd->data[i] == '\n'))
        i++;
    if (i < rd->len && rd->data[i] == '=' && trailer_at(rd->data, rd->len, i)) {
        for (; rd->pos < rd->len; rd->pos++)
            rd->line += rd->data[rd->pos] == '\n';
        *game = NULL;
        return bgi_fail(err, BG_E_END, rd->len, "no more games");
    }
    return bgi_pgn_read_with(rd, &xiangqi_dialect, game, err);
}
