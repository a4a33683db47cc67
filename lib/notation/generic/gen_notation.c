/*
** libboardgames — move notations of defined variants, as Fairy-Stockfish writes them:
** uci (e2e4, e7e8q, P@e4, 7g7f+ style suffixes: letter for a pawn promotion, '+' promotion, '-'
** demotion; castling e1g1, Chess960 e1h1), usi (shogi squares, P*5e), and SAN (Nf3, exd5=Q,
** O-O, P@e4, Bxb2+ for a promotion, '=' declining one, then '+' / '#' for check / mate).
** Parsing formats every legal move and compares, so text and moves always agree. The engine is
** read through lib/core/internal.h only: pieces on squares, the piece facts of the variant's
** metadata (pawns, promotions), the castling hook, the legal moves.
*/
#include <string.h>

#include "notations.h"

enum { PROMO_NONE, PROMO_PAWN, PROMO_PLUS, PROMO_MINUS };

/* The kind on sq (0 = empty). */
static int kind_at(const bg_position *pos, int sq)
{
    bg_piece p = pos->variant->rules->piece_at(pos, sq);
    return p == BG_PIECE_NONE ? 0 : BG_PIECE_KIND(p);
}

/*
** What kind of promotion move m is: a shogi-style one ('+', to the kind the metadata names as its
** promotion), its undoing ('-', back to the kind it was promoted from), or a pawn's.
*/
static int promo_style(const bg_position *pos, bg_move m)
{
    if (!(m & BG_MOVE_PROMOTION))
        return PROMO_NONE;
    const bgi_piece_info *k = &pos->variant->info->pieces[kind_at(pos, BG_MOVE_FROM(m))];
    int to = BG_MOVE_KIND(m);
    if (to < 32 && ((k->promotions >> to) & 1))
        return PROMO_PLUS;
    if (to == k->base)
        return PROMO_MINUS;
    return PROMO_PAWN;
}

/* Whether m castles (the king onto its own rook), and the square coordinate texts name. */
static int castle_square(const bg_position *pos, bg_move m)
{
    const bgi_rules *r = pos->variant->rules;
    return r->castle_square && !(m & (BG_MOVE_DROP | BG_MOVE_PASS)) ? r->castle_square(pos, m) : -1;
}

static void out_square(bgi_out *o, const bg_variant *v, int sq, int usi)
{
    int f = sq % v->width, r = sq / v->width;
    if (usi)
        bgi_out_printf(o, "%d%c", v->width - f, 'a' + (v->height - 1 - r));
    else
        bgi_out_printf(o, "%c%d", 'a' + f, r + 1);
}

/* Letter of a kind for drops and SAN: "+P" style for shogi-promoted kinds, "Q" for "Q~". */
static void out_letter(bgi_out *o, const bg_variant *v, int kind)
{
    for (const char *c = v->piece_letters[kind]; *c && *c != '~'; c++)
        bgi_out_char(o, *c);
}

/* A drop, "P@e4" (usi: "P*5e"). */
static void out_drop(bgi_out *o, const bg_variant *v, bg_move m, int usi)
{
    out_letter(o, v, BG_MOVE_KIND(m));
    bgi_out_char(o, usi ? '*' : '@');
    out_square(o, v, BG_MOVE_TO(m), usi);
}

static int coord_format(const bg_position *pos, bg_move m, char *buf, size_t cap, int usi)
{
    const bg_variant *v = pos->variant;
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    if (m & BG_MOVE_DROP) {
        out_drop(&o, v, m, usi);
        return bgi_out_finish(&o);
    }
    int from = (m & BG_MOVE_PASS) ? BG_MOVE_TO(m) : BG_MOVE_FROM(m), to = BG_MOVE_TO(m);
    int castle_to = castle_square(pos, m);
    out_square(&o, v, from, usi);
    out_square(&o, v, castle_to >= 0 ? castle_to : to, usi);
    switch (promo_style(pos, m)) {
    case PROMO_PAWN: {
        char c = v->piece_letters[BG_MOVE_KIND(m)][0];
        bgi_out_char(&o, (char)(c - 'A' + 'a'));
        break;
    }
    case PROMO_PLUS: bgi_out_char(&o, '+'); break;
    case PROMO_MINUS: bgi_out_char(&o, '-'); break;
    default: break;
    }
    return bgi_out_finish(&o);
}

int bgi_gen_uci_format(const bg_position *pos, bg_move m, char *buf, size_t cap)
{
    return coord_format(pos, m, buf, cap, 0);
}

