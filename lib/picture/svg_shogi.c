/* libboardgames — shogi-family pictures: the board (squares, or points for old shogi), pentagon pieces pointing at the opponent, zone marks, hands on stands beside the board. */
#include <stdio.h>
#include <string.h>

#include "picture.h"

#define CW 100     /* square width */
#define CH 109     /* square height: shogi squares are a little taller than wide */
#define PAD 24     /* board wood around the grid */
#define LABEL 48   /* band for the coordinates (top and right) */
#define STAND 150  /* width of a piece stand (komadai) */
#define GAP 24     /* between the board and a stand */
#define ITEM 80    /* height of one kind on a stand */

typedef struct shogi_view {
    const bg_variant *v;
    int flip, points, drops, label;
    int bx, by; /* top-left corner of the grid (first line) */
} shogi_view;

/* Centre of a square (or point) on the picture. */
static void centre(const void *ctx, int sq, int *x, int *y)
{
    const shogi_view *sv = ctx;
    int col, row;
    svg_cell(sv->v, sv->flip, sq, &col, &row);
    const int ox = sv->points ? 0 : CW / 2, oy = sv->points ? 0 : CH / 2;
    *x = sv->bx + col * CW + ox;
    *y = sv->by + row * CH + oy;
}

/* Piece sizes by rank, per mille: kings largest, pawns smallest, as real sets are cut. */
static int piece_scale(const bg_variant *v, int kind)
{
    const int base = bg_variant_piece_base(v, kind);
    const char *name = v->piece_names[base];
    if (v->info->pieces[base].royal)
        return 1000;
    if (!strcmp(name, "rook") || !strcmp(name, "bishop") || !strcmp(name, "drunk elephant"))
        return 970;
    if (!strcmp(name, "gold") || !strcmp(name, "silver") || !strcmp(name, "falcon") ||
        !strcmp(name, "crane"))
        return 940;
    if (!strcmp(name, "knight") || !strcmp(name, "pheasant") || !strcmp(name, "left quail") ||
        !strcmp(name, "right quail"))
        return 910;
    if (!strcmp(name, "lance"))
        return 890;
    return 860; /* pawn, swallow */
}

/* The two or one characters shown on a piece: its symbol, or its full name where two kinds share the symbol (Tori's quails). */
static const char *face(const bg_variant *v, int kind, int side, int *two)
{
    const char *sym = bg_variant_piece_text(v, kind, side, BG_TEXT_SYMBOL);
    *two = 0;
    for (int k = 1; k <= v->piece_kinds; k++)
        if (k != kind && !strcmp(bg_variant_piece_text(v, k, side, BG_TEXT_SYMBOL), sym)) {
            *two = 1;
            return bg_variant_piece_text(v, kind, side, BG_TEXT_NATIVE);
        }
    return sym;
}

/* A pentagon piece centred at (x, y), `scale` per mille, pointing up (or down when `down`). */
static void piece(bgi_out *o, const bg_variant *v, int x, int y, int scale, int down, int side,
                  int kind)
{
    const int h = 94 * scale / 1000, w = 82 * scale / 1000;
    const int top = -h / 2, shoulder = -h / 2 + h * 27 / 100, bottom = h / 2;
    bgi_out_printf(o, "<g transform=\"translate(%d %d)%s\">", x, y, down ? " rotate(180)" : "");
    bgi_out_printf(o,
                   "<polygon points=\"%d,%d %d,%d %d,%d %d,%d %d,%d\" fill=\"#7a5a36\" "
                   "opacity=\"0.5\"/>",
                   3, top + 4, w * 40 / 100 + 3, shoulder + 4, w / 2 + 3, bottom + 4, -w / 2 + 3,
                   bottom + 4, -w * 40 / 100 + 3, shoulder + 4);
    bgi_out_printf(o,
                   "<polygon points=\"%d,%d %d,%d %d,%d %d,%d %d,%d\" fill=\"#f7dfa5\" "
                   "stroke=\"#5b3d22\" stroke-width=\"3\" stroke-linejoin=\"round\"/>",
                   0, top, w * 40 / 100, shoulder, w / 2, bottom, -w / 2, bottom, -w * 40 / 100,
                   shoulder);
    int two;
    const char *text = face(v, kind, side, &two);
    const char *ink = v->info->pieces[kind].base ? "#c8102e" : "#1a1a1a"; /* promoted: red */
    if (two) {
        /* Two characters stacked, as on real pieces: split after the first UTF-8 character. */
        size_t n = 1;
        while (text[n] && ((unsigned char)text[n] & 0xc0) == 0x80)
            n++;
        char first[8] = {0};
        memcpy(first, text, n < sizeof first ? n : sizeof first - 1);
        const int fs = 36 * scale / 1000;
        svg_text(o, 0, -fs / 2 + 6, fs, ink, SVG_FONT_JA, 0, first);
        svg_text(o, 0, fs / 2 + 8, fs, ink, SVG_FONT_JA, 0, text + n);
    } else {
        const int fs = 58 * scale / 1000;
        svg_text(o, 0, 8 * scale / 1000, fs, ink, SVG_FONT_JA, 0, text);
    }
    bgi_out_str(o, "</g>\n");
}

