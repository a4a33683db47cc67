/* Fuzz target: record readers (PGN, xiangqi PGN, .gib, skr, KIF, KI2, CSA) and the export/read/export fixed point. */
#include "fuzz_common.h"
#ifdef FUZZ_SJIS
#include <iconv.h>
#endif

/*
** Built once per parser with FUZZ_VARIANTS (a '|' list), FUZZ_FORMATS (one record format) and
** FUZZ_OPTIONS (a '|' list, an empty entry = the defaults). Input: byte 0 picks the variant (byte
** 0 modulo the variants) and the options (byte 0 divided by the variants); the rest is the file. Each game read is exported, the export read back and
** exported again: both exports must be equal. With FUZZ_SJIS (fuzz_record_sjis.c) the file is
** meant to be Shift_JIS: when it is not UTF-8 and converts from CP932, the reader must treat the
** raw bytes exactly as the UTF-8 text that conversion gives (same games, errors and offsets).
*/
#define MAX_GAMES 64

static char *export_game(const bg_game *g)
{
    int n = bg_game_export(g, FUZZ_FORMATS, NULL, 0);
    if (n < 0)
        return NULL;
    char *buf = malloc((size_t)n + 1);
    if (buf && bg_game_export(g, FUZZ_FORMATS, buf, (size_t)n + 1) != n) {
        free(buf);
        return NULL;
    }
    return buf;
}

