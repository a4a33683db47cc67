/* libboardgames — chess FEN, X-FEN, Shredder-FEN and EPD: strict parsing with field-level errors, writing. */
#include <string.h>

#include "chess.h"

static const char piece_chars[] = " PNBRQK";

typedef bgi_field fen_field;

/* A piece letter: kind | colour << 3, as the board keeps it. */
static int read_piece(void *ctx, const bgi_field *f, size_t *i, bg_error *err)
{
    (void)ctx;
    const char c = f->p[*i];
    const char *k = c ? strchr(piece_chars + 1, c >= 'a' ? c - 32 : c) : NULL;
    if (!k)
        return bgi_fail(err, BG_E_PARSE, f->offset + *i, "FEN board: '%c' is not a piece letter", c);
    return (int)(k - piece_chars) | (c >= 'a' ? CHESS_BLACK : CHESS_WHITE) << 3;
}

static bg_status put_piece(void *ctx, const bgi_field *f, size_t *i, int sq, int piece,
                           size_t start, bg_error *err)
{
    (void)f, (void)i, (void)start, (void)err;
    chess_put(ctx, sq, piece & 7, piece >> 3);
    return BG_OK;
}

static bg_status parse_board(chess_state *s, const fen_field *f, bg_error *err)
{
    const bgi_board_text bt = {.what = "FEN board", .unit = "squares", .width = 8, .height = 8,
                               .runs = BGI_RUNS_DIGIT, .run_max = '8', .read = read_piece,
                               .put = put_piece, .ctx = s};
    return bgi_board_text_read(&bt, f, err);
}

static bg_status check_material(const chess_state *s, size_t off, bg_error *err)
{
    static const char *const color_names[2] = {"white", "black"};
    for (int c = 0; c < 2; c++) {
        int kings = chess_popcount(s->by_kind[CH_KING] & s->by_color[c]);
        if (kings != 1)
            return bgi_fail(err, BG_E_INVALID_POSITION, off, "FEN board: %s has %d kings, not 1",
                            color_names[c], kings);
        if (chess_popcount(s->by_kind[CH_PAWN] & s->by_color[c]) > 8)
            return bgi_fail(err, BG_E_INVALID_POSITION, off, "FEN board: %s has more than 8 pawns",
                            color_names[c]);
        if (chess_popcount(s->by_color[c]) > 16)
            return bgi_fail(err, BG_E_INVALID_POSITION, off, "FEN board: %s has more than 16 pieces",
                            color_names[c]);
    }
    if (s->by_kind[CH_PAWN] & 0xFF000000000000FFULL)
        return bgi_fail(err, BG_E_INVALID_POSITION, off, "FEN board: a pawn on the first or last rank");
    return BG_OK;
}

/* The outermost own rook on one side of the king on its back rank, or -1. */
static int outer_rook(const chess_state *s, int color, int kingside)
{
    int rank = color == CHESS_WHITE ? 0 : 56;
    int kf = chess_king_square(s, color) & 7;
    for (int i = 0; i < 8; i++) {
        int f = kingside ? 7 - i : i;
        if ((kingside && f <= kf) || (!kingside && f >= kf))
            break;
        if (s->board[rank + f] == (CH_ROOK | color << 3))
            return rank + f;
    }
    return -1;
}

