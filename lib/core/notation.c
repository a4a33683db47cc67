/* libboardgames — move notation entry points: dispatch to the variant's notation table; every legal move's text in one call. */
#include <limits.h>
#include <string.h>

#include "internal.h"

/*
** The notation named (NULL: the variant's first) that a writing call uses on a valid pos: BG_OK
** with *nt, or why not (the name unknown first, then the position invalid).
*/
static bg_status writer_of(const bg_position *pos, const char *notation, const bgi_notation **nt)
{
    *nt = notation ? bgi_find_notation(pos->variant, notation) : &pos->variant->notations[0];
    if (!*nt)
        return BG_E_UNSUPPORTED;
    if (pos->invalid)
        return BG_E_INVALID_POSITION;
    return BG_OK;
}

int bg_move_format(const bg_position *pos, bg_move m, const char *notation, char *buf, size_t cap)
{
    if (!pos || (!buf && cap))
        return BG_E_INVALID_ARGUMENT;
    const bgi_notation *n;
    bg_status s = writer_of(pos, notation, &n);
    if (s != BG_OK)
        return s;
    if (n->format_in) {
        /* One generation serves both the legality check and the writer's list. */
        bgi_legal legal;
        bgi_legal_init(&legal, pos);
        if (bgi_legal_find(&legal, m) < 0)
            return BG_E_ILLEGAL_MOVE;
        return n->format_in(&legal, m, buf, cap);
    }
    if (!bg_position_is_legal(pos, m))
        return BG_E_ILLEGAL_MOVE;
    return n->format(pos, m, buf, cap);
}

int bg_position_legal_moves_text(const bg_position *pos, const char *notation, int sep, char *buf,
                                 size_t cap)
{
    if (!pos || (!buf && cap) || sep < 0 || sep > 127)
        return BG_E_INVALID_ARGUMENT;
    const bgi_notation *nt;
    bg_status s = writer_of(pos, notation, &nt);
    if (s != BG_OK)
        return s;
    bgi_legal legal;
    bgi_legal_init(&legal, pos);
    /* Each text is written in place after the previous one and its separator (snprintf rules). */
    size_t total = 0;
    for (int i = 0; i < legal.n; i++) {
        if (i > 0) {
            if (total < cap)
                buf[total] = (char)sep;
            total++;
        }
        int k = bgi_notation_write(nt, &legal, legal.m[i], total < cap ? buf + total : NULL,
                                   total < cap ? cap - total : 0);
        if (k < 0)
            return k;
        total += (size_t)k;
    }
    if (cap)
        buf[total < cap ? total : cap - 1] = 0;
    return total > INT_MAX ? BG_E_LIMIT : (int)total;
}

bg_status bg_move_parse(const bg_position *pos, const char *text, const char *notation,
                        unsigned flags, bg_move *out, bg_error *err)
{
    bgi_error_clear(err);
    if (out)
        *out = BG_MOVE_NONE;
    if (!pos || !text || !out)
        return bgi_fail(err, BG_E_INVALID_ARGUMENT, 0, "missing position, text or output");
    if (pos->invalid)
        return bgi_fail(err, BG_E_INVALID_POSITION, 0,
                        "the position is not valid (bg_position_validate says why)");
    if (notation) {
        const bgi_notation *n = bgi_find_notation(pos->variant, notation);
        if (!n)
            return bgi_fail(err, BG_E_UNSUPPORTED, 0, "%s has no notation '%s'",
                            pos->variant->id, notation);
        return n->parse(pos, text, flags, out, err);
    }
    /*
    ** No notation named: the first notation that reads the text as well-formed decides. A text
    ** well-formed in one notation but illegal is reported with that notation's error, so that an
    ** illegal move is never reinterpreted as a different legal move in another notation. Text no
    ** notation reads gets the error of the notation that read furthest into it.
    */
    bg_status first = BG_E_PARSE;
    bg_error first_err = BG_ERROR_INIT;
    int have_err = 0;
    for (int i = 0; i < pos->variant->notation_count; i++) {
        bg_error e = BG_ERROR_INIT;
        bg_status s = pos->variant->notations[i].parse(pos, text, flags, out, &e);
        if (s == BG_OK) {
            bgi_error_copy(err, &e);
            return BG_OK;
        }
        if (s != BG_E_PARSE) {
            if (first == BG_E_PARSE) {
                first = s;
                first_err = e;
            }
        } else if (first == BG_E_PARSE && (!have_err || e.offset > first_err.offset)) {
            first_err = e;
        }
        have_err = 1;
    }
    bgi_error_copy(err, &first_err);
    return first;
}
