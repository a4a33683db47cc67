/* libboardgames — the board field of FEN, SFEN and the Seven Kingdoms text: ranks, runs of empty squares and the error wording, read once for every family. */
#include "internal.h"

/* "3" (ranks by number from 1 at the bottom) or "c" (SFEN: letters from 'a' at the top). */
static const char *rank_name(const bgi_board_text *bt, int rank, char buf[4])
{
    if (bt->rank_letters) {
        buf[0] = (char)('a' + bt->height - 1 - rank);
        buf[1] = 0;
    } else {
        const int r = rank + 1;
        buf[0] = r >= 10 ? (char)('0' + r / 10) : (char)('0' + r);
        buf[1] = r >= 10 ? (char)('0' + r % 10) : 0;
        buf[2] = 0;
    }
    return buf;
}

/* The run of empty squares at f->p[*i] (*i left on its last digit); *file moves past it. */
static bg_status read_run(const bgi_board_text *bt, const bgi_field *f, size_t *i, int rank,
                          int *file, int *prev_digit, bg_error *err)
{
    const int w = bt->width;
    const char c = f->p[*i];
    const size_t off = f->offset + *i;
    char rn[4];
    rank_name(bt, rank, rn);
    if (bt->runs == BGI_RUNS_DIGIT) {
        if (*prev_digit && !bt->digits_in_a_row)
            return bgi_fail(err, BG_E_PARSE, off, "%s: two digits in a row", bt->what);
        *file += c - '0';
        *prev_digit = 1;
        if (*file > w)
            return bgi_fail(err, BG_E_PARSE, off, "%s: rank %s has more than %d %s", bt->what,
                            rn, w, bt->unit);
        return BG_OK;
    }
    if (bt->runs == BGI_RUNS_ONE_DIGIT) {
        if (c == '0' || (*i > 0 && f->p[*i - 1] >= '0' && f->p[*i - 1] <= '9'))
            return bgi_fail(err, BG_E_PARSE, off,
                            "%s: bad count of empty %s on rank %s (one digit 1-9)", bt->what,
                            bt->unit, rn);
        if (*file + (c - '0') > w)
            return bgi_fail(err, BG_E_PARSE, off, "%s: rank %s has more than %d %s", bt->what,
                            rn, w, bt->unit);
        *file += c - '0';
        return BG_OK;
    }
    int v = 0;
    size_t j = *i;
    while (j < f->len && f->p[j] >= '0' && f->p[j] <= '9' && v <= w)
        v = v * 10 + (f->p[j++] - '0');
    if (c == '0' || v > w || *file + v > w)
        return bgi_fail(err, BG_E_PARSE, off, "%s: bad count of empty %s '%.*s' on rank %s",
                        bt->what, bt->unit, (int)(j - *i), f->p + *i, rn);
    *file += v;
    *i = j - 1;
    return BG_OK;
}

static int is_run(const bgi_board_text *bt, char c)
{
    if (bt->runs == BGI_RUNS_DIGIT)
        return c >= '1' && c <= bt->run_max;
    return c >= '0' && c <= '9';
}

bg_status bgi_board_text_read(const bgi_board_text *bt, const bgi_field *f, bg_error *err)
{
    const int w = bt->width, h = bt->height;
    int rank = h - 1, file = 0, prev_digit = 0;
    char rn[4];
    for (size_t i = 0; i < f->len; i++) {
        const char c = f->p[i];
        const size_t off = f->offset + i;
        if (c == '/') {
            if (file != w)
                return bgi_fail(err, BG_E_PARSE, off, "%s: rank %s has %d %s, not %d", bt->what,
                                rank_name(bt, rank, rn), file, bt->unit, w);
            if (rank == 0)
                return bgi_fail(err, BG_E_PARSE, off, "%s: more than %d ranks", bt->what, h);
            rank--;
            file = 0;
            prev_digit = 0;
        } else if (is_run(bt, c)) {
            bg_status r = read_run(bt, f, &i, rank, &file, &prev_digit, err);
            if (r != BG_OK)
                return r;
        } else {
            prev_digit = 0;
            const int piece = bt->read(bt->ctx, f, &i, err);
            if (piece < 0)
                return (bg_status)piece;
            if (file >= w)
                return bgi_fail(err, BG_E_PARSE, off, "%s: rank %s has more than %d %s", bt->what,
                                rank_name(bt, rank, rn), w, bt->unit);
            bg_status r = bt->put(bt->ctx, f, &i, rank * w + file, piece, off, err);
            if (r != BG_OK)
                return r;
            file++;
        }
    }
    if (rank != 0 || file != w)
        return bgi_fail(err, BG_E_PARSE, f->offset + f->len, "%s: expected %d ranks of %d %s",
                        bt->what, h, w, bt->unit);
    return BG_OK;
}