/* File letters (Shredder-FEN) name the rook; in standard chess they must name a corner rook. */
static bg_status parse_castling(chess_state *s, const fen_field *f, int chess960, int files,
                               bg_error *err)
{
    if (f->len == 1 && f->p[0] == '-')
        return BG_OK;
    for (size_t i = 0; i < f->len; i++) {
        char c = f->p[i];
        size_t off = f->offset + i;
        int color = c >= 'a' ? CHESS_BLACK : CHESS_WHITE;
        char u = c >= 'a' ? c - 32 : c;
        int ksq = chess_king_square(s, color), rank = color == CHESS_WHITE ? 0 : 56;
        int rsq;
        if (ksq / 8 * 8 != rank)
            return bgi_fail(err, BG_E_INVALID_POSITION, off,
                            "FEN castling: '%c' but the %s king is not on its first rank", c,
                            color == CHESS_WHITE ? "white" : "black");
        if (u == 'K' || u == 'Q') {
            rsq = outer_rook(s, color, u == 'K');
        } else if (u >= 'A' && u <= 'H' && (chess960 || files)) {
            rsq = rank + (u - 'A');
            if (s->board[rsq] != (CH_ROOK | color << 3))
                rsq = -1;
        } else {
            return bgi_fail(err, BG_E_PARSE, off, "FEN castling: '%c' is not a castling right%s", c,
                            u >= 'A' && u <= 'H' ? " (file letters need chess960=true)" : "");
        }
        if (rsq < 0)
            return bgi_fail(err, BG_E_INVALID_POSITION, off,
                            "FEN castling: '%c' but there is no rook to castle with", c);
        int right = color * 2 + ((rsq & 7) < (ksq & 7));
        if (!chess960 && ((ksq & 7) != 4 || ((rsq & 7) != 0 && (rsq & 7) != 7)))
            return bgi_fail(err, BG_E_INVALID_POSITION, off,
                            "FEN castling: '%c' needs king and rook on their original squares "
                            "(use chess960=true for Chess960 positions)", c);
        if (s->castle & (1 << right))
            return bgi_fail(err, BG_E_PARSE, off, "FEN castling: '%c' repeats a castling right", c);
        s->castle |= (uint8_t)(1 << right);
        s->castle_rook[right] = (uint8_t)rsq;
    }
    return BG_OK;
}

static bg_status parse_ep(chess_state *s, const fen_field *f, bg_error *err)
{
    if (f->len == 1 && f->p[0] == '-')
        return BG_OK;
    if (f->len != 2 || f->p[0] < 'a' || f->p[0] > 'h' || f->p[1] < '1' || f->p[1] > '8')
        return bgi_fail(err, BG_E_PARSE, f->offset, "FEN en passant: '%.*s' is not '-' or a square",
                        (int)f->len, f->p);
    int sq = (f->p[1] - '1') * 8 + (f->p[0] - 'a');
    int us = s->stm, them = !us;
    int need_rank = us == CHESS_WHITE ? 5 : 2;
    int pawn_sq = sq + (us == CHESS_WHITE ? -8 : 8), origin = sq + (us == CHESS_WHITE ? 8 : -8);
    if (sq / 8 != need_rank || s->board[pawn_sq] != (CH_PAWN | them << 3) || s->board[sq] ||
        s->board[origin])
        return bgi_fail(err, BG_E_INVALID_POSITION, f->offset,
                        "FEN en passant: no %s pawn can just have passed %.*s",
                        them == CHESS_WHITE ? "white" : "black", 2, f->p);
    s->ep = (uint8_t)sq;
    return BG_OK;
}

bg_status chess_fen_parse(chess_state *s, const char *text, const char *format, int chess960,
                          unsigned flags, bg_error *err)
{
    fen_field f[6];
    int lenient = (flags & BG_PARSE_LENIENT) != 0;
    int epd = format && strcmp(format, "epd") == 0;
    if (format && !epd && strcmp(format, "fen") && strcmp(format, "xfen") &&
        strcmp(format, "shredder-fen"))
        return bgi_fail(err, BG_E_UNSUPPORTED, 0, "chess has no position format '%s'", format);
    int n = bgi_split_fields(text, f, 6);
    int min_fields = epd || lenient ? 4 : 6, max_fields = epd ? 4 : 6;
    if (n < min_fields || n > max_fields)
        return bgi_fail(err, BG_E_PARSE, n > max_fields ? f[max_fields - 1].offset + f[max_fields - 1].len : strlen(text),
                        "FEN: expected %d fields (board, side, castling, en passant%s), found %d",
                        max_fields, epd ? "" : ", halfmove clock, move number", n);

    chess_state st;
    memset(&st, 0, sizeof st);
    st.ep = CH_SQ_NONE;
    st.chess960 = (uint8_t)(chess960 != 0);
    st.fullmove = 1;
    bg_status r = parse_board(&st, &f[0], err);
    if (r == BG_OK)
        r = check_material(&st, f[0].offset, err);
    if (r != BG_OK)
        return r;
    if (f[1].len != 1 || (f[1].p[0] != 'w' && f[1].p[0] != 'b'))
        return bgi_fail(err, BG_E_PARSE, f[1].offset, "FEN side to move: '%.*s' is not 'w' or 'b'",
                        (int)f[1].len, f[1].p);
    st.stm = f[1].p[0] == 'w' ? CHESS_WHITE : CHESS_BLACK;
    if ((r = parse_castling(&st, &f[2], chess960,
                            format && strcmp(format, "shredder-fen") == 0, err)) != BG_OK ||
        (r = parse_ep(&st, &f[3], err)) != BG_OK)
        return r;
    int half = 0, full = 1;
    if (n >= 5 && (r = bgi_fen_number(&f[4], 0, 65535, "halfmove clock", &half, err)) != BG_OK)
        return r;
    if (n >= 6) {
        if ((r = bgi_fen_number(&f[5], lenient ? 0 : 1, 65535, "move number", &full, err)) != BG_OK)
            return r;
        if (full == 0)
            full = 1; /* real files contain move number 0; lenient mode reads it as 1 */
    }
    st.halfmove = (uint16_t)half;
    st.fullmove = (uint16_t)full;

    /* Positions that cannot arise: the side not to move in check, or more than two checkers. */
    int them_king = chess_king_square(&st, !st.stm);
    if (chess_attackers_to(&st, them_king, st.by_kind[0], st.stm))
        return bgi_fail(err, BG_E_INVALID_POSITION, f[1].offset,
                        "FEN: the side not to move (%s) is in check",
                        st.stm == CHESS_WHITE ? "black" : "white");
    uint64_t checkers = chess_attackers_to(&st, chess_king_square(&st, st.stm), st.by_kind[0], !st.stm);
    if (chess_popcount(checkers) > 2)
        return bgi_fail(err, BG_E_INVALID_POSITION, f[0].offset,
                        "FEN: the king is attacked by %d pieces at once", chess_popcount(checkers));
    chess_rehash(&st);
    *s = st;
    return BG_OK;
}

