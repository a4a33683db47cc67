/* libboardgames — text diagrams of positions: chess letters, the Asian games in their characters, the shogi family as a KIF board (BOD). */
#include <string.h>

#include "kif.h"
#include "picture.h"

/* Board file and rank under row `row` (0 = top) and column `col` (0 = left) of the diagram. */
static int square_at(const bg_variant *v, int flip, int row, int col)
{
    const int f = flip ? v->width - 1 - col : col, r = flip ? row : v->height - 1 - row;
    return r * v->width + f;
}

/*
** Chess letters, uppercase for the first side; with more than two sides (defined variants) each
** square in two columns, the piece's letter and its side's tag as the position text writes them
** ("Kr"), "." on an empty square, blank on a hole.
*/
static void chess_diagram(bgi_out *o, const bg_position *pos, const pic_options *opt)
{
    const bg_variant *v = pos->variant;
    const int tags = v->sides > 2;
    for (int row = 0; row < v->height; row++) {
        const int first = square_at(v, opt->flip, row, 0);
        if (opt->coordinates)
            bgi_out_printf(o, tags ? "%2d " : "%d ", first / v->width + 1);
        for (int col = 0; col < v->width; col++) {
            const int sq = square_at(v, opt->flip, row, col);
            const bg_piece p = v->rules->piece_at(pos, sq);
            if (tags && p != BG_PIECE_NONE) {
                bgi_out_printf(o, "%s%s", v->piece_letters[BG_PIECE_KIND(p)],
                               v->info->sides[BG_PIECE_SIDE(p)].symbol);
            } else if (tags) {
                bgi_out_str(o, bg_variant_region_contains(v, BG_REGION_HOLES, 0, sq) ? "  " : ". ");
            } else {
                char c = '.';
                if (p != BG_PIECE_NONE) {
                    c = v->piece_letters[BG_PIECE_KIND(p)][0];
                    if (BG_PIECE_SIDE(p))
                        c = (char)(c - 'A' + 'a');
                }
                bgi_out_char(o, c);
            }
            bgi_out_char(o, col + 1 < v->width ? ' ' : '\n');
        }
    }
    if (opt->coordinates) {
        bgi_out_str(o, tags ? "  " : " ");
        for (int col = 0; col < v->width; col++)
            bgi_out_printf(o, tags ? " %c " : " %c", 'a' + (opt->flip ? v->width - 1 - col : col));
        bgi_out_char(o, '\n');
    }
}

/* 1 if some kind shows the same character for both sides (the diagram then marks the second side with 'v'). */
static int needs_marks(const bg_variant *v)
{
    for (int k = 1; k <= v->piece_kinds; k++)
        if (!strcmp(bg_variant_piece_text(v, k, 0, BG_TEXT_SYMBOL),
                    bg_variant_piece_text(v, k, 1, BG_TEXT_SYMBOL)))
            return 1;
    return 0;
}

static const char *const fullwidth[] = {"０", "１", "２", "３", "４", "５", "６",
                                        "７", "８", "９", "10", "11"};
static const char *const numerals[] = {"", "一", "二", "三", "四", "五", "六",
                                       "七", "八", "九", "十", "11"};

/* The file labels of the side sitting at one edge: red in numerals, black in digits, from that side's right. */
static void palace_files(bgi_out *o, const bg_variant *v, int flip, int bottom, int janggi)
{
    const int side = bottom ? flip : !flip;
    bgi_out_str(o, janggi ? "   " : "");
    for (int col = 0; col < v->width; col++) {
        const int f = flip ? v->width - 1 - col : col;
        if (janggi) { /* Korean notation: files 1..9 from Cho's left */
            bgi_out_printf(o, " %s", fullwidth[f + 1]);
            continue;
        }
        const int n = side == 0 ? v->width - f : f + 1;
        bgi_out_printf(o, " %s", side == 0 ? numerals[n] : fullwidth[n]);
    }
    bgi_out_char(o, '\n');
}

