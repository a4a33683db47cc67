/* libboardgames — PGN lexer: white space, escape lines, symbols, comments, variations, skipping. */
#include <string.h>

#include "notations.h"
#include "pgn.h"

int bgi_pgn_line_start(const pgn_lex *lx, size_t i)
{
    if (i == 0 || lx->d[i - 1] == '\n')
        return 1;
    return i == 3 && memcmp(lx->d, "\xef\xbb\xbf", 3) == 0;
}

/*
** Byte classes: the lexer's loops run over every byte of a file, so one table look-up replaces
** the chains of comparisons (symbol characters: letters, digits, _ + # = : - /). pgn.h names the
** classes (PGN_*), for the moves-only reader's inline symbol scan. The letters and digits are
** given as ranges (a GNU C designator, as gcc and clang take it), being contiguous in ASCII.
*/
#define byte_class bgi_pgn_byte_class
const unsigned char bgi_pgn_byte_class[256] = {
    [' '] = PGN_SPACE, ['\t'] = PGN_SPACE, ['\n'] = PGN_SPACE, ['\r'] = PGN_SPACE,
    ['\f'] = PGN_SPACE, ['\v'] = PGN_SPACE,
    ['a' ... 'z'] = PGN_WORD, ['A' ... 'Z'] = PGN_WORD, ['0' ... '9'] = PGN_WORD,
    ['_'] = PGN_SYM | PGN_NAME, ['+'] = PGN_SYM, ['#'] = PGN_SYM, ['='] = PGN_SYM, [':'] = PGN_SYM,
    ['-'] = PGN_SYM, ['/'] = PGN_SYM,
};

static int is_space(char c)
{
    return byte_class[(unsigned char)c] & PGN_SPACE;
}

static void skip_line(pgn_lex *lx)
{
    while (lx->i < lx->len && lx->d[lx->i] != '\n')
        lx->i++;
}

void bgi_pgn_skip_space(pgn_lex *lx)
{
    while (lx->i < lx->len) {
        char c = lx->d[lx->i];
        if (is_space(c)) {
            size_t i = lx->i + 1;
            while (i < lx->len && is_space(lx->d[i]))
                i++;
            lx->i = i;
        }
        else if (c == '%' && bgi_pgn_line_start(lx, lx->i))
            skip_line(lx);
        else
            break;
    }
}

size_t bgi_pgn_symbol_len(const pgn_lex *lx)
{
    const unsigned char *d = (const unsigned char *)lx->d, *p = d + lx->i, *end = d + lx->len;
    if (p == end || !(byte_class[*p] & PGN_SYM_START))
        return 0;
    const unsigned char *q = p + 1;
    while (q < end && (byte_class[*q] & PGN_SYM))
        q++;
    return (size_t)(q - p);
}

int bgi_pgn_is_result(const char *s, size_t n)
{
    /* Called for every movetext token: lengths first, no string calls. */
    switch (n) {
    case 1: return s[0] == '*';
    case 3: return s[1] == '-' && ((s[0] == '1' && s[2] == '0') || (s[0] == '0' && s[2] == '1'));
    case 7: return memcmp(s, "1/2-1/2", 7) == 0;
    default: return 0;
    }
}

/*
** The '}' that closes the comment opening at lx->i. Comments do not nest in PGN; in lenient mode
** (lx->nested) an inner '{' ... '}' pair is kept inside, as some programs write them.
*/
static const char *comment_end(const pgn_lex *lx)
{
    size_t from = lx->i + 1;
    const char *close = memchr(lx->d + from, '}', lx->len - from);
    if (!lx->nested || !close)
        return close;
    int depth = 0;
    for (const char *p = lx->d + from; p < close; p++)
        depth += *p == '{';
    while (depth-- > 0 && close) {
        const char *next = memchr(close + 1, '}', (size_t)(lx->d + lx->len - close - 1));
        if (!next)
            return close; /* unbalanced: the first '}' closes it, as in strict mode */
        for (const char *p = close + 1; p < next; p++)
            depth += *p == '{';
        close = next;
    }
    return close;
}

bg_status bgi_pgn_comment(pgn_lex *lx, pgn_buf *out)
{
    size_t start = lx->i + 1, end;
    if (lx->d[lx->i] == ';') {
        skip_line(lx);
        end = lx->i;
    } else {
        const char *close = comment_end(lx);
        if (!close)
            return BG_E_PARSE;
        end = (size_t)(close - lx->d);
        lx->i = end + 1;
    }
    out->len = 0;
    bg_status s = bgi_pgnbuf_add_text(out, lx->d + start, end - start);
    if (s == BG_OK)
        s = bgi_pgnbuf_add(out, "", 0); /* a buffer even for an empty comment */
    if (s == BG_OK)
        bgi_pgn_flatten(out);
    return s;
}