int bgi_gen_usi_format(const bg_position *pos, bg_move m, char *buf, size_t cap)
{
    return coord_format(pos, m, buf, cap, 1);
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }
static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_letter(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

static int same_text(const char *a, const char *b, int fold)
{
    for (; *a && *b; a++, b++)
        if (fold ? lower(*a) != lower(*b) : *a != *b)
            return 0;
    return !*a && !*b;
}

/* A square at s: letter and rank number (uci) or file number and rank letter (usi); its length. */
static size_t square_len(const char *s, int usi, int lenient)
{
    size_t i = 0;
    int (*first)(int) = usi ? is_digit : is_letter, (*second)(int) = usi ? is_letter : is_digit;
    if (!first((unsigned char)s[i]) || (!lenient && !usi && (s[i] < 'a' || s[i] > 'z')))
        return 0;
    while (first((unsigned char)s[i]) && i < 3)
        i++;
    size_t j = i;
    while (second((unsigned char)s[j]) && j - i < 3)
        j++;
    return j > i ? j : 0;
}

/* Whether text has the shape of a move: two squares and a suffix, or a drop "P@e4" / "P*5e". */
static int well_formed(const char *t, int usi, int lenient)
{
    size_t i = 0, n;
    if (t[0] == '+')
        i++;
    if (is_letter((unsigned char)t[i]) && (t[i + 1] == '@' || t[i + 1] == '*'))
        return (n = square_len(t + i + 2, usi, lenient)) && !t[i + 2 + n];
    if (i)
        return 0;
    if (!(n = square_len(t, usi, lenient)))
        return 0;
    i = n;
    if (!(n = square_len(t + i, usi, lenient)))
        return 0;
    i += n;
    if (t[i] == '+' || t[i] == '-' || (t[i] >= 'a' && t[i] <= 'z'))
        i++;
    return !t[i];
}

/* Every legal move formatted; the one equal to text (lenient: letter case, a trailing '='). */
static bg_status match(const bg_position *pos, const char *text, unsigned flags, bg_move *out,
                       bg_error *err, int (*fmt)(const bg_position *, bg_move, char *, size_t),
                       const char *name)
{
    bg_move moves[BGI_MAX_MOVES];
    int n = bgi_position_moves(pos, moves), lenient = (flags & BG_PARSE_LENIENT) != 0;
    char t[64];
    size_t len = strlen(text);
    *out = BG_MOVE_NONE;
    if (len == 0 || len >= sizeof t)
        return bgi_fail(err, BG_E_PARSE, 0, "%s move '%.20s' has a bad length", name, text);
    memcpy(t, text, len + 1);
    if (lenient) {
        while (len && (t[len - 1] == ' ' || t[len - 1] == '\n' || t[len - 1] == '\r'))
            t[--len] = 0;
        if (len > 1 && t[len - 1] == '=')
            t[--len] = 0;
    }
    for (int i = 0; i < n; i++) {
        char f[64];
        fmt(pos, moves[i], f, sizeof f);
        if (same_text(f, t, 0) || (lenient && same_text(f, t, 1))) {
            *out = moves[i];
            return BG_OK;
        }
    }
    /* Well-formed text is an illegal move; anything else does not parse. */
    if (well_formed(t, fmt == bgi_gen_usi_format, lenient))
        return bgi_fail(err, BG_E_ILLEGAL_MOVE, 0, "%s move '%s' is not legal in this position", name, text);
    return bgi_fail(err, BG_E_PARSE, 0, "'%s' is not a %s move", text, name);
}

bg_status bgi_gen_uci_parse(const bg_position *pos, const char *text, unsigned flags, bg_move *out,
                            bg_error *err)
{
    bg_status s = match(pos, text, flags, out, err, bgi_gen_uci_format, "uci");
    if (s == BG_OK || !(flags & BG_PARSE_LENIENT))
        return s;
    /* Lenient: castling also as king takes rook. */
    bg_move moves[BGI_MAX_MOVES];
    int n = bgi_position_moves(pos, moves);
    for (int i = 0; i < n; i++) {
        if (castle_square(pos, moves[i]) < 0)
            continue;
        char f[32];
        bgi_out o;
        bgi_out_init(&o, f, sizeof f);
        out_square(&o, pos->variant, BG_MOVE_FROM(moves[i]), 0);
        out_square(&o, pos->variant, BG_MOVE_TO(moves[i]), 0);
        bgi_out_finish(&o);
        if (same_text(f, text, 1)) {
            bgi_error_clear(err);
            *out = moves[i];
            return BG_OK;
        }
    }
    return s;
}

bg_status bgi_gen_usi_parse(const bg_position *pos, const char *text, unsigned flags, bg_move *out,
                            bg_error *err)
{
    return match(pos, text, flags, out, err, bgi_gen_usi_format, "usi");
}

/* ---------- SAN ---------- */

static int san_write(const bg_position *pos, bg_move m, char *buf, size_t cap, int check_marks)
{
    const bg_variant *v = pos->variant;
    const int w = v->width;
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    if (m & BG_MOVE_DROP) {
        out_drop(&o, v, m, 0);
    } else if (m & BG_MOVE_PASS) {
        bgi_out_str(&o, "--");
    } else if (castle_square(pos, m) >= 0) {
        bgi_out_str(&o, BG_MOVE_TO(m) > BG_MOVE_FROM(m) ? "O-O" : "O-O-O");
    } else {
        int from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m), kind = kind_at(pos, from);
        int pawn = (v->info->pawns >> kind) & 1;
        int cap_ = kind_at(pos, to) || (pawn && to == bg_position_en_passant(pos));
        if (!pawn) {
            out_letter(&o, v, kind);
            bg_move moves[BGI_MAX_MOVES];
            int n = bgi_position_moves(pos, moves), others = 0, same_file = 0, same_rank = 0;
            for (int i = 0; i < n; i++) {
                bg_move x = moves[i];
                if (x & (BG_MOVE_DROP | BG_MOVE_PASS))
                    continue;
                int f = BG_MOVE_FROM(x);
                if (f == from || BG_MOVE_TO(x) != to || kind_at(pos, f) != kind || castle_square(pos, x) >= 0)
                    continue;
                others = 1;
                same_file |= f % w == from % w;
                same_rank |= f / w == from / w;
            }
            if (others) {
                if (!same_file)
                    bgi_out_char(&o, (char)('a' + from % w));
                else if (!same_rank)
                    bgi_out_printf(&o, "%d", from / w + 1);
                else
                    out_square(&o, v, from, 0);
            }
        } else if (cap_) {
            bgi_out_char(&o, (char)('a' + from % w));
        }
        if (cap_)
            bgi_out_char(&o, 'x');
        out_square(&o, v, to, 0);
        switch (promo_style(pos, m)) {
        case PROMO_PAWN:
            bgi_out_char(&o, '=');
            bgi_out_char(&o, v->piece_letters[BG_MOVE_KIND(m)][0]);
            break;
        case PROMO_PLUS: bgi_out_char(&o, '+'); break;
        case PROMO_MINUS: bgi_out_char(&o, '-'); break;
        default: {
            /* '=' when the same move could have promoted (shogi's "declined"). */
            bg_move moves[BGI_MAX_MOVES];
            int n = bgi_position_moves(pos, moves);
            for (int i = 0; i < n; i++)
                if ((moves[i] & BG_MOVE_PROMOTION) && BG_MOVE_FROM(moves[i]) == from &&
                    BG_MOVE_TO(moves[i]) == to && promo_style(pos, moves[i]) == PROMO_PLUS) {
                    bgi_out_char(&o, '=');
                    break;
                }
        }
        }
    }
    if (check_marks) {
        unsigned f = bgi_check_flags(pos, m);
        if (f & BG_FLAG_MATE)
            bgi_out_char(&o, '#');
        else if (f & BG_FLAG_CHECK)
            bgi_out_char(&o, '+');
    }
    return bgi_out_finish(&o);
}

