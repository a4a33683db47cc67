/* libboardgames — Western shogi notation (Hodges/Hosking): P-7f, Sx7d+, N*4e, G7g-7h, S-4c=, +R-2b; Tori shogi's Western letters: Sw-5b+, Fa*4d. */
#include <string.h>

#include "japanese.h"

/*
** Piece letters (a promoted piece is "+" and its letter; Sho shogi DE drunk elephant, CP crown
** prince; Tori Ph Fa Cr Pt Lq Rq Sw, promoted Eg eagle and Gs goose), then the origin square
** only when another piece of the same kind could also reach the destination, "-" for a move,
** "x" for a capture, "*" for a drop, the destination as in USI (7f), and "+" for a promotion or
** "=" when the move could have promoted but did not.
*/
static void put_square(bgi_out *o, const bg_variant *v, int sq)
{
    bgi_out_char(o, (char)('0' + jp_file_no(v, sq)));
    bgi_out_char(o, (char)('a' + jp_rank_no(v, sq) - 1));
}

static int kind_of(const bg_position *pos, bg_move m)
{
    if (m & BG_MOVE_DROP)
        return BG_MOVE_KIND(m);
    return BG_PIECE_KIND(pos->variant->rules->piece_at(pos, BG_MOVE_FROM(m)));
}

/* Other board moves of the same kind to the same square from another origin; promotion options. */
static void scan(const bg_position *pos, const bg_move *moves, int n, bg_move m, int *others,
                 int *can_promote, int *can_stay)
{
    const int kind = kind_of(pos, m), to = BG_MOVE_TO(m), from = BG_MOVE_FROM(m);
    *others = *can_promote = *can_stay = 0;
    for (int i = 0; i < n; i++) {
        bg_move x = moves[i];
        if ((x & BG_MOVE_DROP) || BG_MOVE_TO(x) != to)
            continue;
        if (BG_MOVE_FROM(x) == from && !(m & BG_MOVE_DROP)) {
            if (x & BG_MOVE_PROMOTION)
                *can_promote = 1;
            else
                *can_stay = 1;
        } else if (kind_of(pos, x) == kind) {
            *others = 1;
        }
    }
}

/* scan() over the legal list's moves onto m's square. */
static void scan_in(const bgi_legal *legal, bg_move m, int *others, int *can_promote)
{
    const int kind = kind_of(legal->pos, m), from = BG_MOVE_FROM(m);
    *others = *can_promote = 0;
    for (int i = legal->first[BG_MOVE_TO(m)]; i >= 0; i = legal->next[i]) {
        bg_move x = legal->m[i];
        if (x & BG_MOVE_DROP)
            continue;
        if (BG_MOVE_FROM(x) == from && !(m & BG_MOVE_DROP))
            *can_promote |= (x & BG_MOVE_PROMOTION) != 0;
        else if (legal->kind[i] == kind)
            *others = 1;
    }
}

int bgi_western_format(const bg_position *pos, bg_move m, char *buf, size_t cap)
{
    bgi_legal legal;
    bgi_legal_init(&legal, pos);
    return bgi_western_format_in(&legal, m, buf, cap);
}

int bgi_western_format_in(const bgi_legal *legal, bg_move m, char *buf, size_t cap)
{
    const bg_position *pos = legal->pos;
    const jp_family *fam = jp_family_of(pos->variant);
    if (!fam)
        return BG_E_UNSUPPORTED;
    int others, yes;
    scan_in(legal, m, &others, &yes);
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    bgi_out_str(&o, fam->pieces[kind_of(pos, m)].western);
    if (m & BG_MOVE_DROP) {
        bgi_out_char(&o, '*');
        put_square(&o, pos->variant, BG_MOVE_TO(m));
        return bgi_out_finish(&o);
    }
    if (others)
        put_square(&o, pos->variant, BG_MOVE_FROM(m));
    bgi_out_char(&o, pos->variant->rules->piece_at(pos, BG_MOVE_TO(m)) ? 'x' : '-');
    put_square(&o, pos->variant, BG_MOVE_TO(m));
    if (fam->flips)
        ; /* micro shogi: the letters name the face; every capture turns the piece */
    else if (m & BG_MOVE_PROMOTION)
        bgi_out_char(&o, '+');
    else if (yes)
        bgi_out_char(&o, '=');
    return bgi_out_finish(&o);
}

/* Square at s ("7f"), or -1. */
static int read_square(const char *s, const bg_variant *v)
{
    if (s[0] < '1' || s[0] >= '1' + v->width || s[1] < 'a' || s[1] >= 'a' + v->height)
        return -1;
    return jp_square(v, s[0] - '0', s[1] - 'a' + 1);
}

static int same_letters(const char *s, const char *w, size_t l, int fold)
{
    for (size_t i = 0; i < l; i++) {
        char a = s[i], b = w[i];
        if (fold && a >= 'a' && a <= 'z')
            a = (char)(a - 32);
        if (fold && b >= 'a' && b <= 'z')
            b = (char)(b - 32);
        if (a != b)
            return 0;
    }
    return 1;
}

