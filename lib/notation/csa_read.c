/* libboardgames — CSA record import (V2.2 and V3.0): N+/N-, $ info lines, PI / P1..P9 / P+ P- start positions, moves with T times, ' comments, % endings, games separated by '/'. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kif.h"

/* CSA info keys stored under their KIF header names (kif.h). */
static const struct {
    const char *csa, *tag;
} info_keys[] = {
    {"EVENT", "棋戦"},      {"SITE", "場所"},           {"START_TIME", "開始日時"},
    {"END_TIME", "終了日時"}, {"TIME_LIMIT", "持ち時間"}, {"OPENING", "戦型"},
};

typedef struct csa_ctx {
    krec k;
    kif_setup setup;
    int have_pi, have_rows, have_pieces, position_done, ended;
    size_t position_at;
} csa_ctx;

/* Extent of the game at `start`: up to a line holding only "/" (not included) or the end. */
static size_t game_end(const char *d, size_t start, size_t len, size_t *next)
{
    for (size_t i = start; i < len;) {
        size_t e = kif_line_end(d, i, len), a = i, b = e;
        kif_trim(d, &a, &b);
        if (b == a + 1 && d[a] == '/') {
            *next = e < len ? e + 1 : len;
            return i;
        }
        i = e < len ? e + 1 : len;
    }
    *next = len;
    return len;
}

static int csa_code(const jp_family *fam, const char *p)
{
    for (int k = 1; k <= fam->nkinds; k++)
        if (fam->pieces[k].csa && p[0] == fam->pieces[k].csa[0] && p[1] == fam->pieces[k].csa[1])
            return k;
    return 0;
}

/* Two digits at p: a square of the board (or 00 = the hand when `hand` is allowed); -1 if bad, -2 for 00. */
static int csa_square(const bg_variant *v, const char *p, int hand)
{
    if (p[0] < '0' || p[0] > '9' || p[1] < '0' || p[1] > '9')
        return -1;
    int f = p[0] - '0', r = p[1] - '0';
    if (f == 0 && r == 0)
        return hand ? -2 : -1;
    if (f < 1 || f > v->width || r < 1 || r > v->height)
        return -1;
    return jp_square(v, f, r);
}

/* Pieces of each base kind in the whole set (for P+00AL): what the start position holds. */
static void set_totals(const bg_variant *v, int totals[20])
{
    kif_setup start;
    const jp_family *fam = jp_family_of(v);
    kif_setup_from_sfen_start(&start, v);
    memset(totals, 0, 20 * sizeof totals[0]);
    for (int sq = 0; sq < v->width * v->height; sq++)
        if (start.board[sq])
            totals[fam->pieces[start.board[sq] & 127].base]++;
}

