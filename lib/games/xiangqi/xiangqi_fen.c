/* libboardgames — xiangqi / lion chess FEN (Fairy-Stockfish form): strict parsing with offsets, validation, writing. */
#include <string.h>

#include "xiangqi.h"

/* Letters by kind as written; parsing also takes E (elephant) and H (horse). */
static const char kind_letters[] = " KABNRCPL";
static const char *const side_names[2] = {"red", "black"};
static const char *const kind_names[] = {"", "general", "advisor", "elephant", "horse", "chariot",
                                         "cannon", "soldier", "lion"};
static const int kind_max[] = {0, 1, 2, 2, 2, 2, 2, 5, 2};

typedef struct fen_field {
    const char *p;
    size_t len, offset;
} fen_field;

static int split_fields(const char *text, fen_field *f, int max)
{
    int n = 0;
    const char *p = text;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
            p++;
        if (!*p)
            return n;
        if (n == max)
            return max + 1;
        f[n].p = p;
        f[n].offset = (size_t)(p - text);
        while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '\n')
            p++;
        f[n].len = (size_t)(p - f[n].p);
        n++;
    }
}

static int kind_of_letter(char c, int width)
{
    char u = c >= 'a' && c <= 'z' ? (char)(c - 32) : c;
    if (u == 'E')
        return XQ_ELEPHANT;
    if (u == 'H')
        return XQ_HORSE;
    if (u == 'L' && width != 11)
        return 0;
    const char *k = strchr(kind_letters + 1, u);
    return k && u ? (int)(k - kind_letters) : 0;
}

static bg_status parse_board(xq_state *s, const fen_field *f, size_t *offs, bg_error *err)
{
    const int w = s->width;
    int rank = XQ_HEIGHT - 1, file = 0;
    for (size_t i = 0; i < f->len; i++) {
        char c = f->p[i];
        size_t off = f->offset + i;
        if (c == '/') {
            if (file != w)
                return bgi_fail(err, BG_E_PARSE, off, "FEN board: rank %d has %d points, not %d",
                                rank + 1, file, w);
            if (rank == 0)
                return bgi_fail(err, BG_E_PARSE, off, "FEN board: more than %d ranks", XQ_HEIGHT);
            rank--;
            file = 0;
        } else if (c >= '0' && c <= '9') {
            int v = 0;
            size_t j = i;
            while (j < f->len && f->p[j] >= '0' && f->p[j] <= '9' && v <= w)
                v = v * 10 + (f->p[j++] - '0');
            if (c == '0' || v > w || file + v > w)
                return bgi_fail(err, BG_E_PARSE, off,
                                "FEN board: bad count of empty points '%.*s' on rank %d",
                                (int)(j - i), f->p + i, rank + 1);
            file += v;
            i = j - 1;
        } else {
            int kind = kind_of_letter(c, w);
            if (!kind)
                return bgi_fail(err, BG_E_PARSE, off, "FEN board: '%c' is not a piece letter%s", c,
                                (c == 'l' || c == 'L') ? " (lions exist only in lion chess)" : "");
            if (file >= w)
                return bgi_fail(err, BG_E_PARSE, off, "FEN board: rank %d has more than %d points",
                                rank + 1, w);
            int sq = rank * w + file;
            xq_put(s, sq, c >= 'a' ? XQ_BLACK : XQ_RED, kind);
            offs[sq] = off;
            file++;
        }
    }
    if (rank != 0 || file != w)
        return bgi_fail(err, BG_E_PARSE, f->offset + f->len,
                        "FEN board: expected %d ranks of %d points", XQ_HEIGHT, w);
    return BG_OK;
}

static void point_name(const xq_state *s, int sq, char *buf)
{
    buf[0] = (char)('a' + sq % s->width);
    int r = sq / s->width + 1;
    if (r >= 10) {
        buf[1] = '1';
        buf[2] = (char)('0' + r - 10);
        buf[3] = 0;
    } else {
        buf[1] = (char)('0' + r);
        buf[2] = 0;
    }
}

/* Counts per kind and the points each kind may stand on. */
static bg_status check_pieces(const xq_state *s, const size_t *offs, size_t board_off, bg_error *err)
{
    const xq_tables *t = xq_tables_of(s);
    for (int c = 0; c < 2; c++) {
        for (int k = XQ_GENERAL; k <= XQ_LION; k++) {
            int n = bb_popcount(bb_and(s->by_kind[k], s->by_color[c]));
            if (k == XQ_GENERAL && n == 0)
                return bgi_fail(err, BG_E_INVALID_POSITION, board_off,
                                "FEN board: %s has no general", side_names[c]);
            if (n > kind_max[k]) {
                bb128 b = bb_and(s->by_kind[k], s->by_color[c]);
                int last = bb_msb(b);
                return bgi_fail(err, BG_E_INVALID_POSITION, offs[last],
                                "FEN board: %s has %d %ss, at most %d", side_names[c], n,
                                kind_names[k], kind_max[k]);
            }
        }
        const struct {
            int kind;
            bb128 ok;
            const char *where;
        } places[] = {
            {XQ_GENERAL, t->palace[c], "outside its palace"},
            {XQ_ADVISOR, t->advisor_points[c], "off the advisor points of its palace"},
            {XQ_ELEPHANT, t->elephant_points[c], "on a point elephants cannot reach"},
            {XQ_SOLDIER, t->soldier_points[c], "on a point soldiers cannot reach"},
            {XQ_LION, t->lion_points[c], "on a point of the other colour than its start"},
        };
        for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
            bb128 bad = bb_andnot(bb_and(s->by_kind[places[i].kind], s->by_color[c]), places[i].ok);
            if (bb_any(bad)) {
                char name[4];
                int sq = bb_lsb(bad);
                point_name(s, sq, name);
                return bgi_fail(err, BG_E_INVALID_POSITION, offs[sq], "FEN board: %s %s on %s is %s",
                                side_names[c], kind_names[places[i].kind], name, places[i].where);
            }
        }
    }
    return BG_OK;
}

