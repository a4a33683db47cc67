/* libboardgames — the chess picture: light and dark squares, figurines drawn as SVG shapes (no font), coordinates, highlights. */
#include <stdio.h>
#include <string.h>

#include "picture.h"

#define SQ 100     /* one square in user units */
#define MARGIN 40  /* room for the coordinates */

/*
** The figurines, designed for this library on a 100 x 100 square: each is a list of shapes in
** the body colour with the outline colour, then detail strokes (the lines that separate the
** parts) in the contrasting colour. Kinds as bg_variant piece kinds of chess (1 pawn .. 6 king).
*/
typedef struct figurine {
    const char *body;   /* elements without colours */
    const char *detail; /* path data stroked in the detail colour */
} figurine;

static const figurine figurines[7] = {
    [1] = {"<path d=\"M40 50 C40 60 32 68 31 81 L69 81 C68 68 60 60 60 50 Z\"/>"
           "<rect x=\"24\" y=\"80\" width=\"52\" height=\"9\" rx=\"3\"/>"
           "<ellipse cx=\"50\" cy=\"48\" rx=\"14\" ry=\"5\"/>"
           "<circle cx=\"50\" cy=\"30\" r=\"13\"/>",
           ""},
    [2] = {"<path d=\"M31 81 C29 72 31 65 36 60 C41 55 45 51 46 44 C42 48 38 50 34 51 "
           "C30 53 26 53 24 50 C21 47 21 43 23 39 C26 32 31 25 37 20 L42 10 L47 18 "
           "C55 19 62 24 66 31 C73 43 75 60 73 81 Z\"/>"
           "<rect x=\"24\" y=\"80\" width=\"54\" height=\"9\" rx=\"3\"/>",
           "M64 32 C69 44 70 60 69 78 M38 28 L41 28"},
    [3] = {"<path d=\"M41 70 L35 81 L65 81 L59 70 Z\"/>"
           "<rect x=\"23\" y=\"80\" width=\"54\" height=\"9\" rx=\"3\"/>"
           "<path d=\"M50 17 C35 29 31 48 37 63 L63 63 C69 48 65 29 50 17 Z\"/>"
           "<rect x=\"34\" y=\"62\" width=\"32\" height=\"9\" rx=\"3\"/>"
           "<circle cx=\"50\" cy=\"13\" r=\"5\"/>",
           "M57 30 L45 46"},
    [4] = {"<rect x=\"22\" y=\"80\" width=\"56\" height=\"9\" rx=\"2\"/>"
           "<rect x=\"28\" y=\"72\" width=\"44\" height=\"9\"/>"
           "<path d=\"M33 72 L36 39 L64 39 L67 72 Z\"/>"
           "<path d=\"M28 39 L28 16 L37 16 L37 23 L45 23 L45 16 L55 16 L55 23 L63 23 L63 16 "
           "L72 16 L72 39 Z\"/>",
           "M29 33 L71 33 M34 66 L66 66"},
    [5] = {"<rect x=\"22\" y=\"82\" width=\"56\" height=\"8\" rx=\"2\"/>"
           "<path d=\"M28 83 L30 72 L70 72 L72 83 Z\"/>"
           "<path d=\"M30 72 L18 33 L37 53 L35 24 L47 51 L50 19 L53 51 L65 24 L63 53 L82 33 "
           "L70 72 Z\"/>"
           "<circle cx=\"18\" cy=\"31\" r=\"5\"/><circle cx=\"35\" cy=\"22\" r=\"5\"/>"
           "<circle cx=\"50\" cy=\"17\" r=\"5\"/><circle cx=\"65\" cy=\"22\" r=\"5\"/>"
           "<circle cx=\"82\" cy=\"31\" r=\"5\"/>",
           "M31 66 L69 66"},
    [6] = {"<rect x=\"22\" y=\"82\" width=\"56\" height=\"8\" rx=\"2\"/>"
           "<path d=\"M28 83 L30 72 L70 72 L72 83 Z\"/>"
           "<path d=\"M30 72 C17 60 21 40 36 43 C40 37 45 35 50 41 C55 35 60 37 64 43 "
           "C79 40 83 60 70 72 Z\"/>"
           "<path d=\"M46 7 L54 7 L54 14 L61 14 L61 22 L54 22 L54 36 L46 36 L46 22 L39 22 "
           "L39 14 L46 14 Z\"/>",
           "M31 66 L69 66 M50 44 L50 66"},
};

static const char *const light = "#eed9b6", *const dark = "#b58a63";

typedef struct chess_view {
    const bg_variant *v;
    int flip, margin;
} chess_view;

/* Top-left corner of a square on the picture. */
static void corner(const chess_view *cv, int sq, int *x, int *y)
{
    int col, row;
    svg_cell(cv->v, cv->flip, sq, &col, &row);
    *x = cv->margin + col * SQ;
    *y = cv->margin + row * SQ;
}

static void centre(const void *ctx, int sq, int *x, int *y)
{
    corner(ctx, sq, x, y);
    *x += SQ / 2;
    *y += SQ / 2;
}

/* The id letter of a side's figurines: w and b, then 2, 3, ... for more sides. */
static char side_id(int side) { return side < 2 ? "wb"[side] : (char)('0' + side); }

/* A side's body colour: white and black, else its own (four-player chess: red, blue, ...). */
static const char *body_color(const bg_variant *v, int side)
{
    if (v->sides <= 2)
        return side ? "#1c1c1c" : "#ffffff";
    return v->info->sides[side].color;
}