static bg_status position_line(csa_ctx *c, size_t i, size_t e)
{
    const char *d = c->k.d;
    const jp_family *fam = c->k.fam;
    const bg_variant *v = c->k.rd->variant;
    const int size = v->width, height = v->height;
    if (!c->have_pieces && !c->have_rows && !c->have_pi)
        c->position_at = i;
    if (e >= i + 2 && d[i + 1] == 'I') {
        if (c->have_pi || c->have_rows)
            return kif_fail(&c->k, BG_E_PARSE, i, 0, "PI after another start position");
        kif_setup_from_sfen_start(&c->setup, c->k.rd->variant);
        c->have_pi = 1;
        for (size_t p = i + 2; p < e; p += 4) {
            int sq = p + 4 <= e ? csa_square(v, d + p, 0) : -1;
            int k = sq >= 0 ? csa_code(fam, d + p + 2) : 0;
            if (!k)
                return kif_fail(&c->k, BG_E_PARSE, p, 0, "PI: expected a square and a piece (82HI)");
            if ((c->setup.board[sq] & 127) != k)
                return kif_fail(&c->k, BG_E_PARSE, p, 0, "PI: no %s on %.2s to take off",
                                fam->pieces[k].csa, d + p);
            c->setup.board[sq] = 0;
        }
        return BG_OK;
    }
    if (e >= i + 2 && d[i + 1] >= '1' && d[i + 1] <= '9') {
        int row = d[i + 1] - '0';
        if (row > height)
            return kif_fail(&c->k, BG_E_PARSE, i, 0, "P%d: the board has %d ranks", row, height);
        if (c->have_pi)
            return kif_fail(&c->k, BG_E_PARSE, i, 0, "P%d after PI", row);
        c->have_rows = 1;
        for (int f = 0; f < size; f++) {
            size_t p = i + 2 + 3 * (size_t)f;
            int sq = jp_square(v, size - f, row);
            /* The last cell's trailing blank may be trimmed: " *" */
            if (p + 2 <= e && d[p] == ' ' && d[p + 1] == '*' && (p + 2 == e || d[p + 2] == ' ')) {
                c->setup.board[sq] = 0;
                continue;
            }
            int k = p + 3 <= e && (d[p] == '+' || d[p] == '-') ? csa_code(fam, d + p + 1) : 0;
            if (!k)
                return kif_fail(&c->k, BG_E_PARSE, p < e ? p : e, 0,
                                "P%d: expected ' * ' or a piece such as '+FU' for file %d", row,
                                size - f);
            c->setup.board[sq] = (unsigned char)(k | (d[p] == '-') << 7);
        }
        if (i + 2 + 3 * (size_t)size < e)
            return kif_fail(&c->k, BG_E_PARSE, i + 2 + 3 * (size_t)size, 0,
                            "P%d: more than %d squares", row, size);
        return BG_OK;
    }
    if (e >= i + 2 && (d[i + 1] == '+' || d[i + 1] == '-')) {
        const int side = d[i + 1] == '-';
        c->have_pieces = 1;
        for (size_t p = i + 2; p < e; p += 4) {
            if (p + 4 > e)
                return kif_fail(&c->k, BG_E_PARSE, p, 0, "P%c: expected a square and a piece (00FU)",
                                d[i + 1]);
            int sq = csa_square(v, d + p, 1);
            if (sq == -2 && d[p + 2] == 'A' && d[p + 3] == 'L') {
                /* The rest of the set (but kings) goes to this side's hand. */
                int totals[20], used[20] = {0};
                set_totals(c->k.rd->variant, totals);
                for (int s = 0; s < size * height; s++)
                    if (c->setup.board[s])
                        used[fam->pieces[c->setup.board[s] & 127].base]++;
                for (int h = 0; h < 2; h++)
                    for (int k = 1; k < 20; k++)
                        used[k] += c->setup.hand[h][k];
                for (int k = 1; k <= fam->nkinds && k < 20; k++)
                    if (k != fam->king && fam->pieces[k].base == k && totals[k] > used[k])
                        c->setup.hand[side][k] += (unsigned char)(totals[k] - used[k]);
                continue;
            }
            int k = sq != -1 ? csa_code(fam, d + p + 2) : 0;
            if (!k)
                return kif_fail(&c->k, BG_E_PARSE, p, 0, "P%c: expected a square and a piece (00FU)",
                                d[i + 1]);
            if (sq == -2) {
                if (fam->pieces[k].base != k || k == fam->king)
                    return kif_fail(&c->k, BG_E_PARSE, p, 0, "P%c: %s cannot be in hand", d[i + 1],
                                    fam->pieces[k].csa);
                if (c->setup.hand[side][k] < 99)
                    c->setup.hand[side][k]++;
            } else {
                c->setup.board[sq] = (unsigned char)(k | side << 7);
            }
        }
        return BG_OK;
    }
    return kif_fail(&c->k, BG_E_PARSE, i, 0, "expected PI, P1-P%d, P+ or P-", height);
}

static bg_status finish_position(csa_ctx *c, int stm, size_t at)
{
    c->position_done = 1;
    if (!c->have_pi && !c->have_rows && !c->have_pieces)
        kif_setup_from_sfen_start(&c->setup, c->k.rd->variant);
    c->setup.stm = stm;
    c->setup.ply = 1;
    char sfen[256];
    kif_setup_sfen(&c->setup, c->k.rd->variant, sfen, sizeof sfen);
    return kif_make_game(&c->k, sfen, c->have_pi || c->have_rows || c->have_pieces ? c->position_at : at);
}