static void write_castling(const chess_state *s, bgi_out *o, int shredder)
{
    if (!s->castle) {
        bgi_out_char(o, '-');
        return;
    }
    for (int right = 0; right < 4; right++) {
        if (!(s->castle & (1 << right)))
            continue;
        int color = right / 2, kingside = (right & 1) == 0;
        int rsq = s->castle_rook[right];
        /* An edited position may lack the king (it is then invalid): no outer rook to compare. */
        int king = (s->by_kind[CH_KING] & s->by_color[color]) != 0;
        char c;
        if (!shredder && (!s->chess960 || (king && outer_rook(s, color, kingside) == rsq)))
            c = kingside ? 'K' : 'Q';
        else
            c = (char)('A' + (rsq & 7));
        bgi_out_char(o, color == CHESS_BLACK ? (char)(c + 32) : c);
    }
}

int chess_fen_format(const chess_state *s, const char *format, char *buf, size_t cap)
{
    bgi_out o;
    int epd = format && strcmp(format, "epd") == 0;
    int shredder = format && strcmp(format, "shredder-fen") == 0;
    if (format && !epd && !shredder && strcmp(format, "fen") && strcmp(format, "xfen"))
        return BG_E_UNSUPPORTED;
    bgi_out_init(&o, buf, cap);
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            int p = s->board[rank * 8 + file];
            if (!p) {
                empty++;
                continue;
            }
            if (empty)
                bgi_out_char(&o, (char)('0' + empty));
            empty = 0;
            char c = piece_chars[p & 7];
            bgi_out_char(&o, (p >> 3) == CHESS_BLACK ? (char)(c + 32) : c);
        }
        if (empty)
            bgi_out_char(&o, (char)('0' + empty));
        if (rank)
            bgi_out_char(&o, '/');
    }
    bgi_out_str(&o, s->stm == CHESS_WHITE ? " w " : " b ");
    write_castling(s, &o, shredder);
    /*
    ** The en-passant square is written only when a legal capture exists (as python-chess does).
    ** An edited position that is not valid (no king, or the square on the wrong rank for the
    ** side to move) cannot be asked that: its square is written as it is, for the reader to judge.
    */
    int sane = chess_popcount(s->by_kind[CH_KING] & s->by_color[CHESS_WHITE]) == 1 &&
               chess_popcount(s->by_kind[CH_KING] & s->by_color[CHESS_BLACK]) == 1 &&
               s->ep / 8 == (s->stm == CHESS_WHITE ? 5 : 2);
    if (s->ep != CH_SQ_NONE && (!sane || chess_has_legal_ep(s)))
        bgi_out_printf(&o, " %c%c", 'a' + (s->ep & 7), '1' + (s->ep >> 3));
    else
        bgi_out_str(&o, " -");
    if (!epd)
        bgi_out_printf(&o, " %d %d", s->halfmove, s->fullmove);
    return bgi_out_finish(&o);
}