static void draw_board(bgi_out *o, const shogi_view *sv)
{
    const bg_variant *v = sv->v;
    const int w = v->width, h = v->height;
    const int gw = (sv->points ? w - 1 : w) * CW, gh = (sv->points ? h - 1 : h) * CH;
    const int pad = sv->points ? CW / 2 + 6 : PAD;
    bgi_out_printf(o,
                   "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#e9b865\" "
                   "stroke=\"#8a5a2b\" stroke-width=\"4\"/>\n",
                   sv->bx - pad, sv->by - pad, gw + 2 * pad, gh + 2 * pad);
    /* Old shogi on points: tint each side's promotion zone (three ranks of points). */
    if (sv->points)
        for (int side = 0; side < 2; side++) {
            const int zone = 3, y0 = side ? sv->by - CH / 2 : sv->by + gh - (zone - 1) * CH - CH / 2;
            bgi_out_printf(o,
                           "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#b03020\" "
                           "fill-opacity=\"0.13\"/>\n",
                           sv->bx - CW / 2, y0, gw + CW, zone * CH);
        }
    bgi_out_str(o, "<g stroke=\"#2b1a0c\" stroke-width=\"2.5\">\n");
    const int nv = sv->points ? w : w + 1, nh = sv->points ? h : h + 1;
    for (int i = 0; i < nv; i++)
        bgi_out_printf(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", sv->bx + i * CW,
                       sv->by, sv->bx + i * CW, sv->by + gh);
    for (int i = 0; i < nh; i++)
        bgi_out_printf(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", sv->bx,
                       sv->by + i * CH, sv->bx + gw, sv->by + i * CH);
    bgi_out_str(o, "</g>\n");
    /* Star points where the promotion zones' lines cross, as on real boards. */
    if (!sv->points) {
        int zone = 0;
        for (int r = 0; r < h; r++)
            zone += bg_variant_region_contains(v, BG_REGION_PROMOTION, 0, r * w);
        for (int i = 0; i < 2; i++)
            for (int j = 0; j < 2; j++)
                bgi_out_printf(o, "<circle cx=\"%d\" cy=\"%d\" r=\"7\" fill=\"#2b1a0c\"/>\n",
                               sv->bx + (i ? w - zone : zone) * CW,
                               sv->by + (j ? h - zone : zone) * CH);
    }
}

static void draw_labels(bgi_out *o, const shogi_view *sv)
{
    const bg_variant *v = sv->v;
    const int w = v->width, h = v->height;
    static const char *const digits[] = {"", "１", "２", "３", "４", "５", "６", "７", "８", "９"};
    static const char *const kanji[] = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
    const int gw = (sv->points ? w - 1 : w) * CW;
    const int pad = sv->points ? CW / 2 + 6 : PAD;
    for (int i = 0; i < w; i++) {
        int x, y;
        centre(sv, (sv->flip ? 0 : h - 1) * w + (sv->flip ? w - 1 - i : i), &x, &y);
        const int file = sv->flip ? i + 1 : w - i; /* files counted from sente's right */
        svg_text(o, x, sv->by - pad - LABEL / 2, 34, "#3b2412", SVG_FONT_JA, 0, digits[file]);
    }
    for (int i = 0; i < h; i++) {
        int x, y;
        centre(sv, (sv->flip ? i : h - 1 - i) * w, &x, &y);
        const int rank = sv->flip ? h - i : i + 1; /* ranks counted from gote's side */
        svg_text(o, sv->bx + gw + pad + LABEL / 2, y, 34, "#3b2412", SVG_FONT_JA, 0, kanji[rank]);
    }
}

