/* libboardgames — pictures of the palace boards: xiangqi and lion chess (river, palaces, round pieces) and janggi (octagonal pieces sized by rank). */
#include <stdio.h>

#include "picture.h"

#define GAP 100    /* between two lines */
#define MARGIN 90  /* from the outer lines to the picture's edge: half a piece and the labels */

typedef struct palace_view {
    const bg_variant *v;
    int flip, janggi;
} palace_view;

static void point(const void *ctx, int sq, int *x, int *y)
{
    const palace_view *pv = ctx;
    int col, row;
    svg_cell(pv->v, pv->flip, sq, &col, &row);
    *x = MARGIN + col * GAP;
    *y = MARGIN + row * GAP;
}

static void line(bgi_out *o, int x1, int y1, int x2, int y2)
{
    bgi_out_printf(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", x1, y1, x2, y2);
}

/* The small corner marks of the cannons' and soldiers' points on a xiangqi board. */
static void station(bgi_out *o, const palace_view *pv, int file, int rank)
{
    int x, y;
    point(pv, rank * pv->v->width + file, &x, &y);
    for (int dx = -1; dx <= 1; dx += 2)
        for (int dy = -1; dy <= 1; dy += 2) {
            const int sx = pv->flip ? -dx : dx; /* board side of the mark */
            if ((file == 0 && sx < 0) || (file == pv->v->width - 1 && sx > 0))
                continue;
            const int ax = x + dx * 8, ay = y + dy * 8;
            bgi_out_printf(o, "<path d=\"M%d %d L%d %d L%d %d\" fill=\"none\"/>\n", ax + dx * 14,
                           ay, ax, ay, ax, ay + dy * 14);
        }
}

static void draw_board(bgi_out *o, const palace_view *pv, int W, int H)
{
    const bg_variant *v = pv->v;
    const int w = v->width, h = v->height, left = MARGIN, top = MARGIN;
    const int right = MARGIN + (w - 1) * GAP, bottom = MARGIN + (h - 1) * GAP;
    bgi_out_printf(o, "<rect width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", W, H,
                   pv->janggi ? "#eccb8c" : "#efd39a");
    bgi_out_str(o, "<g stroke=\"#3b2412\" stroke-width=\"3\" stroke-linecap=\"square\">\n");
    bgi_out_printf(o,
                   "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                   "stroke-width=\"6\"/>\n",
                   left - 12, top - 12, right - left + 24, bottom - top + 24);
    for (int r = 0; r < h; r++)
        line(o, left, top + r * GAP, right, top + r * GAP);
    /* Files: the river (between the middle ranks) cuts every file but the two outer ones. */
    const int river = !pv->janggi;
    const int river_top = top + (h / 2 - 1) * GAP, river_bottom = top + (h / 2) * GAP;
    for (int f = 0; f < w; f++) {
        const int x = left + f * GAP;
        if (river && f > 0 && f < w - 1) {
            line(o, x, top, x, river_top);
            line(o, x, river_bottom, x, bottom);
        } else {
            line(o, x, top, x, bottom);
        }
    }
    /* Palaces: both diagonals of the 3x3 blocks. */
    const int pl = left + (w / 2 - 1) * GAP, pr = left + (w / 2 + 1) * GAP;
    line(o, pl, top, pr, top + 2 * GAP);
    line(o, pr, top, pl, top + 2 * GAP);
    line(o, pl, bottom, pr, bottom - 2 * GAP);
    line(o, pr, bottom, pl, bottom - 2 * GAP);
    if (river) {
        static const int soldiers9[] = {0, 2, 4, 6, 8}, soldiers11[] = {0, 2, 5, 8, 10};
        const int *sf = w == 11 ? soldiers11 : soldiers9;
        for (int side = 0; side < 2; side++) {
            const int cr = side ? h - 3 : 2, pr2 = side ? h - 4 : 3;
            station(o, pv, 1, cr);
            station(o, pv, w - 2, cr);
            for (int i = 0; i < 5; i++)
                station(o, pv, sf[i], pr2);
        }
    }
    bgi_out_str(o, "</g>\n");
    if (river) {
        const int y = (river_top + river_bottom) / 2, quarter = (right - left) / 4;
        svg_text(o, left + quarter, y, 58, "#3b2412", SVG_FONT_ZH, 0, "楚　河");
        svg_text(o, right - quarter, y, 58, "#3b2412", SVG_FONT_ZH, 0, "漢　界");
    }
}

/* Chinese numerals for red's files (一 .. 十一). */
static const char *const numerals[] = {"", "一", "二", "三", "四", "五", "六", "七",
                                       "八", "九", "十", "十一"};

static void draw_labels(bgi_out *o, const palace_view *pv)
{
    const bg_variant *v = pv->v;
    const int w = v->width, h = v->height;
    for (int i = 0; i < w; i++) {
        const int x = MARGIN + i * GAP;
        const int f = pv->flip ? w - 1 - i : i; /* board file under this column */
        for (int edge = 0; edge < 2; edge++) {  /* 0 = bottom, 1 = top */
            const int side = edge ^ pv->flip;   /* the side sitting at that edge */
            const int y = edge ? MARGIN / 2 - 22 : MARGIN + (h - 1) * GAP + MARGIN / 2 + 22;
            char num[16];
            if (pv->janggi) {
                /* Korean notation: files 1..9 from Cho's left, at the bottom only. */
                if (edge)
                    continue;
                snprintf(num, sizeof num, "%d", f + 1);
                svg_text(o, x, y, 30, "#3b2412", SVG_FONT_LATIN, 0, num);
                continue;
            }
            /* Files counted from each side's right: red in numerals, black in digits. */
            const int n = side == 0 ? w - f : f + 1;
            if (side == 0) {
                svg_text(o, x, y, 32, "#3b2412", SVG_FONT_ZH, 0, numerals[n]);
            } else {
                snprintf(num, sizeof num, "%d", n);
                svg_text(o, x, y, 30, "#3b2412", SVG_FONT_LATIN, 0, num);
            }
        }
    }
    if (pv->janggi)
        for (int i = 0; i < h; i++) { /* ranks from Han's edge: 1 .. 9, 0 */
            const int r = pv->flip ? i : h - 1 - i;
            char num[16] = {(char)('0' + (h - r) % 10), 0};
            svg_text(o, MARGIN / 2 - 22, MARGIN + i * GAP, 30, "#3b2412", SVG_FONT_LATIN, 0, num);
        }
}

/* Janggi's pieces are octagons: the general largest, guards and soldiers smallest. */
static int janggi_radius(int kind)
{
    switch (kind) {
    case 1: return 48;          /* general */
    case 2: case 7: return 33;  /* guard, soldier */
    default: return 41;         /* elephant, horse, chariot, cannon */
    }
}

static void octagon(bgi_out *o, int x, int y, int r, const char *fill, const char *stroke)
{
    /* Corners at 22.5 + 45k degrees: cos 22.5 = 0.924, sin 22.5 = 0.383. */
    const int a = r * 924 / 1000, b = r * 383 / 1000;
    bgi_out_printf(o,
                   "<polygon points=\"%d,%d %d,%d %d,%d %d,%d %d,%d %d,%d %d,%d %d,%d\" "
                   "fill=\"%s\" stroke=\"%s\" stroke-width=\"3\"/>\n",
                   x + a, y - b, x + b, y - a, x - b, y - a, x - a, y - b, x - a, y + b, x - b,
                   y + a, x + b, y + a, x + a, y + b, fill, stroke);
}

static void draw_piece(bgi_out *o, const void *ctx, int x, int y, int side, int kind)
{
    const palace_view *pv = ctx;
    const bg_variant *v = pv->v;
    const char *ink = v->info->sides[side].color;
    const char *glyph = bg_variant_piece_text(v, kind, side, BG_TEXT_SYMBOL);
    if (pv->janggi) {
        const int r = janggi_radius(kind);
        octagon(o, x + 3, y + 4, r, "#7a5a36", "none"); /* shadow */
        octagon(o, x, y, r, "#f6e9cc", "#5b3d22");
        octagon(o, x, y, r - 7, "none", ink);
        svg_text(o, x, y, r * 23 / 20, ink, SVG_FONT_KO, 0, glyph);
        return;
    }
    bgi_out_printf(o,
                   "<circle cx=\"%d\" cy=\"%d\" r=\"44\" fill=\"#7a5a36\"/>\n"
                   "<circle cx=\"%d\" cy=\"%d\" r=\"44\" fill=\"#f6e3bb\" stroke=\"#5b3d22\" "
                   "stroke-width=\"3\"/>\n"
                   "<circle cx=\"%d\" cy=\"%d\" r=\"36\" fill=\"none\" stroke=\"%s\" "
                   "stroke-width=\"3\"/>\n",
                   x + 3, y + 4, x, y, x, y, ink);
    svg_text(o, x, y, 50, ink, SVG_FONT_ZH, 0, glyph);
}

void pic_svg_palace(bgi_out *o, const bg_position *pos, const pic_options *opt)
{
    const bg_variant *v = pos->variant;
    const palace_view pv = {v, opt->flip, v->info->picture == BGI_PICTURE_JANGGI};
    const int W = (v->width - 1) * GAP + 2 * MARGIN, H = (v->height - 1) * GAP + 2 * MARGIN;
    svg_begin(o, pos, W, H, opt->size, W * 2 / 5);
    draw_board(o, &pv, W, H);
    if (opt->coordinates)
        draw_labels(o, &pv);
    static const svg_squares_style style = {
        .hl_w = 96, .hl_h = 96, .hl_rx = 12, .hl_fill = "#3a8fd9", .hl_opacity = "0.35",
        .check_r = 52, .mark_r = 48, .mark_width = 6, .mark_opacity = "0.85", .arrow_width = 14};
    svg_squares(o, pos, opt, &style, point, draw_piece, &pv);
    svg_end(o);
}
