/* libboardgames — janggi FEN (Fairy-Stockfish form): strict parsing with offsets, validation, writing; the 16 setups. */
#include <string.h>

#include "janggi.h"

/* Letters by kind as written; parsing also takes E (elephant) and H (horse) as Fairy-Stockfish does. */
static const char kind_letters[] = " KABNRCP";
static const char *const side_names[2] = {"Cho", "Han"};
static const char *const kind_names[] = {"", "general", "guard", "elephant", "horse", "chariot",
                                         "cannon", "soldier"};
static const int kind_max[] = {0, 1, 2, 2, 2, 2, 2, 5};

/*
** The four back-rank arrangements of one side, as FEN letters left to right as seen from Cho
** (files a..i) and by their Korean names, which read the horse (마) and elephant (상) points in
** the same order. Index 0 is the default (inner elephants).
*/
static const char *const arrangement_fen[4] = {"RNBA1ABNR", "RBNA1ANBR", "RBNA1ABNR", "RNBA1ANBR"};
static const char *const arrangement_korean[4] = {"마상상마", "상마마상", "상마상마", "마상마상"};

const char *jg_arrangement_korean(int i) { return i >= 0 && i < 4 ? arrangement_korean[i] : NULL; }
const char *jg_arrangement_fen(int i) { return i >= 0 && i < 4 ? arrangement_fen[i] : NULL; }

static char upper(char c) { return c >= 'a' && c <= 'z' ? (char)(c - 32) : c; }

int jg_arrangement_index(const char *rank, size_t len)
{
    if (len != 9)
        return -1;
    for (int i = 0; i < 4; i++) {
        int ok = 1;
        for (size_t k = 0; k < 9 && ok; k++) {
            char c = upper(rank[k]), want = arrangement_fen[i][k];
            ok = c == want || (want == 'N' && c == 'H') || (want == 'B' && c == 'E');
        }
        if (ok)
            return i;
    }
    return -1;
}

static int arrangement_of(const char *p, size_t len)
{
    int i = jg_arrangement_index(p, len);
    for (int k = 0; i < 0 && k < 4; k++)
        if (strlen(arrangement_korean[k]) == len && memcmp(arrangement_korean[k], p, len) == 0)
            i = k;
    return i;
}

bg_status jg_setup_ranks(const char *text, char cho[10], char han[10], bg_error *err)
{
    const char *slash = strchr(text, '/');
    int a = slash ? arrangement_of(text, (size_t)(slash - text)) : -1;
    int b = slash ? arrangement_of(slash + 1, strlen(slash + 1)) : -1;
    if (a < 0 || b < 0)
        return bgi_fail(err, BG_E_UNKNOWN_OPTION, 0,
                        "option setup: '%s' is not <Cho rank 1>/<Han rank 10>, each one of "
                        "RNBA1ABNR, RBNA1ANBR, RBNA1ABNR, RNBA1ANBR (or 마상상마, 상마마상, 상마상마, "
                        "마상마상), Han's also read from Cho's side, left to right",
                        text);
    for (int k = 0; k < 9; k++) {
        cho[k] = arrangement_fen[a][k];
        const char h = arrangement_fen[b][k];
        han[k] = h >= 'A' ? (char)(h + 32) : h;
    }
    cho[9] = han[9] = 0;
    return BG_OK;
}

static int kind_of_letter(char c)
{
    char u = upper(c);
    if (u == 'E')
        return JG_ELEPHANT;
    if (u == 'H')
        return JG_HORSE;
    const char *k = strchr(kind_letters + 1, u);
    return k && u ? (int)(k - kind_letters) : 0;
}

static bg_status parse_board(jg_state *s, const bgi_field *f, size_t *offs, bg_error *err)
{
    int rank = JG_HEIGHT - 1, file = 0;
    for (size_t i = 0; i < f->len; i++) {
        char c = f->p[i];
        size_t off = f->offset + i;
        if (c == '/') {
            if (file != JG_WIDTH)
                return bgi_fail(err, BG_E_PARSE, off, "FEN board: rank %d has %d points, not %d",
                                rank + 1, file, JG_WIDTH);
            if (rank == 0)
                return bgi_fail(err, BG_E_PARSE, off, "FEN board: more than %d ranks", JG_HEIGHT);
            rank--;
            file = 0;
        } else if (c >= '0' && c <= '9') {
            if (c == '0' || (i > 0 && f->p[i - 1] >= '0' && f->p[i - 1] <= '9'))
                return bgi_fail(err, BG_E_PARSE, off,
                                "FEN board: bad count of empty points on rank %d (one digit 1-9)",
                                rank + 1);
            if (file + (c - '0') > JG_WIDTH)
                return bgi_fail(err, BG_E_PARSE, off, "FEN board: rank %d has more than %d points",
                                rank + 1, JG_WIDTH);
            file += c - '0';
        } else {
            int kind = kind_of_letter(c);
            if (!kind)
                return bgi_fail(err, BG_E_PARSE, off, "FEN board: '%c' is not a piece letter", c);
            if (file >= JG_WIDTH)
                return bgi_fail(err, BG_E_PARSE, off, "FEN board: rank %d has more than %d points",
                                rank + 1, JG_WIDTH);
            int sq = rank * JG_WIDTH + file;
            jg_put(s, sq, c >= 'a' ? JG_HAN : JG_CHO, kind);
            offs[sq] = off;
            file++;
        }
    }
    if (rank != 0 || file != JG_WIDTH)
        return bgi_fail(err, BG_E_PARSE, f->offset + f->len,
                        "FEN board: expected %d ranks of %d points", JG_HEIGHT, JG_WIDTH);
    return BG_OK;
}

