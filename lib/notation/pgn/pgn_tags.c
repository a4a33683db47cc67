/* libboardgames — PGN import: tag pairs, and the game handle they call for (FEN, SetUp, Variant). */
#include <stdio.h>
#include <string.h>

#include "game_internal.h"
#include "pgn.h"

/*
** Byte classes of tag pairs, one look-up a byte (a dump has 16 tags a game): NAME, the bytes of a
** tag name (letters, digits, '_'); PLAIN, the bytes a value copies as they are (all but '"',
** '\\', line ends and NUL).
*/
enum { NAME = 1, PLAIN = 2 };
static const unsigned char tag_class[256] = {
#define R4(c) [c] = 3, [c + 1] = 3, [c + 2] = 3, [c + 3] = 3
#define R16(c) R4(c), R4(c + 4), R4(c + 8), R4(c + 12)
#define P4(c) [c] = 2, [c + 1] = 2, [c + 2] = 2, [c + 3] = 2
#define P16(c) P4(c), P4(c + 4), P4(c + 8), P4(c + 12)
    /* 0x01-0x1f but '\n' and '\r', the blanks and punctuation: plain */
    [1] = 2, [2] = 2, [3] = 2, [4] = 2, [5] = 2, [6] = 2, [7] = 2, [8] = 2, [9] = 2, [11] = 2,
    [12] = 2, [14] = 2, [15] = 2, [16] = 2, [17] = 2, [18] = 2, [19] = 2, [20] = 2, [21] = 2,
    [22] = 2, [23] = 2, [24] = 2, [25] = 2, [26] = 2, [27] = 2, [28] = 2, [29] = 2, [30] = 2,
    [31] = 2, [' '] = 2, ['!'] = 2, ['#'] = 2, ['$'] = 2, ['%'] = 2, ['&'] = 2, ['\''] = 2,
    ['('] = 2, [')'] = 2, ['*'] = 2, ['+'] = 2, [','] = 2, ['-'] = 2, ['.'] = 2, ['/'] = 2,
    [':'] = 2, [';'] = 2, ['<'] = 2, ['='] = 2, ['>'] = 2, ['?'] = 2, ['@'] = 2, ['['] = 2,
    [']'] = 2, ['^'] = 2, ['`'] = 2, ['{'] = 2, ['|'] = 2, ['}'] = 2, ['~'] = 2, [127] = 2,
    /* digits, letters and '_': name bytes, and plain */
    R4('0'), R4('4'), ['8'] = 3, ['9'] = 3, R16('A'), R4('Q'), R4('U'), ['Y'] = 3, ['Z'] = 3,
    ['_'] = 3, R16('a'), R4('q'), R4('u'), ['y'] = 3, ['z'] = 3,
    /* every byte from 0x80: plain */
    P16(0x80), P16(0x90), P16(0xa0), P16(0xb0), P16(0xc0), P16(0xd0), P16(0xe0), P16(0xf0),
#undef P16
#undef P4
#undef R16
#undef R4
};

static int name_char(char ch)
{
    return tag_class[(unsigned char)ch] & NAME;
}

static void skip_blanks(pgn_lex *lx)
{
    while (lx->d[lx->i] == ' ' || lx->d[lx->i] == '\t')
        lx->i++;
}

/*
** A '"' closes the value when blanks and the ']' of the tag pair follow it. Any other '"' is part
** of the value: real files write inner quotes unescaped ([Event "1999年"中視股份杯"象棋..."],
** [White ""Mephisto""]), and a '"' followed by anything else cannot end a well-formed tag pair,
** so the reading is the only one. python-chess and chess.js (0.x) read these lines the same way
** (their value runs to the last '"' before the line's closing ']'); unlike them, several tag pairs
** on one line still read as the standard says.
*/
static int closes_value(const pgn_lex *lx, size_t i)
{
    for (i++; lx->d[i] == ' ' || lx->d[i] == '\t'; i++)
        ;
    return lx->d[i] == ']';
}

