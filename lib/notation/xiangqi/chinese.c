/* libboardgames — traditional Chinese move notation for xiangqi and lion chess: 炮二平五, 馬8進7, 前馬退六, 後炮平4, 中兵, 二兵, 前三進一. */
#include <string.h>

#include "xq_files.h"

/*
** Four characters: the piece, its file counted from the mover's right (red in Chinese numerals
** 一..九, black in digits 1..9), 進 forward / 退 backward / 平 sideways, then the points moved
** along the file or the destination file, in the same numerals. Two like pieces on a file: 前 /
** 後 before the piece instead of the file (前馬退六, 後炮平4); pawns: 3 on a file 前 中 後, 4 前 二
** 三 四, 5 前 二 三 四 五; pawns stacked on two files: 前/中/後 and the file, without 兵 (前三進一).
** Advisors and elephants keep their file. Written with the traditional characters red 帥 仕 相
** 馬 車 炮 兵, black 將 士 象 馬 車 炮 卒, lion 獅; lion chess files 10 and 11 are 十 and 十一 (red).
** Read: simplified characters and variants (帅 将 马 车 进 后 砲 包 俥 傌 狮), the piece before
** 前/後 (車前平三, the WXF's own example), full-width digits; lenient mode also takes the other
** side's numerals.
*/
static const signed char chinese_single[6][5] = {
    [2] = {XQN_FRONT, XQN_REAR},
    [3] = {XQN_FRONT, XQN_MID, XQN_REAR},
    [4] = {XQN_FRONT, XQN_SECOND, XQN_THIRD, XQN_FOURTH},
    [5] = {XQN_FRONT, XQN_SECOND, XQN_THIRD, XQN_FOURTH, XQN_FIFTH},
};

static const xqn_style chinese_style = {"Chinese", chinese_single, 0, bgi_chinese_format};

typedef struct word {
    const char *text;
    int value;
} word;

/* Written forms first (the output uses the first entry of a value for the side). */
static const char *const piece_out[2][XQN_KINDS] = {
    {"", "帥", "仕", "相", "馬", "車", "炮", "兵", "獅"},
    {"", "將", "士", "象", "馬", "車", "炮", "卒", "獅"},
};
const char *bgi_chinese_piece(int kind, int side)
{
    return kind >= 1 && kind < XQN_KINDS && (side == 0 || side == 1) ? piece_out[side][kind] : NULL;
}

static const word pieces[] = {
    {"帥", XQN_GENERAL}, {"帅", XQN_GENERAL}, {"將", XQN_GENERAL}, {"将", XQN_GENERAL},
    {"仕", XQN_ADVISOR}, {"士", XQN_ADVISOR}, {"相", XQN_ELEPHANT}, {"象", XQN_ELEPHANT},
    {"馬", XQN_HORSE},   {"马", XQN_HORSE},   {"傌", XQN_HORSE},    {"車", XQN_CHARIOT},
    {"车", XQN_CHARIOT}, {"俥", XQN_CHARIOT}, {"炮", XQN_CANNON},   {"砲", XQN_CANNON},
    {"包", XQN_CANNON},  {"兵", XQN_SOLDIER}, {"卒", XQN_SOLDIER},  {"獅", XQN_LION},
    {"狮", XQN_LION},
};
static const word orders[] = {
    {"前", XQN_FRONT},  {"後", XQN_REAR},  {"后", XQN_REAR},    {"中", XQN_MID},
    {"二", XQN_SECOND}, {"三", XQN_THIRD}, {"四", XQN_FOURTH}, {"五", XQN_FIFTH},
};
static const word directions[] = {{"進", '+'}, {"进", '+'}, {"退", '-'}, {"平", '.'}};
/* "十一" before "十" so that the longer one wins. */
static const word numerals[] = {
    {"十一", 11}, {"十", 10}, {"一", 1}, {"二", 2}, {"三", 3}, {"四", 4},
    {"五", 5},    {"六", 6},  {"七", 7}, {"八", 8}, {"九", 9},
};

#define COUNT(a) (int)(sizeof(a) / sizeof((a)[0]))

static const char *order_out(int order)
{
    for (int i = 0; i < COUNT(orders); i++)
        if (orders[i].value == order)
            return orders[i].text;
    return "?";
}

static void number_out(bgi_out *o, int side, int v)
{
    if (side == 1) {
        bgi_out_uint(o, (unsigned)v);
        return;
    }
    for (int i = 0; i < COUNT(numerals); i++)
        if (numerals[i].value == v) {
            bgi_out_str(o, numerals[i].text);
            return;
        }
    bgi_out_printf(o, "%d", v); /* not reached: files and steps stay within 1..11 */
}

