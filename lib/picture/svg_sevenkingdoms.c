/* libboardgames — the Seven Kingdoms picture: a 19x19 Go board, each kingdom's home tinted in its colour, pieces as discs of the commanding kingdom's colour, a legend with the kingdom to move. */
#include <stdio.h>

#include "picture.h"

#define GAP 60     /* between two lines */
#define MARGIN 84  /* outer line to the edge: half a piece and the labels */
#define LEGEND 90  /* band under the board for the kingdoms */

typedef struct sk_view {
    const bg_variant *v;
    int flip;
} sk_view;

static void point(const void *ctx, int sq, int *x, int *y)
{
    const sk_view *kv = ctx;
    int col, row;
    svg_cell(kv->v, kv->flip, sq, &col, &row);
    *x = MARGIN + col * GAP;
    *y = MARGIN + row * GAP;
}

/* Dark text on light colours, light text on dark ones ("#rrggbb"). */
static const char *ink_on(const char *color)
{
    unsigned r = 0, g = 0, b = 0;
    if (sscanf(color, "#%2x%2x%2x", &r, &g, &b) != 3)
        return "#000000";
    return r * 299 + g * 587 + b * 114 > 150000 ? "#1a1a1a" : "#ffffff";
}

static void disc(bgi_out *o, int x, int y, int r, const char *fill, const char *text, int size)
{
    bgi_out_printf(o,
                   "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"#5b3d22\" opacity=\"0.45\"/>"
                   "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"",
                   x + 2, y + 3, r, x, y, r);
    svg_escape(o, fill);
    bgi_out_str(o, "\" stroke=\"#3b2412\" stroke-width=\"2.5\"/>\n");
    svg_text(o, x, y, size, ink_on(fill), SVG_FONT_ZH, 0, text);
}

/* A piece: a disc of the colour of the kingdom that commands it, with its symbol. */
static void board_piece(bgi_out *o, const void *ctx, int x, int y, int side, int kind)
{
    const sk_view *kv = ctx;
    disc(o, x, y, 27, bg_variant_side_color(kv->v, side),
         bg_variant_piece_text(kv->v, kind, side, BG_TEXT_SYMBOL), 32);
}

void pic_svg_sevenkingdoms(bgi_out *o, const bg_position *pos, const pic_options *opt)
{
    const bg_variant *v = pos->variant;
    const int n = v->width, span = (n - 1) * GAP;
    const sk_view kv = {v, opt->flip};
    const int W = span + 2 * MARGIN, H = span + 2 * MARGIN + LEGEND;
    svg_begin(o, pos, W, H, opt->size, 600);
    bgi_out_printf(o, "<rect width=\"%d\" height=\"%d\" fill=\"#e6c27f\"/>\n", W, H);
    /* Home areas: a square of the kingdom's colour round each of its start points. */
    for (int k = 0; k < v->sides; k++) {
        bgi_out_str(o, "<g fill=\"");
        svg_escape(o, v->info->sides[k].color);
        bgi_out_str(o, "\" fill-opacity=\"0.35\">");
        for (int sq = 0; sq < n * n; sq++)
            if (bg_variant_region_contains(v, BG_REGION_HOME, k, sq)) {
                int x, y;
                point(&kv, sq, &x, &y);
                bgi_out_printf(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"/>", x - GAP / 2,
                               y - GAP / 2, GAP, GAP);
            }
        bgi_out_str(o, "</g>\n");
    }
    bgi_out_str(o, "<g stroke=\"#2b1a0c\" stroke-width=\"2\">\n");
    for (int i = 0; i < n; i++) {
        bgi_out_printf(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>", MARGIN + i * GAP,
                       MARGIN, MARGIN + i * GAP, MARGIN + span);
        bgi_out_printf(o, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>\n", MARGIN,
                       MARGIN + i * GAP, MARGIN + span, MARGIN + i * GAP);
    }
    bgi_out_str(o, "</g>\n");
    for (int i = 0; i < 3; i++) /* the Go board's star points */
        for (int j = 0; j < 3; j++)
            bgi_out_printf(o, "<circle cx=\"%d\" cy=\"%d\" r=\"6\" fill=\"#2b1a0c\"/>\n",
                           MARGIN + (3 + 6 * i) * GAP, MARGIN + (3 + 6 * j) * GAP);
    if (opt->coordinates)
        for (int i = 0; i < n; i++) {
            char label[16];
            snprintf(label, sizeof label, "%c", 'a' + (opt->flip ? n - 1 - i : i));
            svg_text(o, MARGIN + i * GAP, MARGIN + span + MARGIN / 2 + 12, 24, "#3b2412",
                     SVG_FONT_LATIN, 0, label);
            svg_text(o, MARGIN + i * GAP, MARGIN / 2 - 12, 24, "#3b2412", SVG_FONT_LATIN, 0, label);
            snprintf(label, sizeof label, "%d", opt->flip ? i + 1 : n - i);
            svg_text(o, MARGIN / 2 - 14, MARGIN + i * GAP, 22, "#3b2412", SVG_FONT_LATIN, 0, label);
            svg_text(o, MARGIN + span + MARGIN / 2 + 14, MARGIN + i * GAP, 22, "#3b2412",
                     SVG_FONT_LATIN, 0, label);
        }
    static const svg_squares_style style = {
        .hl_w = GAP, .hl_h = GAP, .hl_rx = 8, .hl_fill = "#3a8fd9", .hl_opacity = "0.45",
        .mark_r = 29, .mark_width = 5, .mark_opacity = "0.9", .arrow_width = 10};
    svg_squares(o, pos, opt, &style, point, board_piece, &kv);
    /* Legend: the kingdoms in turn order, the one to move ringed, the eliminated ones faded. */
    const int stm = v->rules->side_to_move(pos);
    const int ly = MARGIN + span + MARGIN + LEGEND / 2 - 8, step = W / (v->sides + 1);
    for (int k = 0; k < v->sides; k++) {
        const int x = step * (k + 1);
        int alive = 0;
        for (int sq = 0; sq < n * n && !alive; sq++) {
            const bg_piece p = v->rules->piece_at(pos, sq);
            alive = p != BG_PIECE_NONE && BG_PIECE_SIDE(p) == k;
        }
        if (k == stm)
            bgi_out_printf(o,
                           "<circle cx=\"%d\" cy=\"%d\" r=\"38\" fill=\"none\" stroke=\"#d7263d\" "
                           "stroke-width=\"6\"/>\n",
                           x, ly);
        if (!alive)
            bgi_out_str(o, "<g opacity=\"0.3\">");
        disc(o, x, ly, 30, v->info->sides[k].color, v->info->sides[k].native, 36);
        if (!alive)
            bgi_out_str(o, "</g>\n");
    }
    svg_end(o);
}