static bg_status parse_number(const fen_field *f, int min, int max, const char *what, int *out,
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

bg_status xq_fen_parse(xq_state *s, int width, const char *text, const char *format,
                       unsigned flags, bg_error *err)
{
    fen_field f[6];
    size_t offs[XQ_MAX_SQ];
    const int lenient = (flags & BG_PARSE_LENIENT) != 0;
    if (format && strcmp(format, "fen") != 0)
        return bgi_fail(err, BG_E_UNSUPPORTED, 0, "%s has no position format '%s'",
                        width == 9 ? "xiangqi" : "lionchess", format);
    const int n = split_fields(text, f, 6);
    const int min_fields = lenient ? 2 : 6;
    if (n < min_fields || n > 6)
        return bgi_fail(err, BG_E_PARSE,
                        n > 6 ? f[5].offset + f[5].len : strlen(text),
                        "FEN: expected 6 fields (board, side, '-', '-', halfmove clock, move "
                        "number)%s, found %d", lenient ? " or at least 2" : "", n > 6 ? 7 : n);

    xq_state st;
    xq_clear(&st, width);
    memset(offs, 0, sizeof offs);
    bg_status r = parse_board(&st, &f[0], offs, err);
    if (r == BG_OK)
        r = check_pieces(&st, offs, f[0].offset, err);
    if (r != BG_OK)
        return r;
    const char side = f[1].len == 1 ? f[1].p[0] : 0;
    if (side != 'w' && side != 'r' && side != 'b')
        return bgi_fail(err, BG_E_PARSE, f[1].offset,
                        "FEN side to move: '%.*s' is not 'w' (or 'r') for red or 'b' for black",
                        (int)f[1].len, f[1].p);
    st.stm = side == 'b' ? XQ_BLACK : XQ_RED;
    for (int i = 2; i < 4 && i < n; i++)
        if (f[i].len != 1 || f[i].p[0] != '-')
            return bgi_fail(err, BG_E_PARSE, f[i].offset,
                            "FEN field %d: '%.*s' must be '-' (no castling or en passant here)",
                            i + 1, (int)f[i].len, f[i].p);
    int half = 0, full = 1;
    if (n >= 5 && (r = parse_number(&f[4], 0, 65535, "halfmove clock", &half, err)) != BG_OK)
        return r;
    if (n >= 6) {
        if ((r = parse_number(&f[5], lenient ? 0 : 1, 65535, "move number", &full, err)) != BG_OK)
            return r;
        if (full == 0)
            full = 1;
    }
    st.halfmove = (uint16_t)half;
    st.fullmove = (uint16_t)full;

    /* The side that just moved may not have left its general attacked (or facing the other). */
    const int them = !st.stm;
    if (xq_general_attacked(&st, them, st.general[them], st.by_kind[0], st.by_color[st.stm]))
        return bgi_fail(err, BG_E_INVALID_POSITION, f[1].offset,
                        "FEN: the side not to move (%s) is in check or its general faces the "
                        "other on an open file", side_names[them]);
    xq_rehash(&st);
    *s = st;
    return BG_OK;
}

int xq_fen_format(const xq_state *s, const char *format, char *buf, size_t cap)
{
    bgi_out o;
    if (format && strcmp(format, "fen") != 0)
        return BG_E_UNSUPPORTED;
    bgi_out_init(&o, buf, cap);
    for (int rank = XQ_HEIGHT - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < s->width; file++) {
            int p = s->board[rank * s->width + file];
            if (!p) {
                empty++;
                continue;
            }
            if (empty)
                bgi_out_printf(&o, "%d", empty);
            empty = 0;
            char c = kind_letters[XQ_KIND(p)];
            bgi_out_char(&o, XQ_SIDE(p) == XQ_BLACK ? (char)(c + 32) : c);
        }
        if (empty)
            bgi_out_printf(&o, "%d", empty);
        if (rank)
            bgi_out_char(&o, '/');
    }
    bgi_out_printf(&o, " %c - - %d %d", s->stm == XQ_RED ? 'w' : 'b', s->halfmove, s->fullmove);
    return bgi_out_finish(&o);
}
