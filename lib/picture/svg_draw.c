/* libboardgames — the small SVG writer the family drawers share: cells, marks, text, arrows, the document's frame. */
#include <string.h>

#include "picture.h"

void svg_cell(const bg_variant *v, int flip, int sq, int *col, int *row)
{
    const int w = v->width, h = v->height;
    int f = sq % w, r = sq / w;
    if (flip) {
        f = w - 1 - f;
        r = h - 1 - r;
    }
    *col = f;
    *row = h - 1 - r;
}

void svg_mark(bgi_out *o, int x, int y, int r, int width, const char *opacity)
{
    bgi_out_printf(o,
                   "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" stroke=\"#d7263d\" "
                   "stroke-width=\"%d\" opacity=\"%s\"/>\n",
                   x, y, r, width, opacity);
}

void svg_escape(bgi_out *o, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; p && *p; p++) {
        switch (*p) {
        case '&': bgi_out_str(o, "&amp;"); break;
        case '<': bgi_out_str(o, "&lt;"); break;
        case '>': bgi_out_str(o, "&gt;"); break;
        case '"': bgi_out_str(o, "&quot;"); break;
        case '\'': bgi_out_str(o, "&apos;"); break;
        default:
            if (*p >= 0x20 || *p == '\t' || *p == '\n')
                bgi_out_char(o, (char)*p); /* other control bytes are not allowed in XML 1.0 */
        }
    }
}

void svg_begin(bgi_out *o, const bg_position *pos, int w, int h, int size, int default_size)
{
    const bg_variant *v = pos->variant;
    const int px = size ? size : default_size;
    const int py = (int)(((long long)px * h + w / 2) / w);
    bgi_out_printf(o,
                   "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                   "xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" "
                   "viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" xml:lang=\"",
                   w, h, px, py);
    svg_escape(o, v->info->lang);
    bgi_out_str(o, "\"><title>");
    svg_escape(o, v->name);
    bgi_out_str(o, ": ");
    char text[2048];
    int n = v->rules->format(pos, NULL, text, sizeof text);
    svg_escape(o, n >= 0 && (size_t)n < sizeof text ? text : "");
    bgi_out_str(o, "</title>\n");
}

void svg_end(bgi_out *o) { bgi_out_str(o, "</svg>\n"); }

void svg_text(bgi_out *o, int x, int y, int size, const char *fill, const char *family, int rotate,
              const char *text)
{
    /* dominant-baseline is not read by every renderer: shift the baseline by 0.35 em instead. */
    const int base = rotate ? y - size * 35 / 100 : y + size * 35 / 100;
    bgi_out_printf(o, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\" fill=\"", x,
                   base, size);
    svg_escape(o, fill);
    bgi_out_str(o, "\" font-family=\"");
    svg_escape(o, family);
    bgi_out_char(o, '"');
    if (rotate)
        bgi_out_printf(o, " transform=\"rotate(180 %d %d)\"", x, y);
    bgi_out_char(o, '>');
    svg_escape(o, text);
    bgi_out_str(o, "</text>\n");
}

/* Integer square root (arrow lengths). */
static int isqrt(long long x)
{
    long long r = 0;
    while ((r + 1) * (r + 1) <= x)
        r++;
    return (int)r;
}

void svg_arrows(bgi_out *o, const pic_options *opt, int width,
                void (*at)(const void *ctx, int sq, int *x, int *y), const void *ctx)
{
    for (int i = 0; i < opt->narrows; i++) {
        int x1, y1, x2, y2;
        at(ctx, opt->arrow_from[i], &x1, &y1);
        at(ctx, opt->arrow_to[i], &x2, &y2);
        const int dx = x2 - x1, dy = y2 - y1, len = isqrt((long long)dx * dx + (long long)dy * dy);
        if (len < width * 3) { /* a drop, or a move to the same square: a ring */
            bgi_out_printf(o,
                           "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"none\" stroke=\"#15781b\" "
                           "stroke-width=\"%d\" opacity=\"0.75\"/>\n",
                           x2, y2, width * 2, width / 2 > 0 ? width / 2 : 1);
            continue;
        }
        /* Shaft up to the head's base, head a triangle 3 widths long and 3 wide. */
        const int hl = width * 3, hw = width * 3 / 2;
        const int bx = x2 - dx * hl / len, by = y2 - dy * hl / len;
        const int px = -dy * hw / len, py = dx * hw / len;
        bgi_out_printf(o,
                       "<g fill=\"#15781b\" stroke=\"#15781b\" opacity=\"0.75\">"
                       "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke-width=\"%d\" "
                       "stroke-linecap=\"round\"/>"
                       "<polygon stroke=\"none\" points=\"%d,%d %d,%d %d,%d\"/></g>\n",
                       x1, y1, bx, by, width, x2, y2, bx + px, by + py, bx - px, by - py);
    }
}

void svg_squares(bgi_out *o, const bg_position *pos, const pic_options *opt,
                 const svg_squares_style *st, void (*at)(const void *ctx, int sq, int *x, int *y),
                 svg_piece_fn *piece, const void *ctx)
{
    const bg_variant *v = pos->variant;
    const int stm = v->rules->side_to_move(pos);
    const int in_check = st->check_r && opt->check && bg_position_in_check(pos);
    for (int sq = 0; sq < v->width * v->height; sq++) {
        int x, y;
        at(ctx, sq, &x, &y);
        if (sq == opt->last_from || sq == opt->last_to) {
            bgi_out_printf(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\"",
                           x - st->hl_w / 2, y - st->hl_h / 2, st->hl_w, st->hl_h);
            if (st->hl_rx)
                bgi_out_printf(o, " rx=\"%d\"", st->hl_rx);
            bgi_out_printf(o, " fill=\"%s\" fill-opacity=\"%s\"/>\n", st->hl_fill,
                           st->hl_opacity);
        }
        const bg_piece p = v->rules->piece_at(pos, sq);
        if (p != BG_PIECE_NONE) {
            const int side = BG_PIECE_SIDE(p), kind = BG_PIECE_KIND(p);
            if (in_check && side == stm && v->info->pieces[kind].royal)
                bgi_out_printf(o,
                               "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"#e02020\" "
                               "fill-opacity=\"0.6\"/>\n",
                               x, y, st->check_r);
            piece(o, ctx, x, y, side, kind);
        }
        if (opt->mark[sq])
            svg_mark(o, x, y, st->mark_r, st->mark_width, st->mark_opacity);
    }
    svg_arrows(o, opt, st->arrow_width, at, ctx);
}