static int read_letters(const jp_family *fam, const char *s, int lenient, size_t *len)
{
    int best = 0;
    size_t bl = 0;
    for (int k = 1; k <= fam->nkinds; k++) {
        const char *w = fam->pieces[k].western;
        size_t l = strlen(w);
        if (l <= bl)
            continue;
        int ok = strlen(s) >= l && same_letters(s, w, l, lenient);
        if (ok) {
            best = k;
            bl = l;
        }
    }
    *len = bl;
    return best;
}

bg_status bgi_western_parse(const bg_position *pos, const char *text, unsigned flags, bg_move *out,
                            bg_error *err)
{
    const jp_family *fam = jp_family_of(pos->variant);
    if (!fam)
        return bgi_fail(err, BG_E_UNSUPPORTED, 0, "%s has no Western notation", pos->variant->id);
    const int lenient = (flags & BG_PARSE_LENIENT) != 0;
    size_t i = 0, l;
    if (lenient)
        while (text[i] == ' ' || text[i] == '\t')
            i++;
    const size_t start = i;
    int kind = read_letters(fam, text + i, lenient, &l);
    /* Lenient: Sho shogi's elephant also as E / +E (the SFEN letters). */
    if (!kind && lenient && strcmp(fam->variant_id, "shoshogi") == 0) {
        if (text[i] == 'E' || text[i] == 'e')
            kind = 15, l = 1;
        else if (text[i] == '+' && (text[i + 1] == 'E' || text[i + 1] == 'e'))
            kind = 16, l = 2;
    }
    if (!kind)
        return bgi_fail(err, BG_E_PARSE, i, "Western: expected a %s piece letter at '%s'",
                        pos->variant->id, text + start);
    i += l;
    int origin = -1, to = read_square(text + i, pos->variant);
    char sep = 0;
    if (to >= 0) {
        i += 2;
        if (text[i] == '-' || text[i] == 'x' || text[i] == '*') {
            origin = to;
            sep = text[i++];
            to = read_square(text + i, pos->variant);
            if (to < 0)
                return bgi_fail(err, BG_E_PARSE, i, "Western: expected the destination square");
            i += 2;
        } else if (!lenient) {
            return bgi_fail(err, BG_E_PARSE, i, "Western: expected '-', 'x' or '*' after %.2s",
                            text + i - 2);
        }
    } else if (text[i] == '-' || text[i] == 'x' || text[i] == '*') {
        sep = text[i++];
        to = read_square(text + i, pos->variant);
        if (to < 0)
            return bgi_fail(err, BG_E_PARSE, i, "Western: expected the destination square");
        i += 2;
    } else {
        return bgi_fail(err, BG_E_PARSE, i, "Western: expected '-', 'x', '*' or a square");
    }
    char suffix = 0;
    if (text[i] == '+' || text[i] == '=')
        suffix = text[i++];
    if (lenient)
        while (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')
            i++;
    if (text[i])
        return bgi_fail(err, BG_E_PARSE, i, "Western: unexpected '%c' after the move", text[i]);
    if (sep == '*' && (origin >= 0 || suffix))
        return bgi_fail(err, BG_E_PARSE, start, "Western: a drop has no origin and no promotion mark");

    bg_move moves[BGI_MAX_MOVES];
    int n = bgi_position_moves(pos, moves), count = 0;
    bg_move found = BG_MOVE_NONE, lenient_found = BG_MOVE_NONE;
    int lenient_count = 0;
    for (int k = 0; k < n; k++) {
        bg_move m = moves[k];
        if (BG_MOVE_TO(m) != to || kind_of(pos, m) != kind)
            continue;
        const int drop = (m & BG_MOVE_DROP) != 0;
        if (drop != (sep == '*') && !(lenient && !sep && drop))
            continue;
        if (!drop && origin >= 0 && BG_MOVE_FROM(m) != origin)
            continue;
        int others, yes, no;
        scan(pos, moves, n, m, &others, &yes, &no);
        const int prom = (m & BG_MOVE_PROMOTION) != 0 && !fam->flips;
        /* Lenient: every written part true of the move, a missing '=' or forced '+' allowed. */
        int ok = suffix == '+' ? prom || (fam->flips && lenient && (m & BG_MOVE_PROMOTION))
                 : suffix == '=' ? !prom && !fam->flips
                                 : (!prom || !no);
        if (!ok)
            continue;
        lenient_found = m;
        lenient_count++;
        if (drop) {
            found = m, count++;
            continue;
        }
        const int capture = pos->variant->rules->piece_at(pos, to) != BG_PIECE_NONE;
        char want_suffix = prom ? '+' : yes && !fam->flips ? '=' : 0;
        if ((origin >= 0) == (others != 0) && sep == (capture ? 'x' : '-') && suffix == want_suffix)
            found = m, count++;
    }
    if (!lenient && count == 1) {
        *out = found;
        return BG_OK;
    }
    if (lenient && lenient_count == 1) {
        *out = lenient_found;
        return BG_OK;
    }
    if (lenient_count > 1)
        return bgi_fail(err, BG_E_AMBIGUOUS_MOVE, start,
                        "Western: '%s' fits several moves (write the origin square)", text + start);
    if (lenient_count == 1) {
        char want[32];
        bgi_western_format(pos, lenient_found, want, sizeof want);
        return bgi_fail(err, BG_E_PARSE, start, "Western: '%s' is written '%s'", text + start, want);
    }
    return bgi_fail(err, BG_E_ILLEGAL_MOVE, start, "Western: %s is not a legal move here",
                    text + start);
}