/* Bytes a tag value copies as they are: all but '"', '\\', line ends and NUL. */
static inline int value_byte(unsigned char c)
{
    return tag_class[c] & PLAIN;
}

/* Reads the quoted value at the cursor (escapes \" and \\) into c->tmp, raw bytes. */
static bg_status read_quoted(pgn_ctx *c, const char *name, int name_len)
{
    pgn_lex *lx = &c->lx;
    size_t after_quote = 0; /* just after the last '"' kept in the value, 0 = none */
    c->tmp.len = 0;
    if (bgi_pgnbuf_add(&c->tmp, "", 0) != BG_OK)
        return bgi_pgn_no_memory(c);
    for (lx->i++;; lx->i++) {
        /* Plain bytes are copied a run at a time: a dump's 16 tags a game make this hot. */
        size_t run = lx->i;
        while (run < lx->len && value_byte((unsigned char)lx->d[run]))
            run++;
        if (run > lx->i) {
            if (bgi_pgnbuf_add(&c->tmp, lx->d + lx->i, run - lx->i) != BG_OK)
                return bgi_pgn_no_memory(c);
            lx->i = run;
        }
        char ch = lx->d[lx->i];
        if (lx->i >= lx->len || ch == '\n' || ch == '\r' || ch == 0) {
            if (after_quote) { /* [Event "x" y]: the last '"' was the closing one after all */
                lx->i = after_quote;
                skip_blanks(lx);
                return bgi_pgn_fail(c, BG_E_PARSE, lx->i, 0, "tag %.*s: expected ']'", name_len,
                                    name);
            }
            return bgi_pgn_fail(c, BG_E_PARSE, lx->i, 0,
                                "tag %.*s: the value's closing '\"' is missing", name_len, name);
        }
        if (ch == '"') {
            if (closes_value(lx, lx->i)) {
                lx->i++;
                return BG_OK;
            }
            after_quote = lx->i + 1;
        }
        if (ch == '\\' && (lx->d[lx->i + 1] == '"' || lx->d[lx->i + 1] == '\\'))
            ch = lx->d[++lx->i];
        if (bgi_pgnbuf_addc(&c->tmp, ch) != BG_OK)
            return bgi_pgn_no_memory(c);
    }
}

/*
** The tags the readers themselves look at (start position, variant, result; xiangqi's Game and
** Format): all a moves-only reader keeps while reading.
*/
static int read_tag_needs(const char *k, size_t n)
{
    switch (n) {
    case 3: return memcmp(k, "FEN", 3) == 0;
    case 4: return memcmp(k, "Game", 4) == 0;
    case 5: return memcmp(k, "SetUp", 5) == 0;
    case 6: return memcmp(k, "Result", 6) == 0 || memcmp(k, "Format", 6) == 0;
    case 7: return memcmp(k, "Variant", 7) == 0;
    default: return 0;
    }
}

