/* libboardgames — WXF notation for xiangqi and lion chess: C2.5, H8+7, R+.3, C--1, pawn stacks ++.4 P3.4 3+.4 33.4. */
#include <string.h>

#include "xq_files.h"

/*
** WXF (Asian Xiangqi Federation 1982, adopted by the WXF in 1997): piece letter K A E H R C P,
** the file counted from the mover's right, '+' forward / '-' backward / '.' sideways, then the
** points moved along the file or the destination file. Two like pieces on a file: '+' front and
** '-' rear instead of the file (R+.3, C--1). Pawns: 3 on a file P+ P3 P-; 4 ++ P+ P- --;
** 5 ++ P+ P3 P- --; stacks on two files name the file first: 3+ 33 3- and 7+ 7-. Advisors and
** elephants keep their file (only one of two can make a given move). Lion chess: files 1-11,
** written 10 and 11; the lion is L (its FEN letter, as in the Fairy-Stockfish definition).
*/
static const signed char wxf_single[6][5] = {
    [2] = {XQN_FRONT, XQN_REAR},
    [3] = {XQN_FRONT, XQN_NONE, XQN_REAR},
    [4] = {XQN_FRONT2, XQN_FRONT, XQN_REAR, XQN_REAR2},
    [5] = {XQN_FRONT2, XQN_FRONT, XQN_NONE, XQN_REAR, XQN_REAR2},
};

static const char letters[] = " KAEHRCPL";
static const char *const letter_text[] = {"", "K", "A", "E", "H", "R", "C", "P", "L"};

const char *bgi_wxf_piece(int kind)
{
    return kind >= 1 && kind < (int)(sizeof letter_text / sizeof letter_text[0]) ? letter_text[kind]
                                                                                 : NULL;
}

static const xqn_style wxf_style = {"WXF", wxf_single, 1, bgi_wxf_format};

static void write_desc(bgi_out *o, const xqn_desc *d)
{
    if (d->kind)
        bgi_out_char(o, letters[d->kind]);
    if (!d->kind && d->file) { /* pawns stacked on two files */
        bgi_out_uint(o, (unsigned)d->file);
        if (d->order == XQN_MID)
            bgi_out_uint(o, (unsigned)d->file);
        else
            bgi_out_char(o, d->order == XQN_FRONT ? '+' : '-');
    } else {
        switch (d->order) {
        case XQN_FRONT: bgi_out_char(o, '+'); break;
        case XQN_REAR: bgi_out_char(o, '-'); break;
        case XQN_FRONT2: bgi_out_str(o, "++"); break;
        case XQN_REAR2: bgi_out_str(o, "--"); break;
        default: bgi_out_uint(o, (unsigned)d->file); break;
        }
    }
    bgi_out_char(o, d->op);
    bgi_out_uint(o, (unsigned)d->arg);
}

int bgi_wxf_format(const bg_position *pos, bg_move m, char *buf, size_t cap)
{
    xqn_desc d;
    bgi_out o;
    if (bgi_xqn_move_desc(&wxf_style, pos, m, &d) < 0)
        return BG_E_UNSUPPORTED;
    bgi_out_init(&o, buf, cap);
    write_desc(&o, &d);
    return bgi_out_finish(&o);
}

/* ---------- parsing ---------- */

typedef struct wxf_in {
    const char *t;
    size_t end; /* parsing stops here (trailing blanks cut off in lenient mode) */
    int lenient;
    int width;
} wxf_in;

#define QUOTE(t) bgi_xqn_quote_len((t), 40), (t)

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static int letter_kind(char c, int lenient)
{
    if (lenient && c >= 'a' && c <= 'z')
        c = (char)(c - 'a' + 'A');
    const char *p = c && c != ' ' ? strchr(letters, c) : NULL;
    if (p)
        return (int)(p - letters);
    if (lenient && c == 'B') /* ICCS / western letters */
        return XQN_ELEPHANT;
    if (lenient && c == 'N')
        return XQN_HORSE;
    return 0;
}

/* A number of n digits at t[i] without a leading zero; -1 if malformed. */
static int number(const char *t, size_t i, size_t n)
{
    int v = 0;
    if (n == 0 || n > 2 || t[i] == '0')
        return -1;
    for (size_t k = 0; k < n; k++)
        v = v * 10 + (t[i + k] - '0');
    return v;
}

static size_t digits(const wxf_in *in, size_t i)
{
    size_t n = 0;
    while (i + n < in->end && is_digit(in->t[i + n]))
        n++;
    return n;
}

