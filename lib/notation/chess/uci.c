/* libboardgames — UCI coordinate notation for chess: e2e4, e7e8q, castling e1g1 (Chess960: e1h1). */
#include <ctype.h>
#include <string.h>

#include "chess_text.h"
#include "notations.h"

int bgi_uci_format(const bg_position *pos, bg_move m, char *buf, size_t cap)
{
    const bg_variant *v = pos->variant;
    char text[16];
    int to = BG_MOVE_TO(m);
    if (bgi_ct_is_castle(pos, m) && !bgi_ct_chess960(pos))
        to = bgi_ct_castle_king_to(v, m);
    /* Built in one local buffer and copied once: this runs for every move a record converts. */
    int n = bgi_ct_square_text(v, BG_MOVE_FROM(m), text);
    n += bgi_ct_square_text(v, to, text + n);
    if (m & BG_MOVE_PROMOTION)
        text[n++] = (char)tolower((unsigned char)bgi_ct_letter(v, BG_MOVE_KIND(m)));
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    bgi_out_mem(&o, text, (size_t)n);
    return bgi_out_finish(&o);
}

/*
** The squares and kinds a line's UCI text depends on follow the moves in a mailbox of bg_piece
** values: castling (the king takes its own rook: both land on their fixed files), en passant (a
** pawn's diagonal step onto an empty square) and promotion are all the board changes chess has.
*/
static int castles(const bg_piece *board, int king, bg_move m)
{
    bg_piece p = board[BG_MOVE_FROM(m)], q = board[BG_MOVE_TO(m)];
    return q && BG_PIECE_SIDE(q) == BG_PIECE_SIDE(p) && (int)BG_PIECE_KIND(p) == king;
}

static void follow(const bg_variant *v, bg_piece *board, int king, int pawn, bg_move m)
{
    const int w = v->width;
    int from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m);
    bg_piece p = board[from], q = board[to];
    if (castles(board, king, m)) {
        board[from] = BG_PIECE_NONE;
        int kto = bgi_ct_castle_king_to(v, m);
        board[to] = BG_PIECE_NONE;
        board[kto] = p;
        board[to > from ? kto - 1 : kto + 1] = q;
        return;
    }
    board[from] = BG_PIECE_NONE;
    if ((int)BG_PIECE_KIND(p) == pawn && !q && from % w != to % w)
        board[from / w * w + to % w] = BG_PIECE_NONE;
    board[to] = m & BG_MOVE_PROMOTION ? (bg_piece)BG_PIECE(BG_PIECE_SIDE(p), BG_MOVE_KIND(m)) : p;
}

/*
** The line on a board of 8 files (at most 8 ranks): squares named from their bits, each move
** followed on the board in the same step (what follow() does, with the castling test made once)
** and written straight into the caller's buffer while it has room. Every move of a converted
** record passes here.
*/
/* The names of the squares of an 8-file board, "a1" to "h8". */
#define RANK8(r) {'a', r}, {'b', r}, {'c', r}, {'d', r}, {'e', r}, {'f', r}, {'g', r}, {'h', r}
static const char names8[64][2] = {RANK8('1'), RANK8('2'), RANK8('3'), RANK8('4'),
                                   RANK8('5'), RANK8('6'), RANK8('7'), RANK8('8')};
#undef RANK8

static bg_status line8(const bg_variant *v, bg_piece *board, int king, int pawn, int chess960,
                       const bg_move *moves, int n, bgi_out *o)
{
    /* The buffer in locals: stores through a char pointer could alias *o otherwise. */
    char *const buf = o->buf;
    const size_t cap = o->cap;
    size_t len = o->len;
    for (int i = 0; i < n; i++) {
        const bg_move m = moves[i];
        const int from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m);
        const bg_piece p = board[from], q = board[to];
        const int castle = q && BG_PIECE_SIDE(q) == BG_PIECE_SIDE(p) && (int)BG_PIECE_KIND(p) == king;
        const int kto = castle ? (from & ~7) | (to > from ? 6 : 2) : to;
        board[from] = BG_PIECE_NONE;
        if (castle) {
            /* King takes its own rook: both land on their fixed files. */
            board[to] = BG_PIECE_NONE;
            board[kto] = p;
            board[to > from ? kto - 1 : kto + 1] = q;
        } else {
            if ((int)BG_PIECE_KIND(p) == pawn && !q && ((from ^ to) & 7))
                board[(from & ~7) | (to & 7)] = BG_PIECE_NONE; /* en passant */
            board[to] = m & BG_MOVE_PROMOTION ? (bg_piece)BG_PIECE(BG_PIECE_SIDE(p), BG_MOVE_KIND(m))
                                              : p;
        }
        const int shown = castle && !chess960 ? kto : to;
        char sq[4];
        memcpy(sq, names8[from], 2);
        memcpy(sq + 2, names8[shown], 2);
        const char promo =
            m & BG_MOVE_PROMOTION ? (char)tolower((unsigned char)bgi_ct_letter(v, BG_MOVE_KIND(m))) : 0;
        if (len + 8 <= cap) { /* exactly the move's bytes, nothing past them */
            char *t = buf + len;
            if (i)
                *t++ = ' ';
            memcpy(t, sq, 4);
            t += 4;
            if (promo)
                *t++ = promo;
            len = (size_t)(t - buf);
        } else {
            o->len = len;
            if (i)
                bgi_out_char(o, ' ');
            bgi_out_mem(o, sq, 4);
            if (promo)
                bgi_out_char(o, promo);
            len = o->len;
        }
    }
    o->len = len;
    return BG_OK;
}