int bgi_chinese_format(const bg_position *pos, bg_move m, char *buf, size_t cap)
{
    xqn_desc d;
    bgi_out o;
    const int side = bgi_xqn_move_desc(&chinese_style, pos, m, &d);
    if (side < 0)
        return BG_E_UNSUPPORTED;
    bgi_out_init(&o, buf, cap);
    if (!d.kind) { /* pawns stacked on two files */
        bgi_out_str(&o, order_out(d.order));
        number_out(&o, side, d.file);
    } else if (d.order) {
        bgi_out_str(&o, order_out(d.order));
        bgi_out_str(&o, piece_out[side][d.kind]);
    } else {
        bgi_out_str(&o, piece_out[side][d.kind]);
        number_out(&o, side, d.file);
    }
    bgi_out_str(&o, d.op == '+' ? "進" : d.op == '-' ? "退" : "平");
    number_out(&o, side, d.arg);
    return bgi_out_finish(&o);
}

/* ---------- parsing ---------- */

typedef struct cn_in {
    const char *t;
    size_t end;
    int lenient, side, lion;
} cn_in;

#define QUOTE(t) bgi_xqn_quote_len((t), 40), (t)

/* Bytes of the table entry at t[i] (its value in *v), or 0. */
static size_t find(const cn_in *in, size_t i, const word *tab, int n, int *v)
{
    for (int k = 0; k < n; k++) {
        size_t len = strlen(tab[k].text);
        if (i + len <= in->end && memcmp(in->t + i, tab[k].text, len) == 0) {
            *v = tab[k].value;
            return len;
        }
    }
    return 0;
}

/* One ASCII or full-width digit at t[i]: its bytes, value in *v. */
static size_t digit(const cn_in *in, size_t i, int *v)
{
    const unsigned char *u = (const unsigned char *)in->t + i;
    if (i < in->end && u[0] >= '0' && u[0] <= '9') {
        *v = u[0] - '0';
        return 1;
    }
    if (i + 3 <= in->end && u[0] == 0xef && u[1] == 0xbc && u[2] >= 0x90 && u[2] <= 0x99) {
        *v = u[2] - 0x90;
        return 3;
    }
    return 0;
}

/*
** A file or a count at t[i]: Chinese numerals for red, digits for black (strict mode); returns
** the bytes read, 0 if there is no number, or a negative status (err filled in).
*/
static long read_number(const cn_in *in, size_t i, int *v, const char *what, bg_error *err)
{
    size_t n = find(in, i, numerals, COUNT(numerals), v);
    int chinese = n > 0;
    if (!n) {
        int d1, d2;
        size_t k = digit(in, i, &d1);
        if (!k)
            return 0;
        n = k;
        *v = d1;
        if ((k = digit(in, i + n, &d2)) > 0) {
            if (d1 == 0)
                return bgi_fail(err, BG_E_PARSE, i, "Chinese move '%.*s': %s with a leading zero",
                                QUOTE(in->t), what);
            n += k;
            *v = d1 * 10 + d2;
            if (digit(in, i + n, &d2))
                return bgi_fail(err, BG_E_PARSE, i, "Chinese move '%.*s': %s has too many digits",
                                QUOTE(in->t), what);
        }
        if (*v == 0)
            return bgi_fail(err, BG_E_PARSE, i, "Chinese move '%.*s': %s 0", QUOTE(in->t), what);
    }
    if (!in->lenient && chinese != (in->side == 0))
        return bgi_fail(err, BG_E_PARSE, i,
                        "Chinese move '%.*s': %s is written in %s for %s (lenient mode accepts "
                        "both)", QUOTE(in->t), what,
                        in->side == 0 ? "Chinese numerals (一..九)" : "digits (1..9)",
                        in->side == 0 ? "red" : "black");
    return (long)n;
}

typedef struct cn_offsets {
    size_t file, op, arg;
} cn_offsets;

/* The head: piece and file, order and piece, order and file (pawns on two files), piece and order. */
static bg_status read_head(const cn_in *in, size_t *i, xqn_desc *d, cn_offsets *at, bg_error *err)
{
    size_t n;
    long k;
    if ((n = find(in, *i, pieces, COUNT(pieces), &d->kind)) > 0) {
        *i += n;
        at->file = *i;
        if ((n = find(in, *i, orders, 4, &d->order)) > 0) { /* 車前平三: 前 後 后 中 only */
            *i += n;
            return BG_OK;
        }
        k = read_number(in, *i, &d->file, "the file", err);
        if (k < 0)
            return (bg_status)k;
        if (k == 0)
            return bgi_fail(err, BG_E_PARSE, *i,
                            "Chinese move '%.*s': expected the piece's file (%s) or 前/後",
                            QUOTE(in->t), in->side == 0 ? "一..九" : "1..9");
        *i += (size_t)k;
        return BG_OK;
    }
    if ((n = find(in, *i, orders, COUNT(orders), &d->order)) > 0) {
        size_t order_at = *i;
        *i += n;
        if ((n = find(in, *i, pieces, COUNT(pieces), &d->kind)) > 0) {
            *i += n;
            return BG_OK;
        }
        at->file = *i;
        k = read_number(in, *i, &d->file, "the file", err);
        if (k < 0)
            return (bg_status)k;
        if (k == 0)
            return bgi_fail(err, BG_E_PARSE, *i,
                            "Chinese move '%.*s': expected a piece, or the file of pawns "
                            "stacked on two files, after the order", QUOTE(in->t));
        if (d->order != XQN_FRONT && d->order != XQN_MID && d->order != XQN_REAR)
            return bgi_fail(err, BG_E_PARSE, order_at,
                            "Chinese move '%.*s': pawns stacked on two files are 前, 中 or 後",
                            QUOTE(in->t));
        *i += (size_t)k;
        return BG_OK;
    }
    return bgi_fail(err, BG_E_PARSE, *i,
                    "Chinese move '%.*s': expected a piece (帥 仕 相 馬 車 炮 兵 / 將 士 象 卒%s) "
                    "or 前/中/後", QUOTE(in->t), in->lion ? " 獅" : "");
}

