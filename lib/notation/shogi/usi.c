/* libboardgames — USI move notation for the shogi family (7g7f, 8h2b+, P*5e; 7x7 and 5x5 squares alike). */
#include <string.h>

#include "japanese.h"

/*
** USI names a square by its file digit (counted from sente's right, 1..width) and its rank letter
** (from gote's side, 'a'..): the library's square rank * width + file is file digit width - file,
** rank letter 'a' + height - 1 - rank. Drops are written with the unpromoted piece's uppercase
** letter (Tori: S F C P L R, as Fairy-Stockfish), promotion with a trailing '+'. Micro shogi, as
** Fairy-Stockfish writes it: a drop of a turned face is "+L*3c", and a capture that turns a
** "promoted" face back to its base ends in '-' (a move's kind is the face it ends on).
*/
static void put_square(bgi_out *o, const bg_variant *v, int sq)
{
    bgi_out_char(o, (char)('0' + v->width - sq % v->width));
    bgi_out_char(o, (char)('a' + v->height - 1 - sq / v->width));
}

int bgi_usi_format(const bg_position *pos, bg_move m, char *buf, size_t cap)
{
    const bg_variant *v = pos->variant;
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    if (m & BG_MOVE_DROP) {
        int kind = BG_MOVE_KIND(m);
        if (kind < 1 || kind > v->piece_kinds)
            return BG_E_ILLEGAL_MOVE;
        bgi_out_str(&o, v->piece_letters[kind]);
        bgi_out_char(&o, '*');
        put_square(&o, v, BG_MOVE_TO(m));
    } else {
        put_square(&o, v, BG_MOVE_FROM(m));
        put_square(&o, v, BG_MOVE_TO(m));
        if (m & BG_MOVE_PROMOTION) {
            int kind = BG_MOVE_KIND(m);
            if (kind < 1 || kind > v->piece_kinds)
                return BG_E_ILLEGAL_MOVE;
            bgi_out_char(&o, v->piece_letters[kind][0] == '+' ? '+' : '-');
        }
    }
    return bgi_out_finish(&o);
}

/* Square at text[i..i+1], or -1 (with the offset of the bad character in *bad). */
static int get_square(const char *text, size_t i, const bg_variant *v, size_t *bad)
{
    char f = text[i], r = f ? text[i + 1] : 0;
    if (f < '1' || f >= '1' + v->width) {
        *bad = i;
        return -1;
    }
    if (r < 'a' || r >= 'a' + v->height) {
        *bad = i + 1;
        return -1;
    }
    return (v->height - 1 - (r - 'a')) * v->width + (v->width - (f - '0'));
}

bg_status bgi_usi_parse(const bg_position *pos, const char *text, unsigned flags, bg_move *out,
                        bg_error *err)
{
    const bg_variant *v = pos->variant;
    const int lenient = (flags & BG_PARSE_LENIENT) != 0;
    size_t i = 0, bad = 0;
    if (lenient)
        while (text[i] == ' ' || text[i] == '\t')
            i++;
    const size_t start = i;
    bg_move want;
    int promote = 0;
    const int turned = text[i] == '+' && text[i + 1] && text[i + 2] == '*';
    const unsigned facts = v->rules->facts ? v->rules->facts(pos) : 0;
    if (turned && !(facts & BGI_FACT_DROP_FACES))
        return bgi_fail(err, BG_E_PARSE, i, "USI: '%.3s': %s drops no promoted piece", text + i,
                        v->id);
    if ((text[i] && text[i + 1] == '*') || turned) {
        /* A piece letter, or '+' and a letter for micro shogi's drops of a turned face. */
        const size_t at = i + (size_t)turned;
        char c = text[at];
        if (lenient && c >= 'a' && c <= 'z')
            c = (char)(c - 32);
        int kind = 0;
        for (int k = 1; k <= v->piece_kinds && !kind; k++) {
            const char *l = v->piece_letters[k] + turned;
            if ((!turned || v->piece_letters[k][0] == '+') && l[0] == c && !l[1])
                kind = k;
        }
        if (!kind)
            return bgi_fail(err, BG_E_PARSE, i, "USI: '%.*s' is not a %s piece letter",
                            1 + turned, text + i, v->id);
        int to = get_square(text, at + 2, v, &bad);
        if (to < 0)
            return bgi_fail(err, BG_E_PARSE, bad, "USI: bad square in '%s'", text + start);
        want = BG_MOVE_MAKE_DROP(kind, to);
        i = at + 4;
    } else {
        int from = get_square(text, i, v, &bad);
        int to = from < 0 ? -1 : get_square(text, i + 2, v, &bad);
        if (from < 0 || to < 0)
            return bgi_fail(err, BG_E_PARSE, bad,
                            "USI: expected a move like 7g7f, 8h2b+ or P*5e, got '%s'", text + start);
        i += 4;
        if (text[i] == '+' || (text[i] == '-' && (facts & BGI_FACT_FLIPS))) {
            promote = text[i] == '+' ? 1 : -1;
            i++;
        }
        want = BG_MOVE_MAKE(from, to);
    }
    if (lenient)
        while (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')
            i++;
    if (text[i])
        return bgi_fail(err, BG_E_PARSE, i, "USI: unexpected '%c' after the move", text[i]);

    /* The legal move with these squares (and promotion choice or dropped piece). */
    bg_move moves[BGI_MAX_MOVES];
    int n = bgi_position_moves(pos, moves);
    for (int k = 0; k < n; k++) {
        bg_move m = moves[k];
        if (want & BG_MOVE_DROP) {
            if (m == want) {
                *out = m;
                return BG_OK;
            }
        } else if (!(m & BG_MOVE_DROP) && (m & 0x3ffff) == want) {
            int how = 0; /* 1: turns to a promoted face, -1: back to a base face (micro) */
            if (m & BG_MOVE_PROMOTION)
                how = v->piece_letters[BG_MOVE_KIND(m)][0] == '+' ? 1 : -1;
            if (how == promote) {
                *out = m;
                return BG_OK;
            }
        }
    }
    return bgi_fail(err, BG_E_ILLEGAL_MOVE, start, "USI: %s is not a legal move here", text + start);
}
