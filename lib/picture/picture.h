/* libboardgames — pictures of positions: options, the small SVG writer the family drawers share, and the drawers. */
#ifndef BG_PICTURE_H
#define BG_PICTURE_H

#include "internal.h"

/*
** Pictures sit above the games and notations: they read a position only through the public
** queries (piece_at, hand counts, side to move, in_check) and the variant's metadata
** (lib/core/metadata.c), so no game family knows how it is drawn.
*/

#define PIC_MAX_ARROWS 64

/* Parsed picture options (bg_position_svg, bg_position_diagram). */
typedef struct pic_options {
    int flip;                        /* the second side at the bottom */
    int coordinates;                 /* file and rank labels */
    int size;                        /* width in pixels of the SVG, 0 = the drawer's default */
    int check;                       /* mark a royal piece in check */
    int last_from, last_to;          /* last move, -1 = none (a drop has no origin) */
    int narrows;
    short arrow_from[PIC_MAX_ARROWS], arrow_to[PIC_MAX_ARROWS];
    unsigned char mark[BG_MAX_SQUARES];
} pic_options;

/* Read "name=value,name=value" (',' or ';' between options); BG_E_UNKNOWN_OPTION / BG_E_PARSE at the fault's offset. */
BGI_FUNC bg_status pic_options_parse(const bg_variant *v, const char *text, pic_options *o,
                                     bg_error *err);
/*
** A public picture call: check its arguments, read the options, let `write` draw pos into buf
** (BG_OK, or why not) and finish the text.
*/
typedef bg_status (*pic_writer)(bgi_out *o, const bg_position *pos, const pic_options *opt);
BGI_FUNC int pic_write(const bg_position *pos, const char *options, char *buf, size_t cap,
                       pic_writer write);

/* ---------- the SVG writer (svg_draw.c): integer user units, every text escaped ---------- */

/* The column (from the left) and row (from the top) square sq of v is drawn at; flip: turned round. */
BGI_FUNC void svg_cell(const bg_variant *v, int flip, int sq, int *col, int *row);
/* The red ring of a marked square (the mark option): radius r about x, y; opacity as written. */
BGI_FUNC void svg_mark(bgi_out *o, int x, int y, int r, int width, const char *opacity);
/* Text as XML character data or attribute value (& < > " ' escaped, control bytes dropped). */
BGI_FUNC void svg_escape(bgi_out *o, const char *text);
/* <svg ...> with a viewBox of w x h units, `size` pixels wide (0: the default), the title and lang. */
BGI_FUNC void svg_begin(bgi_out *o, const bg_position *pos, int w, int h, int size, int default_size);
BGI_FUNC void svg_end(bgi_out *o);
/*
** Centred text at (x, y) (y = the middle of the glyphs), `size` units high, filled with `fill`,
** in the font `family` (a CSS list); `rotate` turns it by 180 degrees round its centre.
*/
BGI_FUNC void svg_text(bgi_out *o, int x, int y, int size, const char *fill, const char *family,
                       int rotate, const char *text);
/* The options' arrows, `width` units wide, from centre to centre of their squares (at() gives a centre). */
BGI_FUNC void svg_arrows(bgi_out *o, const pic_options *opt, int width,
                         void (*at)(const void *ctx, int sq, int *x, int *y), const void *ctx);

/*
** How a drawer marks its squares (svg_squares): the last move's highlight, a rectangle hl_w x hl_h
** centred on the square, corners rounded by hl_rx (0: sharp), in hl_fill at hl_opacity; the red
** ring of a royal piece in check, radius check_r (0: the drawer shows no check); the mark
** option's ring, radius mark_r, mark_width wide, at mark_opacity; the arrows, arrow_width wide.
*/
typedef struct svg_squares_style {
    int hl_w, hl_h, hl_rx;
    const char *hl_fill, *hl_opacity;
    int check_r;
    int mark_r, mark_width;
    const char *mark_opacity;
    int arrow_width;
} svg_squares_style;
/* A drawer's piece of `side` centred at (x, y) (ctx: the drawer's view). */
typedef void svg_piece_fn(bgi_out *o, const void *ctx, int x, int y, int side, int kind);
/*
** Every square of pos at its centre (at()), in layers: the highlight of the last move's squares,
** the check ring, the piece (piece()), the mark; then the options' arrows over them all.
*/
BGI_FUNC void svg_squares(bgi_out *o, const bg_position *pos, const pic_options *opt,
                          const svg_squares_style *st,
                          void (*at)(const void *ctx, int sq, int *x, int *y), svg_piece_fn *piece,
                          const void *ctx);

/* Font families for the pieces' script (generic fallbacks last, so any CJK font will do). */
#define SVG_FONT_ZH "'Noto Serif CJK TC','Noto Serif CJK SC','Noto Sans CJK TC',serif"
#define SVG_FONT_JA "'Noto Serif CJK JP','Noto Sans CJK JP',serif"
#define SVG_FONT_KO "'Noto Serif CJK KR','Noto Sans CJK KR',serif"
#define SVG_FONT_LATIN "'DejaVu Sans',sans-serif"

/* ---------- the drawers, one per family of boards ---------- */

BGI_FUNC void pic_svg_chess(bgi_out *o, const bg_position *pos, const pic_options *opt);
BGI_FUNC void pic_svg_palace(bgi_out *o, const bg_position *pos, const pic_options *opt);
BGI_FUNC void pic_svg_shogi(bgi_out *o, const bg_position *pos, const pic_options *opt);
BGI_FUNC void pic_svg_sevenkingdoms(bgi_out *o, const bg_position *pos, const pic_options *opt);

#endif
