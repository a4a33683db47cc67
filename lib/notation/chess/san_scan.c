/* libboardgames — reads algebraic move text (SAN, LAN, lenient variants) into its parts. */
#include <string.h>

#include "san_scan.h"

/* Castling spellings, longest first so that O-O-O is not read as O-O. */
static int read_castle(const char *s, int lenient, int *side)
{
    static const struct { const char *text; int side, strict; } forms[] = {
        {"O-O-O", 2, 1}, {"0-0-0", 2, 1}, {"o-o-o", 2, 0},
        {"O-O", 1, 1},   {"0-0", 1, 1},   {"o-o", 1, 0},
    };
    if (*s != 'O' && *s != '0' && *s != 'o')
        return 0;
    for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
        size_t n = strlen(forms[i].text);
        if (strncmp(s, forms[i].text, n) == 0 && (forms[i].strict || lenient)) {
            *side = forms[i].side;
            return (int)n;
        }
    }
    return 0;
}

static bg_status strict_only(bg_error *err, size_t off, const char *text, const char *what)
{
    return bgi_fail(err, BG_E_PARSE, off, "'%s': %s (accepted only in lenient mode)", text, what);
}

/* Reads "=Q", or leniently "Q", "q", "=q", after the target square. */
static bg_status read_promotion(const bg_variant *v, const char *text, size_t *i, int lenient,
                                bgi_san_text *t, bg_error *err)
{
    size_t p = *i;
    int eq = text[p] == '=';
    if (eq)
        p++;
    char c = text[p];
    int kind = bgi_ct_kind_of_letter(v, c), lower = 0;
    if (!kind && c >= 'a' && c <= 'z') {
        kind = bgi_ct_kind_of_letter(v, (char)(c - 'a' + 'A'));
        lower = kind != 0;
    }
    if (!kind) {
        if (eq)
            return bgi_fail(err, BG_E_PARSE, p, "'%s': expected a promotion piece letter after '='",
                            text);
        return BG_OK; /* no promotion written */
    }
    if (!eq && !lenient)
        return strict_only(err, p, text, "a promotion is written with '=' (e8=Q)");
    if (lower && !lenient)
        return strict_only(err, p, text, "the promotion piece letter must be uppercase");
    t->promo = kind;
    t->off_promo = *i;
    *i = p + 1;
    return BG_OK;
}

/* The suffixes after the move proper: e.p., check or mate mark, annotation. */
static bg_status read_suffixes(const char *text, size_t i, int lenient, bgi_san_text *t,
                               bg_error *err)
{
    size_t ep = text[i] == ' ' ? i + 1 : i;
    if (text[ep] == 'e' && strncmp(text + ep, "e.p.", 4) == 0) {
        if (!lenient)
            return strict_only(err, i, text, "the suffix e.p. is not part of SAN");
        t->ep = 1;
        t->off_ep = i;
        i = ep + 4;
    }
    if (text[i] == '+' || text[i] == '#') {
        t->off_check = i;
        t->check = text[i];
        if (text[i] == '+' && text[i + 1] == '+') {
            if (!lenient)
                return strict_only(err, i, text, "mate is written '#', not '++'");
            t->check = '#';
            i++;
        }
        i++;
    }
    i += (size_t)bgi_ct_annotation(text + i);
    if (text[i])
        return bgi_fail(err, BG_E_PARSE, i, "'%s': unexpected '%c'", text, text[i]);
    return BG_OK;
}

bg_status bgi_san_scan(const bg_variant *v, const char *text, int style, unsigned flags,
                       bgi_san_text *t, bg_error *err)
{
    int lenient = (flags & BG_PARSE_LENIENT) != 0;
    size_t i = 0;
    int n;
    memset(t, 0, sizeof *t);
    t->from_file = t->from_rank = -1;
    if (!text[0])
        return bgi_fail(err, BG_E_PARSE, 0, "empty move text");
    if ((n = read_castle(text, lenient, &t->castle)) > 0)
        return read_suffixes(text, (size_t)n, lenient, t, err);

    char c = text[0];
    if (c >= 'A' && c <= 'Z') {
        t->kind = bgi_ct_kind_of_letter(v, c);
        if (!t->kind)
            return bgi_fail(err, BG_E_PARSE, 0, "'%s': '%c' is not a piece letter", text, c);
        if (c == 'P' && !lenient)
            return strict_only(err, 0, text, "pawn moves are written without a letter");
        i++;
    }
    /* Origin (disambiguation or full square), separator, target. */
    t->off_from = i;
    if ((t->from_file = bgi_ct_file(v, text[i])) >= 0)
        i++;
    if ((n = bgi_ct_rank(v, text + i, &t->from_rank)) > 0)
        i += (size_t)n;
    else
        t->from_rank = -1;
    t->off_sep = i;
    if (text[i] == 'x' || text[i] == '-' || text[i] == ':') {
        t->sep = text[i];
        if (t->sep == ':' && !lenient)
            return strict_only(err, i, text, "captures are written with 'x'");
        if (t->sep == '-' && style == BGI_SAN && !lenient)
            return strict_only(err, i, text, "SAN does not write '-' between squares");
        i++;
    }
    t->off_to = i;
    if ((n = bgi_ct_square(v, text + i, &t->to)) > 0) {
        i += (size_t)n;
    } else if (!t->sep && t->from_file >= 0 && t->from_rank >= 0) {
        /* What was read as the origin is the target: "e4", "Nf3". */
        t->to = t->from_rank * v->width + t->from_file;
        t->from_file = t->from_rank = -1;
        t->off_to = t->off_sep = t->off_from;
    } else {
        return bgi_fail(err, BG_E_PARSE, i, "'%s': expected a target square", text);
    }
    bg_status s = read_promotion(v, text, &i, lenient, t, err);
    if (s != BG_OK)
        return s;
    return read_suffixes(text, i, lenient, t, err);
}
