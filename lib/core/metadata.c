/* libboardgames — metadata queries: piece and side texts and colours, royal and promotion facts, board regions. */
#include <string.h>

#include "internal.h"

/* Sides a text may be asked for: the real ones, and the neutral one where the variant has it. */
static int side_ok(const bg_variant *v, int side)
{
    return side >= 0 && (side < v->sides || (side == v->sides && v->info->neutral));
}

static const bgi_piece_info *piece(const bg_variant *v, int kind)
{
    return v && kind >= 1 && kind <= v->piece_kinds ? &v->info->pieces[kind] : NULL;
}

static const char *by_side(const char *const t[2], int side)
{
    return side == 1 && t[1] ? t[1] : t[0];
}

const char *bg_variant_piece_text(const bg_variant *v, int kind, int side, int form)
{
    const bgi_piece_info *p = piece(v, kind);
    if (!p || !side_ok(v, side))
        return NULL;
    switch (form) {
    case BG_TEXT_ENGLISH: return v->piece_names[kind];
    case BG_TEXT_NATIVE: return by_side(p->native, side);
    case BG_TEXT_SYMBOL:
        if (p->royal && v->info->royal_shows_side && side < v->sides)
            return v->info->sides[side].native;
        return by_side(p->symbol, side);
    case BG_TEXT_READING: return by_side(p->reading, side);
    default: return NULL;
    }
}

int bg_variant_piece_is_royal(const bg_variant *v, int kind)
{
    const bgi_piece_info *p = piece(v, kind);
    return p ? p->royal : 0;
}

int bg_variant_piece_base(const bg_variant *v, int kind)
{
    const bgi_piece_info *p = piece(v, kind);
    return p ? (p->base ? p->base : kind) : 0;
}

uint64_t bg_variant_piece_promotions(const bg_variant *v, int kind)
{
    const bgi_piece_info *p = piece(v, kind);
    return p ? p->promotions : 0;
}

const char *bg_variant_side_text(const bg_variant *v, int side, int form)
{
    if (!v || !side_ok(v, side))
        return NULL;
    const bgi_side_info *s = &v->info->sides[side];
    switch (form) {
    case BG_TEXT_ENGLISH: return s->english;
    case BG_TEXT_NATIVE: return s->native;
    case BG_TEXT_SYMBOL: return s->symbol;
    case BG_TEXT_READING: return s->reading;
    default: return NULL;
    }
}

const char *bg_variant_side_color(const bg_variant *v, int side)
{
    return v && side_ok(v, side) ? v->info->sides[side].color : NULL;
}

int bg_variant_on_points(const bg_variant *v) { return v ? v->info->on_points : 0; }

int bg_variant_region_contains(const bg_variant *v, int region, int side, int square)
{
    if (!v || side < 0 || side >= v->sides || square < 0 || square >= v->width * v->height ||
        !v->info->region)
        return 0;
    return v->info->region(v, region, side, square) ? 1 : 0;
}

int bg_variant_region_squares(const bg_variant *v, int region, int side, int *buf, size_t cap)
{
    if (!v || side < 0 || side >= v->sides || (!buf && cap))
        return BG_E_INVALID_ARGUMENT;
    if (region < BG_REGION_PALACE || region > BG_REGION_HOME)
        return BG_E_INVALID_ARGUMENT;
    size_t n = 0;
    for (int sq = 0; sq < v->width * v->height; sq++)
        if (bg_variant_region_contains(v, region, side, sq)) {
            if (n < cap)
                buf[n] = sq;
            n++;
        }
    return (int)n;
}

void bgi_out_square(bgi_out *o, const bg_variant *v, int sq)
{
    const int w = v->width, f = sq % w, r = sq / w;
    if (v->info->squares == BGI_SQUARES_SHOGI)
        bgi_out_printf(o, "%d%c", w - f, 'a' + (v->height - 1 - r));
    else
        bgi_out_printf(o, "%c%d", 'a' + f, r + 1);
}
