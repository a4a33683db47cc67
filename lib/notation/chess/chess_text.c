/* libboardgames — helpers shared by the chess move notations: squares, piece letters, castling. */
#include <string.h>

#include "chess_text.h"

void bgi_ct_moves(const bg_position *pos, bgi_movelist *ml)
{
    ml->n = bgi_position_moves(pos, ml->m);
}

unsigned bgi_ct_flags(const bg_position *pos, bg_move m)
{
    return pos->variant->rules->move_flags(pos, m);
}

int bgi_ct_square_text(const bg_variant *v, int sq, char *out)
{
    int file = sq % v->width, rank = sq / v->width + 1, n = 0;
    out[n++] = (char)('a' + file);
    if (rank >= 10)
        out[n++] = (char)('0' + rank / 10);
    out[n++] = (char)('0' + rank % 10);
    out[n] = 0;
    return n;
}

int bgi_ct_file(const bg_variant *v, char c)
{
    return c >= 'a' && c < 'a' + v->width ? c - 'a' : -1;
}

int bgi_ct_rank(const bg_variant *v, const char *s, int *rank)
{
    if (s[0] < '1' || s[0] > '9')
        return 0;
    int r = s[0] - '0', n = 1;
    /* Two-digit ranks only exist on boards of ten ranks or more. */
    if (s[1] >= '0' && s[1] <= '9' && r * 10 + (s[1] - '0') <= v->height) {
        r = r * 10 + (s[1] - '0');
        n = 2;
    }
    if (r > v->height)
        return 0;
    *rank = r - 1;
    return n;
}

int bgi_ct_square(const bg_variant *v, const char *s, int *sq)
{
    int file = bgi_ct_file(v, s[0]), rank;
    if (file < 0)
        return 0;
    int n = bgi_ct_rank(v, s + 1, &rank);
    if (!n)
        return 0;
    *sq = rank * v->width + file;
    return n + 1;
}

int bgi_ct_kind_of_letter(const bg_variant *v, char c)
{
    if (v->kind_of_letter)
        return (unsigned char)c < 128 ? v->kind_of_letter[(unsigned char)c] : 0;
    for (int k = 1; k <= v->piece_kinds; k++)
        if (v->piece_letters[k][0] == c && v->piece_letters[k][1] == 0)
            return k;
    return 0;
}

char bgi_ct_letter(const bg_variant *v, int kind)
{
    return kind >= 1 && kind <= v->piece_kinds ? v->piece_letters[kind][0] : '?';
}

int bgi_ct_kind_at(const bg_position *pos, int sq)
{
    return sq >= 0 && sq < pos->variant->width * pos->variant->height
               ? (int)BG_PIECE_KIND(pos->variant->rules->piece_at(pos, sq))
               : 0;
}

int bgi_ct_chess960(const bg_position *pos)
{
    const bg_variant *v = pos->variant;
    for (int i = 0; i < v->option_count && i < BGI_MAX_OPTIONS; i++)
        if (strcmp(v->options[i].name, "chess960") == 0)
            return pos->options.ival[i] == 1;
    return 0;
}

int bgi_ct_is_castle(const bg_position *pos, bg_move m)
{
    if (m & (BG_MOVE_DROP | BG_MOVE_PASS | BG_MOVE_PROMOTION))
        return 0;
    /* m is a move of this position: both squares are on the board. */
    bg_piece (*piece_at)(const bg_position *, int) = pos->variant->rules->piece_at;
    bg_piece q = piece_at(pos, BG_MOVE_TO(m));
    if (!q)
        return 0; /* castling lands on its own rook: most moves stop here */
    bg_piece p = piece_at(pos, BG_MOVE_FROM(m));
    return p && BG_PIECE_SIDE(p) == BG_PIECE_SIDE(q) &&
           BG_PIECE_KIND(p) == bgi_ct_kind_of_letter(pos->variant, 'K');
}

int bgi_ct_castle_side(bg_move m)
{
    return BG_MOVE_TO(m) > BG_MOVE_FROM(m) ? 1 : 2;
}

int bgi_ct_castle_king_to(const bg_variant *v, bg_move m)
{
    int rank = BG_MOVE_FROM(m) / v->width;
    return rank * v->width + (bgi_ct_castle_side(m) == 1 ? v->width - 2 : 2);
}

bg_move bgi_ct_castle_by_squares(const bg_position *pos, const bgi_movelist *ml, int from,
                                 int king_to)
{
    for (int i = 0; i < ml->n; i++)
        if (BG_MOVE_FROM(ml->m[i]) == from && bgi_ct_is_castle(pos, ml->m[i]) &&
            bgi_ct_castle_king_to(pos->variant, ml->m[i]) == king_to)
            return ml->m[i];
    return BG_MOVE_NONE;
}

int bgi_ct_annotation(const char *s)
{
    if (s[0] != '!' && s[0] != '?')
        return 0;
    return s[1] == '!' || s[1] == '?' ? 2 : 1;
}

int bgi_ct_annotation_nag(const char *s, int n)
{
    static const char *const names[] = {"!", "?", "!!", "??", "!?", "?!"};
    for (int i = 0; i < 6; i++)
        if ((int)strlen(names[i]) == n && strncmp(s, names[i], (size_t)n) == 0)
            return i + 1;
    return 0;
}