/*
** 1 if p[0..n) is not strict UTF-8 (overlong forms, surrogates and code points above U+10FFFF
** are invalid): the shogi readers then take the text as Shift_JIS.
*/
static int fuzz_utf8_invalid(const char *text, size_t n)
{
    const unsigned char *p = (const unsigned char *)text;
    for (size_t i = 0; i < n;) {
        unsigned c = p[i], k, cp;
        if (c < 0x80) {
            i++;
            continue;
        }
        if (c >= 0xc2 && c <= 0xdf)
            k = 2, cp = c & 0x1f;
        else if (c >= 0xe0 && c <= 0xef)
            k = 3, cp = c & 0x0f;
        else if (c >= 0xf0 && c <= 0xf4)
            k = 4, cp = c & 0x07;
        else
            return 1;
        if (i + k > n)
            return 1;
        for (unsigned j = 1; j < k; j++) {
            if ((p[i + j] & 0xc0) != 0x80)
                return 1;
            cp = cp << 6 | (p[i + j] & 0x3f);
        }
        if ((k == 3 && cp < 0x800) || (k == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
            (cp >= 0xd800 && cp <= 0xdfff))
            return 1;
        i += k;
    }
    return 0;
}

/* Appends "what code offset\n" to *log (a malloc'd string); nothing when log is NULL. */
static void log_add(char **log, const char *what, int code, size_t offset)
{
    if (!log || !*log)
        return;
    size_t n = strlen(*log), add = strlen(what) + 48;
    char *p = realloc(*log, n + add);
    if (!p) {
        free(*log);
        *log = NULL;
        return;
    }
    snprintf(p + n, add, "%s %d %zu\n", what, code, offset);
    *log = p;
}

/* Reads the first game of `text`; NULL (with err filled) if there is none. */
static bg_game *read_one(const bg_variant *v, const char *options, const char *text, size_t len,
                         bg_error *err)
{
    bg_record_reader *r = NULL;
    bg_game *g = NULL;
    if (bg_record_reader_new(&r, v, FUZZ_FORMATS, text, len, options, NULL, err) != BG_OK)
        return NULL;
    if (bg_record_reader_next(r, &g, err) != BG_OK)
        g = NULL;
    bg_record_reader_free(r);
    return g;
}

/*
** Reads every game of the file, checking the round trip of each; appends one line per game (its
** export, or its error code and offset) to *log when log is not NULL.
*/
static void read_all(const bg_variant *v, const char *options, const char *text, size_t len,
                     char **log)
{
    bg_record_reader *r = NULL;
    bg_error err = BG_ERROR_INIT;
    bg_status st = bg_record_reader_new(&r, v, FUZZ_FORMATS, text, len, options, NULL, &err);
    if (st != BG_OK) {
        FUZZ_CHECK(r == NULL && err.code == st, "failed open: handle %p, code %d vs %d", (void *)r,
                   err.code, st);
        log_add(log, "open error", st, err.offset);
        return;
    }
    for (int i = 0; i < MAX_GAMES; i++) {
        bg_game *g = NULL;
        bg_error gerr = BG_ERROR_INIT;
        st = bg_record_reader_next(r, &g, &gerr);
        if (st == BG_E_END)
            break;
        if (st != BG_OK) {
            FUZZ_CHECK(g == NULL && gerr.code == st, "failed read left a game or no error code");
            /* After a Shift_JIS conversion offsets are those of the (longer) UTF-8 text. */
            FUZZ_CHECK(gerr.offset <= len || (fuzz_utf8_invalid(text, len) && gerr.offset <= 3 * len),
                       "error offset %zu beyond the input (%zu)", gerr.offset, len);
            log_add(log, "error", st, gerr.offset);
            continue;
        }
        char *e1 = export_game(g);
        FUZZ_CHECK(e1 != NULL, "a game read cannot be exported");
        bg_error rerr = BG_ERROR_INIT;
        bg_game *g2 = read_one(v, options, e1, strlen(e1), &rerr);
        FUZZ_CHECK(g2 != NULL, "export does not read back (%s):\n%s", rerr.message, e1);
        FUZZ_CHECK(bg_game_ply_count(g2) == bg_game_ply_count(g), "ply count %d -> %d:\n%s",
                   bg_game_ply_count(g), bg_game_ply_count(g2), e1);
        FUZZ_CHECK(bg_position_hash(bg_game_position(g2)) == bg_position_hash(bg_game_position(g)),
                   "final position differs after export/read:\n%s", e1);
        char *e2 = export_game(g2);
        FUZZ_CHECK(e2 && strcmp(e1, e2) == 0, "export not stable:\n--- first\n%s\n--- second\n%s",
                   e1, e2 ? e2 : "(null)");
        log_add(log, e1, 0, 0);
        free(e2);
        free(e1);
        bg_game_free(g2);
        bg_game_free(g);
    }
    bg_record_reader_free(r);
}

#ifdef FUZZ_SJIS
/* The CP932 bytes as UTF-8 (glibc's iconv, as the library uses); NULL if they do not convert. */
static char *sjis_to_utf8(const char *in, size_t len, size_t *outlen)
{
    iconv_t cd = iconv_open("UTF-8", "CP932");
    if (cd == (iconv_t)-1)
        return NULL;
    size_t cap = len * 3 + 1, inleft = len, outleft = cap - 1;
    char *out = malloc(cap), *o = out, *i = (char *)in;
    size_t r = out ? iconv(cd, &i, &inleft, &o, &outleft) : (size_t)-1;
    iconv_close(cd);
    if (r == (size_t)-1 || inleft) {
        free(out);
        return NULL;
    }
    *o = '\0';
    *outlen = (size_t)(o - out);
    return out;
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    char vbuf[32], obuf[96];
    const bg_variant *v = bg_variant_find(fuzz_pick(FUZZ_VARIANTS, data[0], vbuf, sizeof vbuf));
    FUZZ_CHECK(v != NULL, "unknown variant");
    /* Byte 0 = variant + count * option: every variant meets every option of FUZZ_OPTIONS. */
    const char *options = fuzz_pick(FUZZ_OPTIONS, data[0] / fuzz_count(FUZZ_VARIANTS), obuf,
                                    sizeof obuf);
    const char *text = (const char *)data + 1;
    size_t len = size - 1;
#ifndef FUZZ_SJIS
    read_all(v, options, text, len, NULL);
#else
    size_t ulen = 0;
    char *utf8 = NULL;
    /* A UTF-8 BOM in front of Shift_JIS bytes is an error of its own: no differential then. */
    if (!(len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) && fuzz_utf8_invalid(text, len))
        utf8 = sjis_to_utf8(text, len, &ulen);
    char *log1 = utf8 ? strdup("") : NULL, *log2 = utf8 ? strdup("") : NULL;
    read_all(v, options, text, len, utf8 ? &log1 : NULL);
    if (utf8) {
        read_all(v, options, utf8, ulen, &log2);
        FUZZ_CHECK(log1 && log2 && strcmp(log1, log2) == 0,
                   "Shift_JIS read differs from its UTF-8 conversion:\n--- raw\n%s\n--- converted\n%s",
                   log1 ? log1 : "(null)", log2 ? log2 : "(null)");
    }
    free(log1);
    free(log2);
    free(utf8);
#endif
    return 0;
}
