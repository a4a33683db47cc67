/* libboardgames — position texts (FEN, SFEN, ...): whitespace-separated fields, FEN counters. */
#include "internal.h"

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

int bgi_split_fields(const char *text, bgi_field *f, int max)
{
    int n = 0;
    const char *p = text;
    for (;;) {
        while (is_space(*p))
            p++;
        if (!*p)
            return n;
        if (n == max)
            return max + 1;
        f[n].p = p;
        f[n].offset = (size_t)(p - text);
        while (*p && !is_space(*p))
            p++;
        f[n].len = (size_t)(p - f[n].p);
        n++;
    }
}

bg_status bgi_fen_number(const bgi_field *f, int min, int max, const char *what, int *out,
                         bg_error *err)
{
    long v = 0;
    if (f->len == 0 || f->len > 6)
        return bgi_fail(err, BG_E_PARSE, f->offset, "FEN %s: '%.*s' is not a number", what,
                        (int)f->len, f->p);
    for (size_t i = 0; i < f->len; i++) {
        if (f->p[i] < '0' || f->p[i] > '9')
            return bgi_fail(err, BG_E_PARSE, f->offset + i, "FEN %s: '%.*s' is not a number",
                            what, (int)f->len, f->p);
        v = v * 10 + (f->p[i] - '0');
    }
    if (v < min || v > max)
        return bgi_fail(err, BG_E_PARSE, f->offset, "FEN %s: %ld is out of range %d..%d", what, v,
                        min, max);
    *out = (int)v;
    return BG_OK;
}