bg_status bgi_uci_format_line(const bg_position *start, const bg_move *moves, int n, bgi_out *o)
{
    const bg_variant *v = start->variant;
    const int nsq = v->width * v->height;
    bg_piece board[64];
    if (nsq > 64)
        return BG_E_UNSUPPORTED;
    for (int i = 0; i < n; i++)
        if (moves[i] & (BG_MOVE_DROP | BG_MOVE_PASS))
            return BG_E_UNSUPPORTED;
    for (int sq = 0; sq < nsq; sq++)
        board[sq] = v->rules->piece_at(start, sq);
    const int king = bgi_ct_kind_of_letter(v, 'K'), pawn = bgi_ct_kind_of_letter(v, 'P');
    const int chess960 = bgi_ct_chess960(start);
    if (v->width == 8)
        return line8(v, board, king, pawn, chess960, moves, n, o);
    char names[64][4]; /* the squares' names, each written once per line (when first needed) */
    unsigned char name_len[64] = {0};
    for (int i = 0; i < n; i++) {
        bg_move m = moves[i];
        int from = BG_MOVE_FROM(m), to = BG_MOVE_TO(m);
        char text[16];
        int k = 0;
        if (i)
            text[k++] = ' ';
        if (!chess960 && castles(board, king, m))
            to = bgi_ct_castle_king_to(v, m);
        if (!name_len[from])
            name_len[from] = (unsigned char)bgi_ct_square_text(v, from, names[from]);
        if (!name_len[to])
            name_len[to] = (unsigned char)bgi_ct_square_text(v, to, names[to]);
        memcpy(text + k, names[from], 4);
        k += name_len[from];
        memcpy(text + k, names[to], 4);
        k += name_len[to];
        if (m & BG_MOVE_PROMOTION)
            text[k++] = (char)tolower((unsigned char)bgi_ct_letter(v, BG_MOVE_KIND(m)));
        bgi_out_mem(o, text, (size_t)k);
        follow(v, board, king, pawn, m);
    }
    return BG_OK;
}

/*
** Reads "e2e4" / "e7e8q". Lenient mode also takes an uppercase promotion letter, never uppercase
** squares: "B5c6" is a bishop move in SAN, not b5c6.
*/
static bg_status read_uci(const bg_variant *v, const char *text, unsigned flags, int *from,
                          int *to, int *promo, bg_error *err)
{
    int n = bgi_ct_square(v, text, from);
    if (!n)
        return bgi_fail(err, BG_E_PARSE, 0, "UCI move '%s' does not start with a square", text);
    int k = bgi_ct_square(v, text + n, to);
    if (!k)
        return bgi_fail(err, BG_E_PARSE, (size_t)n, "UCI move '%s': expected a target square",
                        text);
    n += k;
    *promo = 0;
    if (text[n]) {
        char c = text[n];
        int kind = 0;
        if (c >= 'a' && c <= 'z')
            kind = bgi_ct_kind_of_letter(v, (char)(c - 'a' + 'A'));
        else if (flags & BG_PARSE_LENIENT)
            kind = bgi_ct_kind_of_letter(v, c);
        if (!kind)
            return bgi_fail(err, BG_E_PARSE, (size_t)n,
                            "UCI move '%s': '%c' is not a lowercase promotion letter", text, c);
        *promo = kind;
        n++;
    }
    if (text[n])
        return bgi_fail(err, BG_E_PARSE, (size_t)n, "UCI move '%s': unexpected '%c'", text,
                        text[n]);
    return BG_OK;
}

bg_status bgi_uci_parse(const bg_position *pos, const char *text, unsigned flags, bg_move *out,
                        bg_error *err)
{
    const bg_variant *v = pos->variant;
    int from = 0, to = 0, promo = 0, lenient = (flags & BG_PARSE_LENIENT) != 0;
    int c960 = bgi_ct_chess960(pos);
    *out = BG_MOVE_NONE;
    if (strcmp(text, "0000") == 0)
        return bgi_fail(err, BG_E_ILLEGAL_MOVE, 0, "the null move 0000 is not a legal move");
    bg_status s = read_uci(v, text, flags, &from, &to, &promo, err);
    if (s != BG_OK)
        return s;

    bgi_movelist ml;
    bgi_ct_moves(pos, &ml);
    bg_move found = BG_MOVE_NONE, promo_missing = BG_MOVE_NONE;
    /* Exact coordinates first: a castling move is written king-takes-rook only in Chess960. */
    for (int i = 0; i < ml.n && !found; i++) {
        bg_move m = ml.m[i];
        if (BG_MOVE_FROM(m) != from || BG_MOVE_TO(m) != to)
            continue;
        if (bgi_ct_is_castle(pos, m) && !c960 && !lenient)
            continue;
        if (!(m & BG_MOVE_PROMOTION) && !promo)
            found = m;
        else if ((m & BG_MOVE_PROMOTION) && BG_MOVE_KIND(m) == promo)
            found = m;
        else if (m & BG_MOVE_PROMOTION)
            promo_missing = m;
    }
    /* Then the king's destination of a castling move (standard, or Chess960 when lenient). */
    if (!found && !promo && (!c960 || lenient))
        found = bgi_ct_castle_by_squares(pos, &ml, from, to);
    if (found) {
        *out = found;
        return BG_OK;
    }
    if (promo_missing && !promo)
        return bgi_fail(err, BG_E_ILLEGAL_MOVE, strlen(text),
                        "UCI move '%s' needs a promotion letter (q, r, b or n)", text);
    return bgi_fail(err, BG_E_ILLEGAL_MOVE, 0, "UCI move '%s' is not legal in this position",
                    text);
}