static bg_status info_line(csa_ctx *c, size_t i, size_t e)
{
    const char *d = c->k.d;
    const char *key = NULL;
    size_t vs;
    char keybuf[64];
    if (d[i] == 'N') {
        if (e < i + 2 || (d[i + 1] != '+' && d[i + 1] != '-'))
            return kif_fail(&c->k, BG_E_PARSE, i, 0, "expected N+ or N- and a name");
        key = d[i + 1] == '+' ? "先手" : "後手";
        vs = i + 2;
    } else {
        size_t colon = i + 1;
        while (colon < e && d[colon] != ':')
            colon++;
        if (colon >= e || colon == i + 1 || colon - i - 1 >= sizeof keybuf)
            return kif_fail(&c->k, BG_E_PARSE, i, 0, "expected $KEY:value");
        memcpy(keybuf, d + i + 1, colon - i - 1);
        keybuf[colon - i - 1] = 0;
        key = keybuf;
        for (size_t k = 0; k < sizeof info_keys / sizeof info_keys[0]; k++)
            if (strcmp(info_keys[k].csa, keybuf) == 0)
                key = info_keys[k].tag;
        vs = colon + 1;
    }
    const char *value = kif_scratch(&c->k, vs, e);
    bg_status s = bg_game_set_tag(c->k.g, key, value);
    if (s == BG_OK || s == BG_E_NO_MEMORY)
        return s == BG_OK ? s : kif_oom(&c->k, i);
    return kif_fail(&c->k, s, i, 0, "%s: %s", key, bg_game_errmsg(c->k.g));
}

/* Tags wait for the game, which exists once the start position is known: read them again then. */
static bg_status header_tags(csa_ctx *c, size_t from, size_t to)
{
    const char *d = c->k.d;
    int first = 1;
    for (size_t i = from; i < to;) {
        size_t e = kif_line_end(d, i, to), a = i, b = e;
        kif_trim(d, &a, &b);
        /* Only the first line can be the encoding line: a comment "CSA ..." later is a comment. */
        int encoding = first && b - a >= 14 && memcmp(d + a, "'CSA encoding=", 14) == 0;
        first = first && a == b;
        if (a < b && (d[a] == 'N' || d[a] == '$')) {
            bg_status s = info_line(c, a, b);
            if (s != BG_OK)
                return s;
        } else if (a < b && d[a] == '\'' && !encoding) {
            bg_status s = kif_add_comment(&c->k, 0, kif_scratch(&c->k, a + 1, b), a);
            if (s != BG_OK)
                return s;
        }
        i = e < to ? e + 1 : to;
    }
    return BG_OK;
}

static bg_status time_statement(csa_ctx *c, size_t i, size_t e)
{
    const char *d = c->k.d;
    long sec = 0;
    int ms = 0;
    size_t p = i + 1;
    if (p >= e || d[p] < '0' || d[p] > '9')
        return kif_fail(&c->k, BG_E_PARSE, i, 0, "expected a time in seconds after T");
    while (p < e && d[p] >= '0' && d[p] <= '9') {
        if (sec < 100000000)
            sec = sec * 10 + (d[p] - '0');
        p++;
    }
    if (p < e && d[p] == '.') {
        p++;
        for (int k = 0; k < 3; k++)
            ms = ms * 10 + (p < e && d[p] >= '0' && d[p] <= '9' ? d[p++] - '0' : 0);
        while (p < e && d[p] >= '0' && d[p] <= '9')
            p++;
    }
    if (p != e)
        return kif_fail(&c->k, BG_E_PARSE, p, 0, "unexpected '%c' in a time", d[p]);
    int ply = bg_game_ply_count(c->k.g);
    if (ply == 0)
        return BG_OK; /* a time before any move (an ending's) has no move to belong to */
    return kif_set_time(&c->k, ply, sec, ms, i);
}

static bg_status move_statement(csa_ctx *c, size_t i, size_t e)
{
    const int ply = bg_game_ply_count(c->k.g) + 1;
    const char *text = kif_scratch(&c->k, i, e);
    if (c->ended)
        return kif_fail(&c->k, BG_E_PARSE, i, ply, "move '%s' after the ending", text);
    bg_move m;
    bg_error e2 = BG_ERROR_INIT;
    bg_status s = bgi_csa_parse(bg_game_position(c->k.g), text, 0, &m, &e2);
    if (s != BG_OK)
        return kif_fail(&c->k, s, i + e2.offset, ply, "%s", e2.message);
    return kif_play(&c->k, m, i, text);
}