static void palace_diagram(bgi_out *o, const bg_position *pos, const pic_options *opt)
{
    const bg_variant *v = pos->variant;
    const int janggi = v->info->picture == BGI_PICTURE_JANGGI, marks = needs_marks(v);
    if (opt->coordinates && !janggi)
        palace_files(o, v, opt->flip, 0, 0);
    for (int row = 0; row < v->height; row++) {
        if (!janggi && row == v->height / 2) {
            /* The river: 楚河 under the left half, 漢界 under the right half. */
            for (int i = 0; i < v->width * 3 / 4 - 2; i++)
                bgi_out_char(o, ' ');
            bgi_out_str(o, "楚 河");
            for (int i = 0; i < v->width * 3 / 2 - 5; i++)
                bgi_out_char(o, ' ');
            bgi_out_str(o, "漢 界\n");
        }
        const int first = square_at(v, opt->flip, row, 0);
        if (janggi && opt->coordinates)
            bgi_out_printf(o, "%d  ", (v->height - first / v->width) % 10);
        for (int col = 0; col < v->width; col++) {
            const bg_piece p = v->rules->piece_at(pos, square_at(v, opt->flip, row, col));
            if (p == BG_PIECE_NONE) {
                bgi_out_str(o, " ・");
                continue;
            }
            const int side = BG_PIECE_SIDE(p);
            bgi_out_char(o, marks && side ? 'v' : ' ');
            bgi_out_str(o, bg_variant_piece_text(v, BG_PIECE_KIND(p), side, BG_TEXT_SYMBOL));
        }
        bgi_out_char(o, '\n');
    }
    if (opt->coordinates)
        palace_files(o, v, opt->flip, 1, janggi);
}

static void sk_diagram(bgi_out *o, const bg_position *pos, const pic_options *opt)
{
    const bg_variant *v = pos->variant;
    for (int row = 0; row < v->height; row++) {
        const int first = square_at(v, opt->flip, row, 0);
        if (opt->coordinates)
            bgi_out_printf(o, "%2d ", first / v->width + 1);
        for (int col = 0; col < v->width; col++) {
            const bg_piece p = v->rules->piece_at(pos, square_at(v, opt->flip, row, col));
            if (p == BG_PIECE_NONE) {
                bgi_out_str(o, "　・");
                continue;
            }
            const int side = BG_PIECE_SIDE(p), kind = BG_PIECE_KIND(p);
            /* The commanding kingdom, then the piece's first character (行人 as 行). */
            const char *name = bg_variant_piece_text(v, kind, side, BG_TEXT_NATIVE);
            bgi_out_str(o, side < v->sides ? v->info->sides[side].native : "　");
            bgi_out_mem(o, name, 3); /* every name starts with one 3-byte UTF-8 character */
        }
        bgi_out_char(o, '\n');
    }
    if (opt->coordinates) {
        bgi_out_str(o, "   ");
        for (int col = 0; col < v->width; col++)
            bgi_out_printf(o, "  %c ", 'a' + (opt->flip ? v->width - 1 - col : col));
        bgi_out_char(o, '\n');
    }
}

/* The text diagram of each picture family, then who is to move. */
static bg_status diagram_write(bgi_out *o, const bg_position *pos, const pic_options *opt)
{
    const bg_variant *v = pos->variant;
    const int stm = v->rules->side_to_move(pos);
    switch (v->info->picture) {
    case BGI_PICTURE_CHESS:
        chess_diagram(o, pos, opt);
        bgi_out_printf(o, "%s to move\n", v->info->sides[stm].english);
        break;
    case BGI_PICTURE_SHOGI:
        kif_write_bod(o, pos); /* it says 後手番 when gote is to move */
        break;
    default:
        if (v->info->picture == BGI_PICTURE_SEVENKINGDOMS)
            sk_diagram(o, pos, opt);
        else
            palace_diagram(o, pos, opt);
        bgi_out_printf(o, "%s (%s) to move\n", v->info->sides[stm].native,
                       v->info->sides[stm].english);
    }
    return BG_OK;
}

int bg_position_diagram(const bg_position *pos, const char *options, char *buf, size_t cap)
{
    return pic_write(pos, options, buf, cap, diagram_write);
}
