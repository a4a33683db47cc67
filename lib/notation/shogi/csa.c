/* libboardgames — CSA move notation of the shogi family: +7776FU, -0034KA (drop), +8822UM (the piece after the move names a promotion). */
#include <string.h>

#include "japanese.h"

/*
** Squares are two digits, file then rank (11 = 1一 = USI 1a; 00 = the hand). The piece code is
** the piece after the move, so a promotion is written with the promoted code. The sign (+ sente,
** - gote) may be left out when reading. Minishogi and old shogi use the same codes on their
** boards; Sho and Tori shogi have pieces CSA has no code for.
*/
void csa_write_move(bgi_out *o, const bg_position *pos, bg_move m)
{
    const jp_family *fam = jp_family_of(pos->variant);
    const bg_variant *v = pos->variant;
    const int side = v->rules->side_to_move(pos);
    int kind, from_f = 0, from_r = 0;
    if (m & BG_MOVE_DROP) {
        kind = BG_MOVE_KIND(m);
    } else {
        int from = BG_MOVE_FROM(m);
        kind = (m & BG_MOVE_PROMOTION) ? BG_MOVE_KIND(m)
                                       : BG_PIECE_KIND(pos->variant->rules->piece_at(pos, from));
        from_f = jp_file_no(v, from);
        from_r = jp_rank_no(v, from);
    }
    int to = BG_MOVE_TO(m);
    /* Squares are single digits on every board of the family (at most 9x9). */
    char t[6] = {side ? '-' : '+', (char)('0' + from_f), (char)('0' + from_r),
                 (char)('0' + jp_file_no(v, to)), (char)('0' + jp_rank_no(v, to)), 0};
    bgi_out_str(o, t);
    bgi_out_str(o, fam->pieces[kind].csa ? fam->pieces[kind].csa : "??");
}

int bgi_csa_format(const bg_position *pos, bg_move m, char *buf, size_t cap)
{
    const jp_family *fam = jp_family_of(pos->variant);
    if (!fam || !fam->csa)
        return BG_E_UNSUPPORTED;
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    csa_write_move(&o, pos, m);
    return bgi_out_finish(&o);
}

static int csa_kind(const jp_family *fam, const char *code)
{
    for (int k = 1; k <= fam->nkinds; k++)
        if (fam->pieces[k].csa && strncmp(fam->pieces[k].csa, code, 2) == 0)
            return k;
    return 0;
}

bg_status bgi_csa_parse(const bg_position *pos, const char *text, unsigned flags, bg_move *out,
                        bg_error *err)
{
    const jp_family *fam = jp_family_of(pos->variant);
    if (!fam || !fam->csa)
        return bgi_fail(err, BG_E_UNSUPPORTED, 0, "%s has no CSA notation", pos->variant->id);
    const bg_variant *v = pos->variant;
    const int width = v->width, height = v->height, stm = v->rules->side_to_move(pos);
    const int lenient = (flags & BG_PARSE_LENIENT) != 0;
    size_t i = 0;
    if (lenient)
        while (text[i] == ' ' || text[i] == '\t')
            i++;
    const size_t start = i;
    if (text[i] == '+' || text[i] == '-') {
        int side = text[i] == '-';
        if (side != stm)
            return bgi_fail(err, BG_E_ILLEGAL_MOVE, i, "CSA: '%c' marks a %s move, but %s is to move",
                            text[i], side ? "gote" : "sente", stm ? "gote" : "sente");
        i++;
    }
    int d[4];
    for (int k = 0; k < 4; k++) {
        char c = text[i + (size_t)k];
        if (c < '0' || c > '9')
            return bgi_fail(err, BG_E_PARSE, i + (size_t)k,
                            "CSA: expected a move like +7776FU, got '%s'", text + start);
        d[k] = c - '0';
    }
    const int drop = d[0] == 0 && d[1] == 0;
    if ((!drop && (d[0] < 1 || d[0] > width || d[1] < 1 || d[1] > height)))
        return bgi_fail(err, BG_E_PARSE, i, "CSA: no square %d%d on a %dx%d board", d[0], d[1],
                        width, height);
    if (d[2] < 1 || d[2] > width || d[3] < 1 || d[3] > height)
        return bgi_fail(err, BG_E_PARSE, i + 2, "CSA: no square %d%d on a %dx%d board", d[2], d[3],
                        width, height);
    i += 4;
    int code = text[i] && text[i + 1] ? csa_kind(fam, text + i) : 0;
    if (!code)
        return bgi_fail(err, BG_E_PARSE, i, "CSA: expected a %s piece code (FU, KY, ...) after the squares",
                        pos->variant->id);
    const size_t code_at = i;
    i += 2;
    if (lenient)
        while (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')
            i++;
    if (text[i])
        return bgi_fail(err, BG_E_PARSE, i, "CSA: unexpected '%c' after the move", text[i]);
    const int to = jp_square(v, d[2], d[3]);
    bg_move want;
    if (drop) {
        if (fam->pieces[code].base != code && !fam->flips)
            return bgi_fail(err, BG_E_ILLEGAL_MOVE, code_at, "CSA: a promoted %s cannot be dropped",
                            fam->pieces[code].csa);
        want = BG_MOVE_MAKE_DROP(code, to);
    } else {
        const int from = jp_square(v, d[0], d[1]);
        bg_piece p = pos->variant->rules->piece_at(pos, from);
        int kind = BG_PIECE_KIND(p);
        if (p == BG_PIECE_NONE || BG_PIECE_SIDE(p) != stm)
            return bgi_fail(err, BG_E_ILLEGAL_MOVE, start, "CSA: no %s piece on %d%d",
                            stm ? "gote" : "sente", d[0], d[1]);
        if (code == kind)
            want = BG_MOVE_MAKE(from, to);
        else if (fam->pieces[kind].promoted == code)
            want = BG_MOVE_MAKE_PROMOTION(from, to, code);
        else
            return bgi_fail(err, BG_E_ILLEGAL_MOVE, code_at, "CSA: the piece on %d%d is %s, not %s",
                            d[0], d[1], fam->pieces[kind].csa, fam->pieces[code].csa);
    }
    if (!bg_position_is_legal(pos, want))
        return bgi_fail(err, BG_E_ILLEGAL_MOVE, start, "CSA: %s is not a legal move here",
                        text + start);
    *out = want;
    return BG_OK;
}