/* Direction and number from t[i] to the end. */
static bg_status read_tail(const wxf_in *in, size_t i, xqn_desc *d, size_t *op_at, size_t *arg_at,
                           bg_error *err)
{
    const char *t = in->t;
    char c = i < in->end ? t[i] : 0;
    if (c != '+' && c != '-' && c != '.' && c != '=')
        return bgi_fail(err, BG_E_PARSE, i,
                        "WXF move '%.*s': expected the direction '+', '-' or '.'", QUOTE(t));
    d->op = c == '=' ? '.' : c;
    *op_at = i++;
    size_t n = digits(in, i);
    *arg_at = i;
    d->arg = number(t, i, n);
    if (d->arg < 0)
        return bgi_fail(err, BG_E_PARSE, i, "WXF move '%.*s': expected a number from 1 after '%c'",
                        QUOTE(t), c);
    if (i + n != in->end)
        return bgi_fail(err, BG_E_PARSE, i + n, "WXF move '%.*s': unexpected text after the move",
                        QUOTE(t));
    return BG_OK;
}

/*
** Forms that start with a digit name stacked pawns on two files: 3+.4, 3-.4 and the middle one
** 33.4 (the file twice). With two-digit files (lion chess) "11+1" can be file 1 twice or file 11,
** so the doubled reading is tried first and the other when the rest does not fit it.
*/
static bg_status read_two_files(const wxf_in *in, size_t i, xqn_desc *d, size_t *op_at,
                                size_t *arg_at, bg_error *err)
{
    const char *t = in->t;
    size_t n = digits(in, i);
    d->kind = 0;
    if (n % 2 == 0 && memcmp(t + i, t + i + n / 2, n / 2) == 0 && number(t, i, n / 2) > 0) {
        d->file = number(t, i, n / 2);
        d->order = XQN_MID;
        bg_error e = BG_ERROR_INIT;
        if (read_tail(in, i + n, d, op_at, arg_at, &e) == BG_OK)
            return BG_OK;
        int file = number(t, i, n);
        if (file < 1 || file > in->width || (t[i + n] != '+' && t[i + n] != '-')) {
            bgi_error_copy(err, &e);
            return e.code;
        }
    }
    d->file = number(t, i, n);
    if (d->file < 0)
        return bgi_fail(err, BG_E_PARSE, i, "WXF move '%.*s': '%.*s' is not a file number",
                        QUOTE(t), (int)n, t + i);
    char c = i + n < in->end ? t[i + n] : 0;
    if (c != '+' && c != '-')
        return bgi_fail(err, BG_E_PARSE, i + n,
                        "WXF move '%.*s': after the file of stacked pawns comes '+', '-' or the "
                        "file again", QUOTE(t));
    d->order = c == '+' ? XQN_FRONT : XQN_REAR;
    return read_tail(in, i + n + 1, d, op_at, arg_at, err);
}

static bg_status read_move(const wxf_in *in, size_t i, xqn_desc *d, size_t *op_at, size_t *arg_at,
                           bg_error *err)
{
    const char *t = in->t;
    char c = i < in->end ? t[i] : 0;
    memset(d, 0, sizeof *d);
    if (is_digit(c))
        return read_two_files(in, i, d, op_at, arg_at, err);
    if ((c == '+' || c == '-') && i + 1 < in->end && letter_kind(t[i + 1], in->lenient)) {
        /*
        ** The order sign before the letter (+P+1, -R.4): the order as the Chinese writes it
        ** (前兵進一), in WXF after the letter (P++1). Files from wxf.ca (via DPXQ) write tandem
        ** pieces only so. Read like the WXF form, for two or three like pieces on the file.
        */
        d->kind = letter_kind(t[i + 1], in->lenient);
        d->order = c == '+' ? XQN_FRONT : XQN_REAR;
        return read_tail(in, i + 2, d, op_at, arg_at, err);
    }
    if (c == '+' || c == '-') {
        if (i + 1 >= in->end || t[i + 1] != c)
            return bgi_fail(err, BG_E_PARSE, i + 1,
                            "WXF move '%.*s': a move starts with a piece letter, '++' or '--'",
                            QUOTE(t));
        d->order = c == '+' ? XQN_FRONT2 : XQN_REAR2;
        return read_tail(in, i + 2, d, op_at, arg_at, err);
    }
    d->kind = letter_kind(c, in->lenient);
    if (!d->kind)
        return bgi_fail(err, BG_E_PARSE, i,
                        "WXF move '%.*s': expected a piece letter (K A E H R C P%s)%s", QUOTE(t),
                        in->width == 11 ? " L" : "",
                        c >= 'a' && c <= 'z' && letter_kind(c, 1) ? " in uppercase" : "");
    c = ++i < in->end ? t[i] : 0;
    if (c == '+' || c == '-') {
        d->order = c == '+' ? XQN_FRONT : XQN_REAR;
        return read_tail(in, i + 1, d, op_at, arg_at, err);
    }
    size_t n = digits(in, i);
    d->file = number(t, i, n);
    if (d->file < 0)
        return bgi_fail(err, BG_E_PARSE, i,
                        "WXF move '%.*s': expected the piece's file, or '+' / '-' for the front "
                        "or rear of two", QUOTE(t));
    return read_tail(in, i + n, d, op_at, arg_at, err);
}

/* Whether the move at t[i] puts the order sign before the letter (+P+1). */
static int sign_first(const wxf_in *in, size_t i)
{
    return (in->t[i] == '+' || in->t[i] == '-') && i + 1 < in->end &&
           letter_kind(in->t[i + 1], in->lenient);
}

