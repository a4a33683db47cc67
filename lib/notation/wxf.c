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
    xqn_board b;
    xqn_info in;
    xqn_desc d;
    bgi_out o;
    if (!bgi_xqn_snapshot(pos, &b))
        return BG_E_UNSUPPORTED;
    bgi_xqn_describe(&b, m, &in);
    bgi_xqn_canonical(&wxf_style, &in, &d);
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

bg_status bgi_wxf_parse(const bg_position *pos, const char *text, unsigned flags, bg_move *out,
                        bg_error *err)
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
    bg_status s = read_move(&in, i, &d, &op_at, &arg_at, err);
    if (s == BG_OK)
        s = bgi_xqn_check(&wxf_style, pos, &d, i + (d.kind != 0), op_at, arg_at, text, err);
    if (s == BG_OK)
        s = bgi_xqn_match(pos, &wxf_style, &d, text, flags, out, err);
    return s;
}
