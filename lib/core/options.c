/* libboardgames — rule options: parse "name=value;name=value" against a variant's option table. */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Index of `val` (length n) in the '|'-separated list, or -1. "*" entries are not matched here. */
static int enum_index(const char *list, const char *val, size_t n)
{
    int i = 0;
    for (const char *p = list;; i++) {
        const char *bar = strchr(p, '|');
        size_t len = bar ? (size_t)(bar - p) : strlen(p);
        if (len == n && strncmp(p, val, n) == 0)
            return i;
        if (!bar)
            return -1;
        p = bar + 1;
    }
}

static size_t first_len(const char *list)
{
    const char *bar = strchr(list, '|');
    return bar ? (size_t)(bar - list) : strlen(list);
}

static bg_status set_value(const bgi_option_def *d, int idx, const char *val, size_t n,
                           bgi_options *out, bg_error *err, size_t offset)
{
    switch (d->type) {
    case BGI_OPT_ENUM: {
        int k = enum_index(d->values, val, n);
        if (k < 0)
            return bgi_fail(err, BG_E_UNKNOWN_OPTION, offset,
                            "option %s: value '%.*s' is not one of %s", d->name, (int)n, val,
                            d->values);
        out->ival[idx] = k;
        return BG_OK;
    }
    case BGI_OPT_INT: {
        long x = 0;
        if (n == 0 || n > 9)
            return bgi_fail(err, BG_E_UNKNOWN_OPTION, offset,
                            "option %s: '%.*s' is not a number from 0 to 999999999", d->name,
                            (int)n, val);
        for (size_t i = 0; i < n; i++) {
            if (val[i] < '0' || val[i] > '9')
                return bgi_fail(err, BG_E_UNKNOWN_OPTION, offset + i,
                                "option %s: '%.*s' is not a number", d->name, (int)n, val);
            x = x * 10 + (val[i] - '0');
        }
        out->ival[idx] = (int32_t)x;
        return BG_OK;
    }
    case BGI_OPT_TEXT:
        if (n >= BGI_OPTION_TEXT)
            return bgi_fail(err, BG_E_LIMIT, offset, "option %s: value longer than %d bytes",
                            d->name, BGI_OPTION_TEXT - 1);
        memcpy(out->text, val, n);
        out->text[n] = 0;
        out->text_offset = offset; /* so that errors found when the value is used can point into it */
        return BG_OK;
    }
    return BG_E_INVALID_ARGUMENT;
}

bg_status bgi_options_parse(const bg_variant *v, const char *text, bgi_options *out, bg_error *err)
{
    memset(out, 0, sizeof *out);
    for (int i = 0; i < v->option_count; i++) {
        const bgi_option_def *d = &v->options[i];
        bg_status s = set_value(d, i, d->values, first_len(d->values), out, err, 0);
        if (s != BG_OK)
            return s;
    }
    if (!text)
        return BG_OK;
    const char *p = text;
    while (*p) {
        while (*p == ';' || *p == ' ')
            p++;
        if (!*p)
            break;
        const char *end = strchr(p, ';');
        if (!end)
            end = p + strlen(p);
        const char *eq = memchr(p, '=', (size_t)(end - p));
        if (!eq)
            return bgi_fail(err, BG_E_PARSE, (size_t)(p - text),
                            "option '%.*s' has no '=value'", (int)(end - p), p);
        int idx = -1;
        for (int i = 0; i < v->option_count; i++)
            if (strlen(v->options[i].name) == (size_t)(eq - p) &&
                strncmp(v->options[i].name, p, (size_t)(eq - p)) == 0)
                idx = i;
        if (idx < 0)
            return bgi_fail(err, BG_E_UNKNOWN_OPTION, (size_t)(p - text),
                            "%s has no option '%.*s'", v->id, (int)(eq - p), p);
        bg_status s = set_value(&v->options[idx], idx, eq + 1, (size_t)(end - eq - 1), out, err,
                                (size_t)(eq + 1 - text));
        if (s != BG_OK)
            return s;
        p = end;
    }
    return BG_OK;
}