static bg_status read_move(const cn_in *in, size_t i, xqn_desc *d, cn_offsets *at, bg_error *err)
{
    int v;
    memset(d, 0, sizeof *d);
    bg_status s = read_head(in, &i, d, at, err);
    if (s != BG_OK)
        return s;
    size_t n = find(in, i, directions, COUNT(directions), &v);
    if (!n)
        return bgi_fail(err, BG_E_PARSE, i, "Chinese move '%.*s': expected 進, 退 or 平",
                        QUOTE(in->t));
    d->op = (char)v;
    at->op = i;
    i += n;
    at->arg = i;
    long k = read_number(in, i, &d->arg, "the number", err);
    if (k < 0)
        return (bg_status)k;
    if (k == 0)
        return bgi_fail(err, BG_E_PARSE, i, "Chinese move '%.*s': expected %s after %.*s",
                        QUOTE(in->t), in->side == 0 ? "a Chinese numeral" : "a digit", (int)n,
                        in->t + at->op);
    i += (size_t)k;
    if (i != in->end)
        return bgi_fail(err, BG_E_PARSE, i, "Chinese move '%.*s': unexpected text after the move",
                        QUOTE(in->t));
    return BG_OK;
}

/* Offset of the first byte that is not valid UTF-8, or the length. */
static size_t utf8_fault(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    while (u[i]) {
        unsigned cp;
        size_t k;
        unsigned min;
        if (u[i] < 0x80) {
            i++;
            continue;
        }
        if (u[i] >= 0xc2 && u[i] <= 0xdf) k = 2, min = 0x80;
        else if (u[i] >= 0xe0 && u[i] <= 0xef) k = 3, min = 0x800;
        else if (u[i] >= 0xf0 && u[i] <= 0xf4) k = 4, min = 0x10000;
        else return i;
        cp = u[i] & (0x7f >> k);
        for (size_t j = 1; j < k; j++) {
            if ((u[i + j] & 0xc0) != 0x80)
                return i;
            cp = cp << 6 | (u[i + j] & 0x3f);
        }
        if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return i;
        i += k;
    }
    return i;
}

static size_t blank(const char *t, size_t i, size_t end)
{
    if (i < end && (t[i] == ' ' || t[i] == '\t'))
        return 1;
    if (i + 3 <= end && memcmp(t + i, "\xe3\x80\x80", 3) == 0) /* ideographic space */
        return 3;
    return 0;
}

bg_status bgi_chinese_parse(const bg_position *pos, const char *text, unsigned flags, bg_move *out,
                            bg_error *err)
{
    cn_in in = {text, strlen(text), (flags & BG_PARSE_LENIENT) != 0, 0,
                pos->variant->piece_kinds >= XQN_LION};
    cn_offsets at = {0, 0, 0};
    size_t i = 0, bad = utf8_fault(text), n;
    xqn_desc d;
    *out = BG_MOVE_NONE;
    if (bad < in.end)
        return bgi_fail(err, BG_E_ENCODING, bad,
                        "Chinese move: byte 0x%02x at offset %zu is not valid UTF-8",
                        (unsigned char)text[bad], bad);
    in.side = pos->variant->rules->side_to_move(pos);
    if (in.lenient) {
        while ((n = blank(text, i, in.end)) > 0)
            i += n;
        for (int cut = 1; cut && in.end > i;) {
            cut = 0;
            if (text[in.end - 1] == ' ' || text[in.end - 1] == '\t')
                cut = 1;
            else if (in.end >= i + 3 && memcmp(text + in.end - 3, "\xe3\x80\x80", 3) == 0)
                cut = 3;
            in.end -= (size_t)cut;
        }
    }
    bg_status s = read_move(&in, i, &d, &at, err);
    if (s == BG_OK)
        s = bgi_xqn_check(&chinese_style, pos, &d, at.file, at.op, at.arg, text, err);
    if (s == BG_OK)
        s = bgi_xqn_match(pos, &chinese_style, &d, text, flags, out, err);
    return s;
}