static bg_status parse_ascii(const bg_position *pos, const char *text, unsigned flags,
                             bg_move *out, bg_error *err)
{
    wxf_in in = {text, strlen(text), (flags & BG_PARSE_LENIENT) != 0, pos->variant->width};
    size_t i = 0, op_at = 0, arg_at = 0;
    xqn_desc d;
    *out = BG_MOVE_NONE;
    if (in.lenient) {
        while (text[i] == ' ' || text[i] == '\t')
            i++;
        while (in.end > i && (text[in.end - 1] == ' ' || text[in.end - 1] == '\t'))
            in.end--;
    }
    int sign = sign_first(&in, i);
    bg_status s = read_move(&in, i, &d, &op_at, &arg_at, err);
    if (s == BG_OK)
        s = bgi_xqn_check(&wxf_style, pos, &d, i + (d.kind != 0), op_at, arg_at, text, err);
    if (s == BG_OK && sign && !in.lenient) {
        char want[64];
        bg_move m;
        bg_error e = BG_ERROR_INIT;
        int n = bgi_xqn_match(pos, &wxf_style, &d, text, BG_PARSE_LENIENT, &m, &e) == BG_OK
                    ? bgi_wxf_format(pos, m, want, sizeof want) : 0;
        return bgi_fail(err, BG_E_PARSE, i,
                        "WXF move '%.*s': the order of stacked pieces comes after the letter%s%s%s "
                        "(lenient mode reads the sign first)", QUOTE(text),
                        n > 0 && (size_t)n < sizeof want ? " ('" : "",
                        n > 0 && (size_t)n < sizeof want ? want : "",
                        n > 0 && (size_t)n < sizeof want ? "')" : "");
    }
    if (s == BG_OK)
        s = bgi_xqn_match(pos, &wxf_style, &d, text, flags, out, err);
    if (s == BG_OK && sign) {
        /* Four or five pawns on a file have no "front" and "rear" of the sign-first form. */
        xqn_board b;
        xqn_info info;
        if (bgi_xqn_snapshot(pos, &b)) {
            bgi_xqn_describe(&b, *out, &info);
            if (info.count > 3) {
                *out = BG_MOVE_NONE;
                return bgi_fail(err, BG_E_AMBIGUOUS_MOVE, i,
                                "WXF move '%.*s': %d pawns stand on the file; name one by its "
                                "order ('++', 'P+', 'P-', '--')", QUOTE(text), info.count);
            }
        }
    }
    return s;
}

/* The full-width form of '!'..'~' at p (U+FF01..U+FF5E, EF BC 81 .. EF BD 9E), or 0. */
static char fullwidth_ascii(const unsigned char *p)
{
    if (p[0] != 0xef)
        return 0;
    if (p[1] == 0xbc && p[2] >= 0x81 && p[2] <= 0xbf)
        return (char)(0x21 + (p[2] - 0x81));
    if (p[1] == 0xbd && p[2] >= 0x80 && p[2] <= 0x9e)
        return (char)(0x60 + (p[2] - 0x80));
    return 0;
}

/*
** Text in full-width letters, digits and signs (Ｃ２＝５, Ｈ８＋７: files from wxf.ca via DPXQ)
** as ASCII into out, with the offset in text of each byte of out; 0 when the text has none of
** them, other non-ASCII bytes, or more than cap - 1 characters.
*/
static size_t fold_fullwidth(const char *text, char *out, size_t *at, size_t cap)
{
    size_t n = 0, wide = 0;
    for (size_t i = 0; text[i]; n++) {
        const unsigned char *p = (const unsigned char *)text + i;
        char c = p[0] < 0x80 ? (char)p[0] : fullwidth_ascii(p);
        if (!c || n + 1 >= cap)
            return 0;
        out[n] = c;
        at[n] = i;
        wide += p[0] >= 0x80;
        i += p[0] < 0x80 ? 1 : 3;
    }
    out[n] = 0;
    return wide ? n : 0;
}

bg_status bgi_wxf_parse(const bg_position *pos, const char *text, unsigned flags, bg_move *out,
                        bg_error *err)
{
    char ascii[64];
    size_t at[64];
    if (!fold_fullwidth(text, ascii, at, sizeof ascii))
        return parse_ascii(pos, text, flags, out, err);
    *out = BG_MOVE_NONE;
    if (!(flags & BG_PARSE_LENIENT))
        return bgi_fail(err, BG_E_PARSE, 0,
                        "WXF move '%.*s' is written in full-width characters ('%s'; lenient "
                        "mode reads them)", QUOTE(text), ascii);
    bg_error e = BG_ERROR_INIT;
    bg_status s = parse_ascii(pos, ascii, flags, out, &e);
    if (s != BG_OK) {
        e.offset = e.offset < strlen(ascii) ? at[e.offset] : strlen(text);
        bgi_error_copy(err, &e);
    }
    return s;
}