bg_status bgi_pgn_skip_comment(pgn_lex *lx)
{
    if (lx->d[lx->i] == ';') {
        skip_line(lx);
        return BG_OK;
    }
    const char *close = comment_end(lx);
    if (!close)
        return BG_E_PARSE;
    lx->i = (size_t)(close - lx->d) + 1;
    return BG_OK;
}

bg_status bgi_pgn_skip_variation(pgn_lex *lx, size_t *fault)
{
    int depth = 1;
    size_t open = lx->i;
    for (lx->i++;;) {
        if (lx->i >= lx->len || (lx->d[lx->i] == '[' && bgi_pgn_line_start(lx, lx->i))) {
            *fault = open;
            return BG_E_PARSE;
        }
        char c = lx->d[lx->i];
        if (c == '%' && bgi_pgn_line_start(lx, lx->i)) {
            skip_line(lx);
        } else if (c == '{' || c == ';') {
            size_t at = lx->i;
            if (bgi_pgn_skip_comment(lx) != BG_OK) {
                *fault = at;
                return BG_E_PARSE;
            }
        } else if (c == '(' && depth >= BG_RECORD_MAX_VARIATION_DEPTH) {
            *fault = lx->i;
            return BG_E_LIMIT;
        } else {
            lx->i++;
            depth += (c == '(') - (c == ')');
            if (depth == 0)
                return BG_OK;
        }
    }
}

/* Copy raw bytes of the variation, turning line breaks into single spaces. */
static bg_status put_flat(pgn_buf *raw, char c)
{
    if (c == '\n' || c == '\r' || c == '\t')
        c = ' ';
    if (c == ' ' && (raw->len == 0 || raw->p[raw->len - 1] == ' '))
        return BG_OK;
    return bgi_pgnbuf_addc(raw, c);
}

bg_status bgi_pgn_variation(pgn_lex *lx, pgn_buf *out, size_t *fault)
{
    pgn_buf raw;
    bg_status s = BG_OK;
    int depth = 1;
    size_t open = lx->i;
    bgi_pgnbuf_init(&raw, out->a);
    lx->i++;
    while (s == BG_OK) {
        if (lx->i >= lx->len || (lx->d[lx->i] == '[' && bgi_pgn_line_start(lx, lx->i))) {
            *fault = open;
            s = BG_E_PARSE;
            break;
        }
        char c = lx->d[lx->i];
        if (c == '%' && bgi_pgn_line_start(lx, lx->i)) {
            skip_line(lx);
        } else if (c == '{' || c == ';') {
            size_t at = lx->i;
            pgn_buf com;
            bgi_pgnbuf_init(&com, out->a);
            s = bgi_pgn_comment(lx, &com);
            if (s == BG_E_PARSE)
                *fault = at;
            for (size_t k = 0; k < com.len; k++)
                if (com.p[k] == '}')
                    com.p[k] = ')'; /* cannot be represented inside braces */
            if (s == BG_OK)
                s = bgi_pgnbuf_add(&raw, "{", 1);
            if (s == BG_OK)
                s = bgi_pgnbuf_add(&raw, com.p, com.len);
            if (s == BG_OK)
                s = bgi_pgnbuf_add(&raw, "} ", 2);
            bgi_pgnbuf_free(&com);
        } else if (c == '(' && depth >= BG_RECORD_MAX_VARIATION_DEPTH) {
            *fault = lx->i;
            s = BG_E_LIMIT;
        } else {
            lx->i++;
            depth += (c == '(') - (c == ')');
            if (depth == 0)
                break;
            s = put_flat(&raw, c);
        }
    }
    if (s == BG_OK) {
        out->len = 0;
        s = bgi_pgnbuf_add_text(out, raw.p ? raw.p : "", raw.len);
        if (s == BG_OK)
            s = bgi_pgnbuf_add(out, "", 0);
        if (s == BG_OK)
            bgi_pgn_flatten(out);
    }
    bgi_pgnbuf_free(&raw);
    return s;
}