/* Detail lines that show on a body colour: white on dark colours, black on light ones. */
static const char *line_color(const char *body)
{
    unsigned r = 0, g = 0, b = 0;
    if (strlen(body) == 7)
        sscanf(body + 1, "%2x%2x%2x", &r, &g, &b);
    return 299 * r + 587 * g + 114 * b < 128000 ? "#ffffff" : "#1c1c1c";
}

static void write_defs(bgi_out *o, const bg_variant *v)
{
    bgi_out_str(o, "<defs>\n");
    for (int side = 0; side < (v->sides > 2 ? v->sides : 2); side++)
        for (int k = 1; k <= 6; k++) {
            const char *body = body_color(v, side), *line = line_color(body);
            bgi_out_printf(o,
                           "<g id=\"%c%c\" fill=\"%s\" stroke=\"#1c1c1c\" stroke-width=\"3\" "
                           "stroke-linejoin=\"round\">%s",
                           side_id(side), " pnbrqk"[k], body, figurines[k].body);
            if (figurines[k].detail[0])
                bgi_out_printf(o,
                               "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"3\" "
                               "stroke-linecap=\"round\"/>",
                               figurines[k].detail, line);
            bgi_out_str(o, "</g>\n");
        }
    bgi_out_str(o, "</defs>\n");
}

void pic_svg_chess(bgi_out *o, const bg_position *pos, const pic_options *opt)
{
    const bg_variant *v = pos->variant;
    const int w = v->width, h = v->height, m = opt->coordinates ? MARGIN : 0;
    const chess_view cv = {v, opt->flip, m};
    svg_begin(o, pos, w * SQ + 2 * m, h * SQ + 2 * m, opt->size, 360 + (opt->coordinates ? 36 : 0));
    write_defs(o, v);
    if (m)
        bgi_out_printf(o, "<rect width=\"%d\" height=\"%d\" fill=\"#6b4a2f\"/>\n", w * SQ + 2 * m,
                       h * SQ + 2 * m);
    for (int sq = 0; sq < w * h; sq++) {
        int x, y;
        corner(&cv, sq, &x, &y);
        const int is_light = (sq % w + sq / w) % 2 == 1; /* a1 is dark, h1 light */
        if (bg_variant_region_contains(v, BG_REGION_HOLES, 0, sq))
            continue; /* not part of the board: the background shows */
        bgi_out_printf(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", x,
                       y, SQ, SQ, is_light ? light : dark);
        if (sq == opt->last_from || sq == opt->last_to)
            bgi_out_printf(o,
                           "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#f5e050\" "
                           "fill-opacity=\"0.55\"/>\n",
                           x, y, SQ, SQ);
    }
    if (m)
        for (int i = 0; i < w; i++) {
            char label[8] = {(char)('a' + (opt->flip ? w - 1 - i : i)), 0};
            svg_text(o, m + i * SQ + SQ / 2, h * SQ + m + m / 2, 26, "#f3e6cf", SVG_FONT_LATIN, 0,
                     label);
        }
    for (int i = 0; i < h && m; i++) {
        char label[12];
        snprintf(label, sizeof label, "%d", opt->flip ? i + 1 : h - i);
        svg_text(o, m / 2, m + i * SQ + SQ / 2, 26, "#f3e6cf", SVG_FONT_LATIN, 0, label);
    }
    const int stm = v->rules->side_to_move(pos);
    const int in_check = opt->check && bg_position_in_check(pos);
    for (int sq = 0; sq < w * h; sq++) {
        const bg_piece p = v->rules->piece_at(pos, sq);
        int x, y;
        corner(&cv, sq, &x, &y);
        if (opt->mark[sq])
            svg_mark(o, x + SQ / 2, y + SQ / 2, 44, 6, "0.8");
        if (p == BG_PIECE_NONE)
            continue;
        const int kind = BG_PIECE_KIND(p), side = BG_PIECE_SIDE(p);
        if (in_check && side == stm && v->info->pieces[kind].royal)
            bgi_out_printf(o,
                           "<circle cx=\"%d\" cy=\"%d\" r=\"46\" fill=\"#e02020\" "
                           "fill-opacity=\"0.55\"/>\n",
                           x + SQ / 2, y + SQ / 2);
        /*
        ** The figurine of the piece's letter (P N B R Q K: chess, and the variants defined at
        ** run time that use them); any other letter on a disc of its side's colour.
        */
        const char *letter = kind <= v->piece_kinds ? v->piece_letters[kind] : "?";
        const char *fig = letter[1] ? NULL : strchr("PNBRQK", letter[0]);
        const char *body = body_color(v, side);
        if (fig && letter[0])
            bgi_out_printf(o, "<use xlink:href=\"#%c%c\" x=\"%d\" y=\"%d\"/>\n", side_id(side),
                           "pnbrqk"[fig - "PNBRQK"], x, y);
        else {
            bgi_out_printf(o,
                           "<circle cx=\"%d\" cy=\"%d\" r=\"36\" fill=\"%s\" stroke=\"#1c1c1c\" "
                           "stroke-width=\"3\"/>\n",
                           x + SQ / 2, y + SQ / 2, body);
            svg_text(o, x + SQ / 2, y + SQ / 2, 40, line_color(body), SVG_FONT_LATIN, 0, letter);
        }
    }
    svg_arrows(o, opt, 14, centre, &cv);
    svg_end(o);
}
