/* libboardgames — FEN of the palace games (Fairy-Stockfish form): strict reading with offsets, setup checks, writing. */
#include <string.h>

#include "palace.h"

/* The piece kind of a letter (either case), 0 if none; E and H also read as elephant and horse. */
static int kind_of_letter(const palace_fen *pf, char c)
{
    char u = c >= 'a' && c <= 'z' ? (char)(c - 32) : c;
    if (u == 'E')
        u = 'B';
    else if (u == 'H')
        u = 'N';
    for (int k = 1; u && k <= pf->kinds; k++)
        if (pf->letters[k] == u)
            return k;
    return 0;
}

/* Where read_board puts what it reads. */
typedef struct board_ctx {
    const palace_fen *pf;
    uint8_t *board;
    size_t *offs;
} board_ctx;

static int read_piece(void *ctx, const bgi_field *f, size_t *i, bg_error *err)
{
    const palace_fen *pf = ((const board_ctx *)ctx)->pf;
    const char c = f->p[*i];
    const int kind = kind_of_letter(pf, c);
    if (!kind)
        return bgi_fail(err, BG_E_PARSE, f->offset + *i, "FEN board: '%c' is not a piece letter%s",
                        c, pf->letter_hint ? pf->letter_hint(c) : "");
    return kind | (c >= 'a') << 4;
}

static bg_status put_piece(void *ctx, const bgi_field *f, size_t *i, int sq, int piece,
                           size_t start, bg_error *err)
{
    (void)f, (void)i, (void)err;
    board_ctx *b = ctx;
    b->board[sq] = (uint8_t)piece;
    b->offs[sq] = start;
    return BG_OK;
}

static bg_status read_board(const palace_fen *pf, int w, const bgi_field *f, uint8_t *board,
                            size_t *offs, bg_error *err)
{
    board_ctx b = {pf, board, offs};
    const bgi_board_text bt = {.what = "FEN board", .unit = "points", .width = w,
                               .height = PALACE_HEIGHT,
                               .runs = pf->one_digit ? BGI_RUNS_ONE_DIGIT : BGI_RUNS_NUMBER,
                               .read = read_piece, .put = put_piece, .ctx = &b};
    return bgi_board_text_read(&bt, f, err);
}

static void point_name(int w, int sq, char *buf)
{
    int r = sq / w + 1;
    buf[0] = (char)('a' + sq % w);
    buf[1] = r >= 10 ? '1' : (char)('0' + r);
    buf[2] = r >= 10 ? (char)('0' + r - 10) : 0;
    buf[3] = 0;
}

/* Counts per kind (the last point of a kind over its limit is blamed) and the points kinds may stand on. */
static bg_status check_pieces(const palace_fen *pf, int w, const palace_place *places, int nplaces,
                              const uint8_t *board, const size_t *offs, size_t board_off,
                              bg_error *err)
{
    int count[32] = {0}, last[32] = {0};
    for (int sq = 0; sq < w * PALACE_HEIGHT; sq++) {
        count[board[sq]]++;
        last[board[sq]] = sq;
    }
    for (int c = 0; c < 2; c++) {
        for (int k = 1; k <= pf->kinds; k++) {
            const int n = count[k | c << 4];
            if (k == 1 && n == 0)
                return bgi_fail(err, BG_E_INVALID_POSITION, board_off,
                                "FEN board: %s has no general", pf->side_names[c]);
            if (n > pf->kind_max[k])
                return bgi_fail(err, BG_E_INVALID_POSITION, offs[last[k | c << 4]],
                                "FEN board: %s has %d %ss, at most %d", pf->side_names[c], n,
                                pf->kind_names[k], pf->kind_max[k]);
        }
        for (int i = 0; i < nplaces; i++) {
            const int piece = places[i].kind | c << 4;
            for (int sq = 0; sq < w * PALACE_HEIGHT; sq++) {
                if (board[sq] != piece || bb_test(places[i].ok[c], sq))
                    continue;
                char name[4];
                point_name(w, sq, name);
                return bgi_fail(err, BG_E_INVALID_POSITION, offs[sq], "FEN board: %s %s on %s is %s",
                                pf->side_names[c], pf->kind_names[places[i].kind], name,
                                places[i].where);
            }
        }
    }
    return BG_OK;
}