static bg_status read_pair(pgn_ctx *c)
{
    pgn_lex *lx = &c->lx;
    if (++c->tag_lines > BGI_GAME_MAX_TAGS)
        return bgi_pgn_fail(c, BG_E_LIMIT, lx->i, 0, "more than %d tag pairs in one game",
                            BGI_GAME_MAX_TAGS);
    lx->i++;
    skip_blanks(lx);
    size_t name = lx->i;
    while (name_char(lx->d[lx->i]))
        lx->i++;
    int name_len = (int)(lx->i - name);
    const char *np = lx->d + name;
    if (!name_len)
        return bgi_pgn_fail(c, BG_E_PARSE, lx->i, 0, "expected a tag name after '['");
    skip_blanks(lx);
    if (lx->d[lx->i] != '"')
        return bgi_pgn_fail(c, BG_E_PARSE, lx->i, 0, "tag %.*s: expected a quoted value", name_len, np);
    size_t value = lx->i + 1, run = value;
    while (run < lx->len && value_byte((unsigned char)lx->d[run]))
        run++;
    /* The usual value, plain bytes up to its closing '"': kept from the input without a copy. */
    const int plain = run < lx->len && lx->d[run] == '"' && closes_value(lx, run);
    bg_status s = plain ? BG_OK : read_quoted(c, np, name_len);
    if (s != BG_OK)
        return s;
    if (plain)
        lx->i = run + 1;
    skip_blanks(lx);
    if (lx->d[lx->i] != ']')
        return bgi_pgn_fail(c, BG_E_PARSE, lx->i, 0, "tag %.*s: expected ']'", name_len, np);
    lx->i++;
    if (name_len == 3 && memcmp(np, "FEN", 3) == 0)
        c->fen_off = value;
    if (c->moves_only && !read_tag_needs(np, (size_t)name_len))
        return BG_OK; /* checked, not kept: a moves-only game holds no such tag */
    s = bgi_pgnbuf_add(&c->tags, np, (size_t)name_len);
    if (s == BG_OK)
        s = bgi_pgnbuf_add(&c->tags, "", 1);
    if (s == BG_OK)
        s = plain ? bgi_pgnbuf_add_text(&c->tags, lx->d + value, run - value)
                  : bgi_pgnbuf_add_text(&c->tags, c->tmp.p, c->tmp.len);
    if (s == BG_OK)
        s = bgi_pgnbuf_add(&c->tags, "", 1);
    return s == BG_OK ? s : bgi_pgn_no_memory(c);
}

/*
** A tag pair; after a broken one the rest of its line is passed over, so that what is left of it
** ("National GM,CM Tournament 2002"]) is not read as the start of the moves.
*/
static bg_status read_tag(pgn_ctx *c)
{
    bg_status s = read_pair(c);
    if (s != BG_OK)
        while (c->lx.i < c->lx.len && c->lx.d[c->lx.i] != '\n')
            c->lx.i++;
    return s;
}

/* Tags, and the comments before and between them. */
bg_status bgi_pgn_read_tags(pgn_ctx *c)
{
    for (;;) {
        /* Tag pairs are mostly one a line: then the line break is all there is to skip. */
        if (c->lx.i + 1 < c->lx.len && c->lx.d[c->lx.i] == '\n' && c->lx.d[c->lx.i + 1] == '[')
            c->lx.i++;
        else
            bgi_pgn_skip_space(&c->lx);
        char ch = c->lx.d[c->lx.i];
        bg_status s = BG_OK;
        if (c->lx.i >= c->lx.len)
            return BG_OK;
        if (ch == '{' || ch == ';')
            s = bgi_pgn_read_comment(c, 0);
        else if (ch == '[')
            s = read_tag(c);
        else
            return BG_OK;
        if (s != BG_OK)
            return s;
    }
}

const char *bgi_pgn_find_tag(const pgn_ctx *c, const char *key)
{
    return bgi_pgn_pairs_find(&c->tags, key, 1);
}

/* ---------- the game handle ---------- */

/* FEN text with a full-move number of 0 (written by some programs) read as 1. */
static bg_status fen_fixed(pgn_ctx *c, const char *fen)
{
    size_t n = strlen(fen);
    while (n > 0 && fen[n - 1] == ' ')
        n--;
    c->tmp.len = 0;
    bg_status s = bgi_pgnbuf_add(&c->tmp, fen, n);
    if (s == BG_OK && n >= 2 && fen[n - 1] == '0' && fen[n - 2] == ' ')
        c->tmp.p[n - 1] = '1';
    return s;
}

/* The game handle of the reader's variant and allocator, at the start or from a FEN. */
static bg_status open_game(pgn_ctx *c, const char *fen, const char *opts, bg_error *e)
{
    bg_record_reader *rd = c->rd;
    bg_allocator ba = BG_ALLOCATOR_INIT(rd->alloc.fn, rd->alloc.user);
    if (!fen)
        return bg_game_new(&c->g, rd->variant, opts, &ba, e);
    return bg_game_new_from_text(&c->g, rd->variant, fen, NULL, opts, BG_PARSE_LENIENT, &ba, e);
}

