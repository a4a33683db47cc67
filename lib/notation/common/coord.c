/* libboardgames — coordinate notations for point boards (xiangqi, lion chess, janggi): `uci` h3e3 / a10a9 and ICCS h2e2 / H2-E2. */
#include <string.h>

#include "coord.h"

enum { STYLE_UCI, STYLE_ICCS };

static void out_point(bgi_out *o, const bg_variant *v, int sq, int style, int upper)
{
    bgi_out_char(o, (char)((upper ? 'A' : 'a') + sq % v->width));
    bgi_out_uint(o, (unsigned)(sq / v->width + (style == STYLE_UCI ? 1 : 0)));
}

/* A pass (janggi) is written as the passing general's point twice, as Fairy-Stockfish does. */
static int format_move(const bg_position *pos, bg_move m, char *buf, size_t cap, int style)
{
    const bg_variant *v = pos->variant;
    bgi_out o;
    if (style == STYLE_ICCS && v->height > 10)
        return BG_E_UNSUPPORTED;
    bgi_out_init(&o, buf, cap);
    out_point(&o, v, (m & BG_MOVE_PASS) ? BG_MOVE_TO(m) : BG_MOVE_FROM(m), style, 0);
    out_point(&o, v, BG_MOVE_TO(m), style, 0);
    return bgi_out_finish(&o);
}

int bgi_coord_uci_format(const bg_position *pos, bg_move m, char *buf, size_t cap)
{
    return format_move(pos, m, buf, cap, STYLE_UCI);
}

int bgi_coord_iccs_format(const bg_position *pos, bg_move m, char *buf, size_t cap)
{
    return format_move(pos, m, buf, cap, STYLE_ICCS);
}

/*
** Reads one point at text[*i]. Letter case must be `want_upper` unless lenient (want_upper < 0
** accepts both). Returns the square or a negative bg_status with err filled in.
*/
static int read_point(const bg_variant *v, const char *text, size_t *i, int style, int want_upper,
                      const char *what, bg_error *err)
{
    const char *name = style == STYLE_UCI ? "uci" : "ICCS";
    char c = text[*i];
    int file;
    if (c >= 'a' && c <= 'z' && want_upper != 1)
        file = c - 'a';
    else if (c >= 'A' && c <= 'Z' && want_upper != 0)
        file = c - 'A';
    else
        return bgi_fail(err, BG_E_PARSE, *i, "%s move '%s': expected the %s point's file letter%s",
                        name, text, what,
                        (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ? " in the other case" : "");
    if (file >= v->width)
        return bgi_fail(err, BG_E_PARSE, *i, "%s move '%s': file '%c' is off the %d-file board",
                        name, text, c, v->width);
    size_t start = ++*i;
    int rank = 0;
    while (text[*i] >= '0' && text[*i] <= '9' && *i - start < 3)
        rank = rank * 10 + (text[(*i)++] - '0');
    size_t digits = *i - start;
    if (digits == 0)
        return bgi_fail(err, BG_E_PARSE, start, "%s move '%s': expected the %s point's rank", name,
                        text, what);
    if (style == STYLE_UCI)
        rank--;
    if (digits > (style == STYLE_ICCS ? 1u : 2u) || (digits > 1 && text[start] == '0') || rank < 0 ||
        rank >= v->height)
        return bgi_fail(err, BG_E_PARSE, start, "%s move '%s': rank '%.*s' is off the board (%s)",
                        name, text, (int)digits, text + start,
                        style == STYLE_UCI ? "ranks start at 1" : "ranks are 0-9");
    return rank * v->width + file;
}

static bg_status parse_move(const bg_position *pos, const char *text, unsigned flags, bg_move *out,
                            bg_error *err, int style)
{
    const bg_variant *v = pos->variant;
    const char *name = style == STYLE_UCI ? "uci" : "ICCS";
    const int lenient = (flags & BG_PARSE_LENIENT) != 0;
    size_t i = 0;
    *out = BG_MOVE_NONE;
    if (style == STYLE_ICCS && v->height > 10)
        return bgi_fail(err, BG_E_UNSUPPORTED, 0, "ICCS needs a board of at most 10 ranks");
    /* Case: uci is lowercase; ICCS is h2e2 or H2-E2; lenient takes either case, dash or not. */
    int upper = lenient ? -1 : (text[0] >= 'A' && text[0] <= 'Z' && style == STYLE_ICCS);
    int from = read_point(v, text, &i, style, upper, "first", err);
    if (from < 0)
        return (bg_status)from;
    int dash = text[i] == '-';
    if (dash && !lenient && !(style == STYLE_ICCS && upper == 1))
        return bgi_fail(err, BG_E_PARSE, i, "%s move '%s': no '-' between the points%s", name,
                        text, style == STYLE_ICCS ? " in lowercase ICCS (H2-E2 or h2e2)" : "");
    if (!dash && !lenient && style == STYLE_ICCS && upper == 1)
        return bgi_fail(err, BG_E_PARSE, i, "ICCS move '%s': expected '-' (H2-E2 or h2e2)", text);
    i += (size_t)dash;
    int to = read_point(v, text, &i, style, upper, "second", err);
    if (to < 0)
        return (bg_status)to;
    if (text[i])
        return bgi_fail(err, BG_E_PARSE, i, "%s move '%s': unexpected '%c' after the move", name,
                        text, text[i]);

    bg_move moves[BGI_MAX_MOVES];
    int n = bgi_position_moves(pos, moves);
    for (int k = 0; k < n; k++) {
        bg_move m = moves[k];
        if (m & (BG_MOVE_DROP | BG_MOVE_PROMOTION))
            continue;
        if ((m & BG_MOVE_PASS) ? (from == to && BG_MOVE_TO(m) == to)
                               : (BG_MOVE_FROM(m) == from && BG_MOVE_TO(m) == to)) {
            *out = m;
            return BG_OK;
        }
    }
    return bgi_fail(err, BG_E_ILLEGAL_MOVE, 0, "%s move '%s' is not legal in this position", name,
                    text);
}

bg_status bgi_coord_uci_parse(const bg_position *pos, const char *text, unsigned flags,
                              bg_move *out, bg_error *err)
{
    return parse_move(pos, text, flags, out, err, STYLE_UCI);
}

bg_status bgi_coord_iccs_parse(const bg_position *pos, const char *text, unsigned flags,
                               bg_move *out, bg_error *err)
{
    return parse_move(pos, text, flags, out, err, STYLE_ICCS);
}
