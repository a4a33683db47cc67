/* libboardgames — picture options, and bg_position_svg dispatching to each family's drawer. */
#include <string.h>

#include "picture.h"

/* ---------- options ---------- */

static int is_word(const char *p, size_t n, const char *w) { return strlen(w) == n && !memcmp(p, w, n); }

static bg_status parse_bool(const char *p, size_t n, size_t at, const char *name, int *out,
                            bg_error *err)
{
    if (is_word(p, n, "true"))
        *out = 1;
    else if (is_word(p, n, "false"))
        *out = 0;
    else
        return bgi_fail(err, BG_E_PARSE, at, "picture option %s: '%.*s' is not true or false",
                        name, (int)n, p);
    return BG_OK;
}

/* A square name of n bytes at p, or -1. */
static int square_at(const bg_variant *v, const char *p, size_t n)
{
    char name[16];
    if (n == 0 || n >= sizeof name)
        return -1;
    memcpy(name, p, n);
    name[n] = '\0';
    int sq = bg_variant_square_parse(v, name, NULL);
    return sq >= 0 ? sq : -1;
}

/* A move as two square names run together (or "X*sq" for a drop; "-" between and "+" after allowed). */
static bg_status parse_move(const bg_variant *v, const char *p, size_t n, size_t at,
                            const char *name, int *from, int *to, bg_error *err)
{
    size_t len = n;
    if (len > 1 && p[len - 1] == '+')
        len--;
    const char *star = memchr(p, '*', len);
    if (star) {
        *from = -1;
        *to = square_at(v, star + 1, len - (size_t)(star + 1 - p));
        if (*to >= 0)
            return BG_OK;
    } else {
        for (size_t i = 1; i < len; i++) {
            int f = square_at(v, p, i);
            size_t j = i < len && p[i] == '-' ? i + 1 : i;
            int t = f >= 0 ? square_at(v, p + j, len - j) : -1;
            if (t >= 0) {
                *from = f;
                *to = t;
                return BG_OK;
            }
        }
    }
    return bgi_fail(err, BG_E_PARSE, at,
                    "picture option %s: '%.*s' is not a move of %s squares (e.g. %s)", name,
                    (int)n, p, v->id, v->info->squares == BGI_SQUARES_SHOGI ? "7g7f" : "e2e4");
}

/* Space-separated items of a value: calls one(item) for each. */
typedef bg_status (*item_fn)(const bg_variant *v, const char *p, size_t n, size_t at,
                             pic_options *o, bg_error *err);

static bg_status each_item(const bg_variant *v, const char *p, size_t n, size_t at, pic_options *o,
                           item_fn one, bg_error *err)
{
    size_t i = 0;
    while (i < n) {
        while (i < n && p[i] == ' ')
            i++;
        size_t j = i;
        while (j < n && p[j] != ' ')
            j++;
        if (j > i) {
            bg_status s = one(v, p + i, j - i, at + i, o, err);
            if (s != BG_OK)
                return s;
        }
        i = j;
    }
    return BG_OK;
}

static bg_status one_mark(const bg_variant *v, const char *p, size_t n, size_t at, pic_options *o,
                          bg_error *err)
{
    int sq = square_at(v, p, n);
    if (sq < 0)
        return bgi_fail(err, BG_E_PARSE, at, "picture option marks: '%.*s' is not a square of %s",
                        (int)n, p, v->id);
    o->mark[sq] = 1;
    return BG_OK;
}

static bg_status one_arrow(const bg_variant *v, const char *p, size_t n, size_t at, pic_options *o,
                           bg_error *err)
{
    int from, to;
    bg_status s = parse_move(v, p, n, at, "arrows", &from, &to, err);
    if (s != BG_OK)
        return s;
    if (o->narrows >= PIC_MAX_ARROWS)
        return bgi_fail(err, BG_E_PARSE, at, "picture option arrows: more than %d arrows",
                        PIC_MAX_ARROWS);
    if (from < 0)
        from = to; /* a drop: a dot on its square */
    o->arrow_from[o->narrows] = (short)from;
    o->arrow_to[o->narrows++] = (short)to;
    return BG_OK;
}