static bg_status new_game(pgn_ctx *c, const char *fen, int chess960, bg_error *e)
{
    char with960[sizeof c->rd->options + 32];
    if (!chess960)
        return open_game(c, fen, c->rd->options, e);
    snprintf(with960, sizeof with960, "%s;chess960=true", c->rd->options);
    return open_game(c, fen, with960, e);
}

bg_status bgi_pgn_make_game(pgn_ctx *c)
{
    static const char *const c960_names[] = {"chess960", "chess 960", "fischerandom",
                                             "fischer random", "fischer random chess", "960",
                                             NULL};
    static const char *const std_names[] = {"standard", "chess", "normal", "from position",
                                            "fromposition", NULL};
    const char *variant = bgi_pgn_find_tag(c, "Variant"), *fen = bgi_pgn_find_tag(c, "FEN");
    int chess960 = variant && bgi_name_in(variant, c960_names);
    bg_error e = BG_ERROR_INIT;
    bg_status s;
    if (variant && variant[0] && !chess960 && !bgi_name_in(variant, std_names))
        return bgi_pgn_fail(c, BG_E_UNSUPPORTED, c->lx.i, 0, "variant \"%s\" is not read as %s", variant,
                    c->rd->variant->id);
    if (fen && (s = fen_fixed(c, fen)) != BG_OK)
        return bgi_pgn_no_memory(c);
    s = new_game(c, fen ? c->tmp.p : NULL, chess960, &e);
    if (s != BG_OK && s != BG_E_NO_MEMORY && fen && !chess960) {
        /* Chess960 games without a Variant tag still give themselves away by their FEN. */
        bg_error e960 = BG_ERROR_INIT;
        if (new_game(c, c->tmp.p, 1, &e960) == BG_OK)
            s = BG_OK;
    }
    if (s != BG_OK)
        return bgi_pgn_fail(c, s, fen ? c->fen_off : c->lx.i, 0, "%s", e.message);
    return bgi_pgn_keep_tags(c);
}

bg_status bgi_pgn_game_from_fen(pgn_ctx *c, const char *fen)
{
    bg_error e = BG_ERROR_INIT;
    bg_status s = open_game(c, fen, c->rd->options, &e);
    if (s != BG_OK)
        return bgi_pgn_fail(c, s, fen ? c->fen_off + e.offset : c->lx.i, 0, "%s", e.message);
    return bgi_pgn_keep_tags(c);
}

/* The tags a moves-only reader keeps: where the game starts and how it ended. */
static int start_or_end_tag(const char *k)
{
    switch (k[0]) {
    case 'R': return strcmp(k, "Result") == 0;
    case 'F': return strcmp(k, "FEN") == 0;
    case 'S': return strcmp(k, "SetUp") == 0;
    case 'V': return strcmp(k, "Variant") == 0;
    default: return 0;
    }
}

bg_status bgi_pgn_keep_tags(pgn_ctx *c)
{
    bg_status s;
    for (size_t i = 0; i < c->tags.len;) {
        const char *k = c->tags.p + i, *v = k + strlen(k) + 1;
        /* Moves only: the tags that say where the game starts and how it ended. */
        if (c->moves_only && !start_or_end_tag(k)) {
            i = (size_t)(v + strlen(v) + 1 - c->tags.p);
            continue;
        }
        if ((s = bg_game_set_tag(c->g, k, v)) != BG_OK)
            return bgi_pgn_fail(c, s, c->lx.i, 0, "cannot keep tag %s: %s", k, bg_strerror(s));
        i = (size_t)(v + strlen(v) + 1 - c->tags.p);
    }
    return BG_OK;
}