int bgi_gen_san_format(const bg_position *pos, bg_move m, char *buf, size_t cap)
{
    return san_write(pos, m, buf, cap, 1);
}

/* Copy without 'x' (lenient comparison). */
static void strip_x(const char *in, char *out, size_t cap)
{
    size_t j = 0;
    for (size_t i = 0; in[i] && j + 1 < cap; i++)
        if (in[i] != 'x')
            out[j++] = in[i];
    out[j] = 0;
}

bg_status bgi_gen_san_parse(const bg_position *pos, const char *text, unsigned flags, bg_move *out,
                            bg_error *err)
{
    bg_move moves[BGI_MAX_MOVES];
    int n = bgi_position_moves(pos, moves), lenient = (flags & BG_PARSE_LENIENT) != 0;
    char t[64];
    size_t len = strlen(text);
    *out = BG_MOVE_NONE;
    if (len == 0 || len >= sizeof t)
        return bgi_fail(err, BG_E_PARSE, 0, "SAN '%.20s' has a bad length", text);
    memcpy(t, text, len + 1);
    /* Lenient: castling written with zeros (0-0, 0-0-0). */
    if (lenient && !strncmp(t, "0-0", 3)) {
        t[0] = t[2] = 'O';
        if (!strncmp(t + 3, "-0", 2))
            t[4] = 'O';
    }
    bg_move found = BG_MOVE_NONE;
    for (int i = 0; i < n && !found; i++) {
        char f[64], g[64], a[64], b[64];
        san_write(pos, moves[i], f, sizeof f, 1);
        if (!strcmp(f, t)) {
            found = moves[i];
            break;
        }
        if (!lenient)
            continue;
        san_write(pos, moves[i], g, sizeof g, 0);
        strip_x(t, a, sizeof a);
        strip_x(g, b, sizeof b);
        if (!strcmp(g, t) || !strcmp(a, b))
            found = moves[i];
    }
    if (found) {
        *out = found;
        return BG_OK;
    }
    /* Text shaped like SAN (letters, digits, x, =, +, #, @, O-O) is an illegal move. */
    int shaped = len >= 2;
    for (size_t i = 0; t[i] && shaped; i++)
        shaped = (t[i] >= 'a' && t[i] <= 'z') || (t[i] >= 'A' && t[i] <= 'Z') ||
                 (t[i] >= '0' && t[i] <= '9') || strchr("x=+#@-~", t[i]);
    if (shaped && ((t[0] >= 'A' && t[0] <= 'Z') || (t[0] >= 'a' && t[0] <= 'z') || t[0] == '+'))
        return bgi_fail(err, BG_E_ILLEGAL_MOVE, 0, "SAN '%s' is not a legal move here", text);
    return bgi_fail(err, BG_E_PARSE, 0, "'%s' is not SAN", text);
}