static bg_status one_option(const bg_variant *v, const char *p, size_t n, size_t at,
                            pic_options *o, bg_error *err)
{
    const char *eq = memchr(p, '=', n);
    if (!eq)
        return bgi_fail(err, BG_E_PARSE, at, "picture option '%.*s': expected name=value",
                        (int)n, p);
    const size_t nl = (size_t)(eq - p), vl = n - nl - 1, vat = at + nl + 1;
    const char *val = eq + 1;
    if (is_word(p, nl, "flip"))
        return parse_bool(val, vl, vat, "flip", &o->flip, err);
    if (is_word(p, nl, "coordinates"))
        return parse_bool(val, vl, vat, "coordinates", &o->coordinates, err);
    if (is_word(p, nl, "check"))
        return parse_bool(val, vl, vat, "check", &o->check, err);
    if (is_word(p, nl, "size")) {
        int x = 0;
        for (size_t i = 0; i < vl && x <= 4096; i++) {
            if (val[i] < '0' || val[i] > '9') {
                x = -1;
                break;
            }
            x = x * 10 + (val[i] - '0');
        }
        if (vl == 0 || x < 16 || x > 4096)
            return bgi_fail(err, BG_E_PARSE, vat,
                            "picture option size: '%.*s' is not a number from 16 to 4096",
                            (int)vl, val);
        o->size = x;
        return BG_OK;
    }
    if (is_word(p, nl, "lastmove")) {
        if (vl == 0) {
            o->last_from = o->last_to = -1;
            return BG_OK;
        }
        return parse_move(v, val, vl, vat, "lastmove", &o->last_from, &o->last_to, err);
    }
    if (is_word(p, nl, "marks"))
        return each_item(v, val, vl, vat, o, one_mark, err);
    if (is_word(p, nl, "arrows"))
        return each_item(v, val, vl, vat, o, one_arrow, err);
    return bgi_fail(err, BG_E_UNKNOWN_OPTION, at,
                    "unknown picture option '%.*s' (flip, coordinates, lastmove, marks, arrows, "
                    "check, size)",
                    (int)nl, p);
}

bg_status pic_options_parse(const bg_variant *v, const char *text, pic_options *o, bg_error *err)
{
    memset(o, 0, sizeof *o);
    o->coordinates = 1;
    o->check = 1;
    o->last_from = o->last_to = -1;
    if (!text)
        return BG_OK;
    size_t i = 0;
    const size_t n = strlen(text);
    while (i < n) {
        size_t j = i;
        while (j < n && text[j] != ',' && text[j] != ';')
            j++;
        size_t a = i, b = j;
        while (a < b && text[a] == ' ')
            a++;
        while (b > a && text[b - 1] == ' ')
            b--;
        if (b > a) {
            bg_status s = one_option(v, text + a, b - a, a, o, err);
            if (s != BG_OK)
                return s;
        }
        i = j + 1;
    }
    return BG_OK;
}

int pic_write(const bg_position *pos, const char *options, char *buf, size_t cap, pic_writer write)
{
    if (!pos || (!buf && cap))
        return BG_E_INVALID_ARGUMENT;
    pic_options opt;
    bg_status s = pic_options_parse(pos->variant, options, &opt, NULL);
    if (s != BG_OK)
        return s;
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    s = write(&o, pos, &opt);
    if (s != BG_OK)
        return s;
    return bgi_out_finish(&o);
}

bg_status bg_picture_options_check(const bg_variant *v, const char *options, bg_error *err)
{
    if (!v)
        return bgi_fail(err, BG_E_INVALID_ARGUMENT, 0, "no variant");
    pic_options o;
    bg_status s = pic_options_parse(v, options, &o, err);
    if (s == BG_OK)
        bgi_error_clear(err);
    return s;
}

/* ---------- the public call ---------- */

/* The drawing of each picture family. */
static bg_status svg_write(bgi_out *o, const bg_position *pos, const pic_options *opt)
{
    switch (pos->variant->info->picture) {
    case BGI_PICTURE_CHESS: pic_svg_chess(o, pos, opt); break;
    case BGI_PICTURE_PALACE:
    case BGI_PICTURE_JANGGI: pic_svg_palace(o, pos, opt); break;
    case BGI_PICTURE_SHOGI: pic_svg_shogi(o, pos, opt); break;
    case BGI_PICTURE_SEVENKINGDOMS: pic_svg_sevenkingdoms(o, pos, opt); break;
    default: return BG_E_UNSUPPORTED;
    }
    return BG_OK;
}

int bg_position_svg(const bg_position *pos, const char *options, char *buf, size_t cap)
{
    return pic_write(pos, options, buf, cap, svg_write);
}
