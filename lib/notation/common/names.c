/* libboardgames — piece and square names per notation: bg_variant_piece_notation, bg_variant_square_name / _parse. */
#include <string.h>

#include "internal.h"
#include "japanese.h"
#include "korean.h"
#include "xq_files.h"

static int has_notation(const bg_variant *v, const char *id) { return bgi_find_notation(v, id) != NULL; }

static int is(const char *a, const char *b) { return strcmp(a, b) == 0; }

static const char *shogi_piece(const bg_variant *v, int kind, const char *n)
{
    const jp_family *fam = jp_family_of(v);
    if (!fam || kind > fam->nkinds)
        return NULL;
    const jp_piece *p = &fam->pieces[kind];
    if (is(n, "usi") || is(n, "uci"))
        return v->piece_letters[kind];
    if (is(n, "csa"))
        return p->csa;
    if (is(n, "japanese") || is(n, "ki2"))
        return is(n, "ki2") ? p->kif : p->name;
    if (is(n, "kif"))
        return p->kif;
    if (is(n, "western"))
        return p->western;
    return NULL;
}

const char *bg_variant_piece_notation(const bg_variant *v, int kind, int side, const char *notation)
{
    if (!v || !notation || kind < 1 || kind > v->piece_kinds || side < 0 || side > v->sides ||
        (side == v->sides && !v->info->neutral))
        return NULL;
    if (is(notation, "fen") || is(notation, "sfen"))
        return v->piece_letters[kind];
    if (!has_notation(v, notation))
        return NULL;
    if (is(notation, "san") || is(notation, "lan"))
        return kind == 1 ? "" : v->piece_letters[kind]; /* chess: pawn moves name no piece */
    if (is(notation, "wxf"))
        return bgi_wxf_piece(kind);
    if (is(notation, "chinese"))
        return bgi_chinese_piece(kind, side);
    if (is(notation, "korean"))
        return bgi_korean_piece(kind, side);
    return shogi_piece(v, kind, notation);
}

/* ---------- squares ---------- */

enum { SQ_LETTER_RANK, SQ_LETTER_RANK0, SQ_USI, SQ_CSA, SQ_JAPANESE, SQ_KOREAN, SQ_NONE };

static int square_style(const bg_variant *v, const char *notation)
{
    const int shogi = v->info->squares == BGI_SQUARES_SHOGI;
    if (!notation)
        return shogi ? SQ_USI : SQ_LETTER_RANK;
    if (!has_notation(v, notation))
        return SQ_NONE;
    if (is(notation, "uci") || is(notation, "san") || is(notation, "lan"))
        return shogi ? SQ_USI : SQ_LETTER_RANK;
    if (is(notation, "usi") || is(notation, "western"))
        return SQ_USI;
    if (is(notation, "iccs"))
        return SQ_LETTER_RANK0;
    if (is(notation, "csa"))
        return SQ_CSA;
    if (is(notation, "japanese") || is(notation, "ki2") || is(notation, "kif"))
        return SQ_JAPANESE;
    if (is(notation, "korean"))
        return SQ_KOREAN;
    return SQ_NONE; /* wxf, chinese: files only, counted from the mover's right */
}

static void write_square(bgi_out *o, const bg_variant *v, int sq, int style)
{
    const int w = v->width, f = sq % w, r = sq / w;
    switch (style) {
    case SQ_LETTER_RANK: bgi_out_square(o, v, sq); break; /* never a shogi board (square_style) */
    case SQ_LETTER_RANK0: bgi_out_printf(o, "%c%d", 'a' + f, r); break;
    case SQ_USI: bgi_out_printf(o, "%d%c", w - f, 'a' + (v->height - 1 - r)); break;
    case SQ_CSA: bgi_out_printf(o, "%d%d", w - f, v->height - r); break;
    case SQ_JAPANESE:
        bgi_out_str(o, jp_fullwidth_digit(w - f));
        bgi_out_str(o, jp_kanji_number(v->height - r));
        break;
    case SQ_KOREAN: bgi_out_printf(o, "%d%d", (v->height - r) % 10, f + 1); break;
    }
}

int bg_variant_square_name(const bg_variant *v, int square, const char *notation, char *buf,
                           size_t cap)
{
    if (!v || square < 0 || square >= v->width * v->height || (!buf && cap))
        return BG_E_INVALID_ARGUMENT;
    const int style = square_style(v, notation);
    if (style == SQ_NONE)
        return BG_E_UNSUPPORTED;
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    write_square(&o, v, square, style);
    return bgi_out_finish(&o);
}

/* Names are short and boards at most 361 squares: compare with every square's name. */
int bg_variant_square_parse(const bg_variant *v, const char *text, const char *notation)
{
    if (!v || !text)
        return BG_E_INVALID_ARGUMENT;
    const int style = square_style(v, notation);
    if (style == SQ_NONE)
        return BG_E_UNSUPPORTED;
    for (int sq = 0; sq < v->width * v->height; sq++) {
        char name[16];
        bgi_out o;
        bgi_out_init(&o, name, sizeof name);
        write_square(&o, v, sq, style);
        if (bgi_out_finish(&o) > 0 && strcmp(name, text) == 0)
            return sq;
    }
    return BG_E_PARSE;
}