/* Skip one tag pair (or what is left of a broken one) to its ']' or the end of the line. */
static void skip_tag(pgn_lex *lx)
{
    int quoted = 0;
    for (lx->i++; lx->i < lx->len && lx->d[lx->i] != '\n'; lx->i++) {
        char c = lx->d[lx->i];
        if (quoted && c == '\\' && lx->i + 1 < lx->len && lx->d[lx->i + 1] != '\n')
            lx->i++;
        else if (c == '"')
            quoted = !quoted;
        else if (c == ']' && !quoted) {
            lx->i++;
            return;
        }
    }
}

void bgi_pgn_skip_game(pgn_lex *lx, int in_tags)
{
    int depth = 0;
    for (;;) {
        bgi_pgn_skip_space(lx);
        if (lx->i >= lx->len)
            return;
        char c = lx->d[lx->i];
        size_t n;
        if (c == '[' && in_tags) {
            skip_tag(lx);
        } else if (c == '[' && depth == 0) {
            return; /* the next game's tags */
        } else if (c == '{') {
            const char *close = memchr(lx->d + lx->i, '}', lx->len - lx->i);
            lx->i = close ? (size_t)(close - lx->d) + 1 : lx->len;
        } else if (c == ';') {
            skip_line(lx);
        } else if ((n = bgi_pgn_symbol_len(lx)) > 0 || c == '*') {
            if (!n)
                n = 1;
            int result = bgi_pgn_is_result(lx->d + lx->i, n);
            lx->i += n;
            if (result && depth == 0)
                return;
        } else {
            depth += (c == '(') - (c == ')' && depth > 0);
            lx->i++;
        }
        if (c != '[' && c != '{' && c != ';')
            in_tags = 0;
    }
}

/* ---------- how the record splitter sees a line ---------- */

/*
** '[' Name '"' (blanks allowed around the name): a tag pair line, where a game's tags begin.
** Returns 0, or 1 + a 6-bit hash of the name (the splitter's BGI_LINE_NAME_SHIFT bits).
*/
static int tag_line(const char *p, size_t n)
{
    size_t i = 1;
    while (i < n && (p[i] == ' ' || p[i] == '\t'))
        i++;
    size_t name = i;
    unsigned h = 0;
    while (i < n && (byte_class[(unsigned char)p[i]] & PGN_NAME))
        h = h * 31u + (unsigned char)p[i++];
    if (i == name)
        return 0;
    while (i < n && (p[i] == ' ' || p[i] == '\t'))
        i++;
    return i < n && p[i] == '"' ? 1 + (int)(h % 63u) : 0;
}

int bgi_chess_pgn_line_kind(const char *p, size_t n)
{
    int kind = bgi_pgn_line_kind(p, n);
    /*
    ** Games of tags alone (study and broadcast exports) follow each other without moves: an
    ** [Event tag, the first of the Seven Tag Roster, starts a game after other tags too.
    */
    if ((kind & 7) == BGI_LINE_HEAD) {
        if (n >= 7 && memcmp(p, "[Event", 6) == 0 && (p[6] == ' ' || p[6] == '"'))
            kind |= BGI_LINE_NEW;
    }
    return kind;
}

int bgi_xq_pgn_line_kind(const char *p, size_t n)
{
    int kind = bgi_pgn_line_kind(p, n);
    /* Xiangqi PGN writers put [Game first: a second [Game starts the next game (tag-only files). */
    if ((kind & 7) == BGI_LINE_HEAD && n >= 6 && memcmp(p, "[Game", 5) == 0 && (p[5] == ' ' || p[5] == '"'))
        kind |= BGI_LINE_NEW;
    return kind;
}

int bgi_pgn_line_kind(const char *p, size_t n)
{
    /* Tag pairs start their line (a '[' after blanks is in a comment wrapped across lines). */
    int name = n && *p == '[' ? tag_line(p, n) : 0;
    if (name)
        return BGI_LINE_HEAD | name << BGI_LINE_NAME_SHIFT;
    while (n && is_space(*p))
        p++, n--;
    while (n && is_space(p[n - 1]))
        n--;
    if (!n || *p == '%' || *p == '{' || *p == ';')
        return BGI_LINE_NEUTRAL; /* blank, escape, or a comment line (maybe inside a long comment) */
    if (*p == '[')
        return BGI_LINE_BODY;
    int kind = BGI_LINE_BODY;
    size_t t = n;
    while (t > 0 && !is_space(p[t - 1]))
        t--;
    if (bgi_pgn_is_result(p + t, n - t))
        kind = BGI_LINE_END;
    /* A game without tags starts at move 1 after the previous game's result. */
    if (n >= 2 && p[0] == '1' && p[1] == '.')
        kind |= BGI_LINE_FIRST;
    return kind;
}