bg_status palace_fen_read(const palace_fen *pf, int width, const palace_place *places, int nplaces,
                          const char *text, const char *format, unsigned flags,
                          palace_fen_text *out, bg_error *err)
{
    bgi_field *f = out->f;
    size_t offs[PALACE_MAX_SQ];
    const int lenient = (flags & BG_PARSE_LENIENT) != 0;
    if (format && strcmp(format, "fen") != 0)
        return bgi_fail(err, BG_E_UNSUPPORTED, 0, "%s has no position format '%s'", pf->game,
                        format);
    const int n = bgi_split_fields(text, f, 6);
    const int min_fields = lenient ? 2 : 6;
    if (n < min_fields || n > 6)
        return bgi_fail(err, BG_E_PARSE, n > 6 ? f[5].offset + f[5].len : strlen(text),
                        "FEN: expected 6 fields (board, side, '-', '-', halfmove clock, move "
                        "number)%s, found %d", lenient ? " or at least 2" : "", n > 6 ? 7 : n);
    out->fields = n;

    memset(out->board, 0, sizeof out->board);
    memset(offs, 0, sizeof offs);
    bg_status r = read_board(pf, width, &f[0], out->board, offs, err);
    if (r == BG_OK)
        r = check_pieces(pf, width, places, nplaces, out->board, offs, f[0].offset, err);
    if (r != BG_OK)
        return r;
    const char side = f[1].len == 1 ? f[1].p[0] : 0;
    if (!side || !strchr(pf->side_letters, side))
        return bgi_fail(err, BG_E_PARSE, f[1].offset, "FEN side to move: '%.*s' is not %s",
                        (int)f[1].len, f[1].p, pf->side_help);
    out->stm = side == 'b';
    for (int i = 2; i < 4 && i < n; i++)
        if (f[i].len != 1 || f[i].p[0] != '-')
            return bgi_fail(err, BG_E_PARSE, f[i].offset,
                            "FEN field %d: '%.*s' must be '-' (no castling or en passant here)",
                            i + 1, (int)f[i].len, f[i].p);
    out->halfmove = 0;
    out->fullmove = 1;
    if (n >= 5)
        r = bgi_fen_number(&f[4], 0, 65535, "halfmove clock", &out->halfmove, err);
    if (r == BG_OK && n >= 6)
        r = bgi_fen_number(&f[5], lenient ? 0 : 1, 65535, "move number", &out->fullmove, err);
    if (out->fullmove == 0)
        out->fullmove = 1;
    return r;
}

/* A board as bgi_fen_placement reads it: the bytes, their width and the game's letters. */
typedef struct palace_board {
    const palace_fen *pf;
    int width;
    const uint8_t *board;
} palace_board;

static int palace_square_letters(const void *b, int file, int rank, char out[8])
{
    const palace_board *pb = b;
    const int p = pb->board[rank * pb->width + file];
    if (!p)
        return 0;
    out[0] = p >> 4 ? (char)(pb->pf->letters[p & 15] + 32) : pb->pf->letters[p & 15];
    return 1;
}

int palace_fen_write(const palace_fen *pf, int width, const uint8_t *board, int stm, int halfmove,
                     int fullmove, const char *format, char *buf, size_t cap)
{
    bgi_out o;
    if (format && strcmp(format, "fen") != 0)
        return BG_E_UNSUPPORTED;
    bgi_out_init(&o, buf, cap);
    const palace_board pb = {pf, width, board};
    bgi_fen_placement(&o, width, PALACE_HEIGHT, palace_square_letters, &pb);
    bgi_out_printf(&o, " %c - - %d %d", stm == 0 ? 'w' : 'b', halfmove, fullmove);
    return bgi_out_finish(&o);
}