static void point_name(int sq, char *buf)
{
    int r = sq / JG_WIDTH + 1;
    buf[0] = (char)('a' + sq % JG_WIDTH);
    buf[1] = r >= 10 ? '1' : (char)('0' + r);
    buf[2] = r >= 10 ? '0' : 0;
    buf[3] = 0;
}

/* Counts per kind and the points each kind may stand on. */
static bg_status check_pieces(const jg_state *s, const size_t *offs, size_t board_off, bg_error *err)
{
    for (int c = 0; c < 2; c++) {
        for (int k = JG_GENERAL; k <= JG_SOLDIER; k++) {
            bb128 b = bb_and(s->by_kind[k], s->by_color[c]);
            int n = bb_popcount(b);
            if (k == JG_GENERAL && n == 0)
                return bgi_fail(err, BG_E_INVALID_POSITION, board_off,
                                "FEN board: %s has no general", side_names[c]);
            if (n > kind_max[k])
                return bgi_fail(err, BG_E_INVALID_POSITION, offs[bb_msb(b)],
                                "FEN board: %s has %d %ss, at most %d", side_names[c], n,
                                kind_names[k], kind_max[k]);
        }
        const struct {
            int kind;
            bb128 ok;
            const char *where;
        } places[] = {
            {JG_GENERAL, JGT->palace[c], "outside its palace"},
            {JG_GUARD, JGT->palace[c], "outside its palace"},
            {JG_SOLDIER, JGT->soldier_points[c], "behind its starting rank (soldiers never step back)"},
        };
        for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
            bb128 bad = bb_andnot(bb_and(s->by_kind[places[i].kind], s->by_color[c]), places[i].ok);
            if (bb_any(bad)) {
                char name[4];
                int sq = bb_lsb(bad);
                point_name(sq, name);
                return bgi_fail(err, BG_E_INVALID_POSITION, offs[sq], "FEN board: %s %s on %s is %s",
                                side_names[c], kind_names[places[i].kind], name, places[i].where);
            }
        }
    }
    return BG_OK;
}

static bg_status parse_number(const bgi_field *f, int min, int max, const char *what, int *out,
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

bg_status jg_fen_parse(jg_state *s, const char *text, const char *format, unsigned flags,
                       bg_error *err)
{
    bgi_field f[6];
    size_t offs[JG_SQ];
    const int lenient = (flags & BG_PARSE_LENIENT) != 0;
    if (format && strcmp(format, "fen") != 0)
        return bgi_fail(err, BG_E_UNSUPPORTED, 0, "janggi has no position format '%s'", format);
    const int n = bgi_split_fields(text, f, 6);
    const int min_fields = lenient ? 2 : 6;
    if (n < min_fields || n > 6)
        return bgi_fail(err, BG_E_PARSE, n > 6 ? f[5].offset + f[5].len : strlen(text),
                        "FEN: expected 6 fields (board, side, '-', '-', halfmove clock, move "
                        "number)%s, found %d", lenient ? " or at least 2" : "", n > 6 ? 7 : n);

    jg_state st;
    jg_clear(&st);
    st.bikjang = s->bikjang;
    memset(offs, 0, sizeof offs);
    bg_status r = parse_board(&st, &f[0], offs, err);
    if (r == BG_OK)
        r = check_pieces(&st, offs, f[0].offset, err);
    if (r != BG_OK)
        return r;
    const char side = f[1].len == 1 ? f[1].p[0] : 0;
    if (side != 'w' && side != 'b')
        return bgi_fail(err, BG_E_PARSE, f[1].offset,
                        "FEN side to move: '%.*s' is not 'w' (Cho) or 'b' (Han)", (int)f[1].len,
                        f[1].p);
    st.stm = side == 'b' ? JG_HAN : JG_CHO;
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

    /*
    ** The side that just moved may not have left its general attacked, unless it passed in check
    ** while the generals faced each other (bikjang rulesets allow it): that pass ended the game.
    */
    if (jg_side_attacked(&st, !st.stm)) {
        if (!st.bikjang || !jg_facing(&st))
            return bgi_fail(err, BG_E_INVALID_POSITION, f[1].offset,
                            "FEN: the side not to move (%s) is in check", side_names[!st.stm]);
        st.passes = 1;
        st.ended = 1;
    }
    jg_rehash(&st);
    *s = st;
    return BG_OK;
}

int jg_fen_format(const jg_state *s, const char *format, char *buf, size_t cap)
{
    bgi_out o;
    if (format && strcmp(format, "fen") != 0)
        return BG_E_UNSUPPORTED;
    bgi_out_init(&o, buf, cap);
    for (int rank = JG_HEIGHT - 1; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < JG_WIDTH; file++) {
            int p = s->board[rank * JG_WIDTH + file];
            if (!p) {
                empty++;
                continue;
            }
            if (empty)
                bgi_out_char(&o, (char)('0' + empty));
            empty = 0;
            char c = kind_letters[JG_KIND(p)];
            bgi_out_char(&o, JG_SIDE(p) == JG_HAN ? (char)(c + 32) : c);
        }
        if (empty)
            bgi_out_char(&o, (char)('0' + empty));
        if (rank)
            bgi_out_char(&o, '/');
    }
    bgi_out_printf(&o, " %c - - %d %d", s->stm == JG_CHO ? 'w' : 'b', s->halfmove, s->fullmove);
    return bgi_out_finish(&o);
}