static bg_status ending_statement(csa_ctx *c, size_t i, size_t e)
{
    const char *d = c->k.d;
    const kif_ending *end = kif_ending_by_csa(d + i + 1, e - i - 1);
    if (!end)
        return kif_fail(&c->k, BG_E_PARSE, i, 0, "unknown CSA ending '%.*s'", (int)(e - i), d + i);
    if (c->ended)
        return kif_fail(&c->k, BG_E_PARSE, i, 0, "a second ending '%.*s'", (int)(e - i), d + i);
    c->ended = 1;
    return kif_apply_ending(&c->k, end->csa, i);
}

static bg_status read_game(csa_ctx *c)
{
    const char *d = c->k.d;
    const size_t end = c->k.end;
    size_t header_from = c->k.start;
    for (size_t i = c->k.start; i < end;) {
        size_t e = kif_line_end(d, i, end), a = i, b = e;
        kif_trim(d, &a, &b);
        size_t next = e < end ? e + 1 : end;
        bg_status s = BG_OK;
        if (a == b) {
            i = next;
            continue;
        }
        if (!c->position_done) {
            char ch = d[a];
            if (ch == '\'' || ch == 'N' || ch == '$' || (ch == 'V' && b > a + 1 && d[a + 1] >= '0' &&
                                                          d[a + 1] <= '9')) {
                i = next;
                continue;
            }
            if (ch == 'P') {
                s = position_line(c, a, b);
                if (s != BG_OK)
                    return s;
                i = next;
                continue;
            }
            if ((ch == '+' || ch == '-') && b == a + 1) {
                s = finish_position(c, ch == '-', a);
                if (s == BG_OK)
                    s = header_tags(c, header_from, i);
                if (s != BG_OK)
                    return s;
                i = next;
                continue;
            }
            if (ch == '+' || ch == '-' || ch == '%' || ch == 'T') {
                /* No turn line: the side of the first move decides (lenient, as real files need). */
                s = finish_position(c, ch == '-', a);
                if (s == BG_OK)
                    s = header_tags(c, header_from, i);
                if (s != BG_OK)
                    return s;
            } else {
                return kif_fail(&c->k, BG_E_PARSE, a, 0,
                                "expected a CSA header line (V, N, $, P, ' or the side to move)");
            }
        }
        if (d[a] == '\'') {
            s = kif_add_comment(&c->k, bg_game_ply_count(c->k.g), kif_scratch(&c->k, a + 1, b), a);
        } else if (d[a] == 'N' || d[a] == '$') {
            s = info_line(c, a, b);
        } else {
            /* Statements separated by commas: +7776FU,T12 */
            for (size_t p = a; p < b && s == BG_OK;) {
                size_t q = p;
                while (q < b && d[q] != ',')
                    q++;
                size_t sa = p, sb = q;
                kif_trim(d, &sa, &sb);
                if (sa < sb) {
                    if (d[sa] == '+' || d[sa] == '-')
                        s = move_statement(c, sa, sb);
                    else if (d[sa] == 'T')
                        s = time_statement(c, sa, sb);
                    else if (d[sa] == '%')
                        s = ending_statement(c, sa, sb);
                    else
                        s = kif_fail(&c->k, BG_E_PARSE, sa, bg_game_ply_count(c->k.g) + 1,
                                     "expected a move (+7776FU), a time (T12), an ending (%%TORYO) or a comment");
                }
                p = q + 1;
            }
        }
        if (s != BG_OK)
            return s;
        i = next;
    }
    if (!c->position_done) {
        bg_status s = finish_position(c, c->setup.stm, c->k.start);
        if (s == BG_OK)
            s = header_tags(c, header_from, end);
        return s;
    }
    return BG_OK;
}

bg_status bgi_csa_read_next(bg_record_reader *rd, bg_game **game, bg_error *err)
{
    csa_ctx c;
    memset(&c, 0, sizeof c);
    bg_status s = kif_begin_game(&c.k, rd, err);
    if (s != BG_OK)
        return s;
    size_t next;
    c.k.end = game_end(rd->data, rd->pos, rd->len, &next);
    s = kif_scratch_new(&c.k);
    if (s == BG_OK)
        s = read_game(&c);
    if (s == BG_OK)
        s = kif_flush_comment(&c.k);
    return kif_end_game(&c.k, next, s, game);
}