/* A side's piece stand: its mark and name, then each kind in hand with its count. */
static void draw_stand(bgi_out *o, const bg_position *pos, const shogi_view *sv, int side, int x,
                       int y, int height)
{
    const bg_variant *v = sv->v;
    const int down = side ^ sv->flip;
    bgi_out_printf(o,
                   "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"6\" fill=\"#dcae62\" "
                   "stroke=\"#8a5a2b\" stroke-width=\"3\"/>\n",
                   x, y, STAND, height);
    char title[32];
    snprintf(title, sizeof title, "%s%s", bg_variant_side_text(v, side, BG_TEXT_SYMBOL),
             bg_variant_side_text(v, side, BG_TEXT_NATIVE));
    svg_text(o, x + STAND / 2, y + 30, 30, "#2b1a0c", SVG_FONT_JA, 0, title);
    int slot = 0;
    for (int kind = v->piece_kinds; kind >= 1; kind--) {
        const bgi_piece_info *pi = &v->info->pieces[kind];
        if (pi->royal || pi->base)
            continue;
        const int n = v->rules->hand_count(pos, side, kind);
        if (n <= 0)
            continue;
        const int cy = y + 64 + slot * ITEM + ITEM / 2;
        piece(o, v, x + 58, cy, 720, down, side, kind);
        if (n > 1) {
            char count[16];
            snprintf(count, sizeof count, "%d", n);
            svg_text(o, x + 120, cy + 18, 34, "#2b1a0c", SVG_FONT_LATIN, 0, count);
        }
        slot++;
    }
}

/* A piece on the board, sized by its rank, pointing at the side it faces. */
static void board_piece(bgi_out *o, const void *ctx, int x, int y, int side, int kind)
{
    const shogi_view *sv = ctx;
    piece(o, sv->v, x, y, piece_scale(sv->v, kind), side ^ sv->flip, side, kind);
}

void pic_svg_shogi(bgi_out *o, const bg_position *pos, const pic_options *opt)
{
    const bg_variant *v = pos->variant;
    const int w = v->width, h = v->height;
    shogi_view sv = {v, opt->flip, v->info->on_points, v->has_drops, opt->coordinates, 0, 0};
    const int pad = sv.points ? CW / 2 + 6 : PAD;
    const int gw = (sv.points ? w - 1 : w) * CW, gh = (sv.points ? h - 1 : h) * CH;
    const int label = opt->coordinates ? LABEL : 0;
    const int stand = sv.drops ? STAND + GAP : 0;
    sv.bx = stand + pad + 10;
    sv.by = label + pad + 10;
    const int W = sv.bx + gw + pad + label + 10 + stand, H = sv.by + gh + pad + 10;
    svg_begin(o, pos, W, H, opt->size, W * 2 / 5);
    bgi_out_printf(o, "<rect width=\"%d\" height=\"%d\" fill=\"#f4ead5\"/>\n", W, H);
    draw_board(o, &sv);
    if (opt->coordinates)
        draw_labels(o, &sv);
    if (sv.drops) {
        int kinds = 0;
        for (int k = 1; k <= v->piece_kinds; k++)
            kinds += !v->info->pieces[k].royal && !v->info->pieces[k].base;
        const int sh = 72 + kinds * ITEM;
        /* The side at the bottom keeps its stand at the bottom right, the other at the top left. */
        draw_stand(o, pos, &sv, opt->flip, W - STAND - 10, H - 10 - sh, sh);
        draw_stand(o, pos, &sv, !opt->flip, 10, 10, sh);
    }
    static const svg_squares_style style = {
        .hl_w = CW - 4, .hl_h = CH - 4, .hl_fill = "#f5e050", .hl_opacity = "0.6", .check_r = 50,
        .mark_r = 46, .mark_width = 6, .mark_opacity = "0.85", .arrow_width = 14};
    svg_squares(o, pos, opt, &style, centre, board_piece, &sv);
    svg_end(o);
}
