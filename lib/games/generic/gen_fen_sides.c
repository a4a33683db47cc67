/*
** libboardgames — position text of defined variants with more than two sides, in the style of
** the Seven Kingdoms text: "board side quiet round", each piece its letters then its side's tag
** ("Kr", "+Py"), '*' for a hole, the side to move by its tag; and the board field writer that
** FEN and SFEN (gen_fen.c) share with it.
*/
#include <string.h>

#include "gen.h"

#define HOLE_CODE 0x100 /* what read() returns for '*' (board codes are below 0x100) */

typedef struct sides_ctx {
    const gen_def *d;
    gen_state *s;
    int royals[GEN_MAX_SIDES];
    uint64_t holes_seen[GEN_SQWORDS];
} sides_ctx;

static int side_of_tag(const gen_def *d, char c)
{
    for (int side = 0; side < d->sides; side++)
        if (d->desc->side_letter[side] == c)
            return side;
    return -1;
}

/* A piece: its kind's letters ('+' for a promoted kind, then an uppercase letter) and a tag. */
static int read_piece(void *ctx, const bgi_field *f, size_t *i, bg_error *err)
{
    const gen_def *d = ((sides_ctx *)ctx)->d;
    size_t st = *i;
    if (f->p[st] == '*')
        return HOLE_CODE;
    size_t j = st + (f->p[st] == '+');
    if (j >= f->len || !(f->p[j] >= 'A' && f->p[j] <= 'Z'))
        return bgi_fail(err, BG_E_PARSE, f->offset + st, "FEN: '%c' is not a piece of %s", f->p[st],
                        d->desc->id);
    int kind = 0;
    for (int k = 1; k <= d->nkinds && !kind; k++)
        if (!d->kind[k].tilde && strlen(d->kind[k].letter) == j - st + 1 &&
            !memcmp(d->kind[k].letter, f->p + st, j - st + 1))
            kind = k;
    if (!kind)
        return bgi_fail(err, BG_E_PARSE, f->offset + st, "FEN: '%.*s' is not a piece of %s",
                        (int)(j - st + 1), f->p + st, d->desc->id);
    int side = j + 1 < f->len ? side_of_tag(d, f->p[j + 1]) : -1;
    if (side < 0)
        return bgi_fail(err, BG_E_PARSE, f->offset + j + 1,
                        "FEN: a piece needs its side's tag after it ('%.*s' then one of the side letters)",
                        (int)(j - st + 1), f->p + st);
    *i = j + 1;
    return GEN_CODE(side, kind);
}

static bg_status place_piece(void *ctx, const bgi_field *f, size_t *i, int sq, int piece, size_t start,
                             bg_error *err)
{
    sides_ctx *c = ctx;
    const gen_def *d = c->d;
    (void)f, (void)i;
    int hole = d->holes && gen_bit(d->holes, sq);
    if (piece == HOLE_CODE) {
        if (!hole)
            return bgi_fail(err, BG_E_PARSE, start, "FEN: '*' on %c%d, which is a square of the board",
                            'a' + sq % d->w, sq / d->w + 1);
        gen_bit_set(c->holes_seen, sq);
        return BG_OK;
    }
    if (hole)
        return bgi_fail(err, BG_E_INVALID_POSITION, start, "FEN: a piece on %c%d, which is a hole",
                        'a' + sq % d->w, sq / d->w + 1);
    int side = GEN_SIDE(piece), kind = GEN_KIND(piece);
    c->s->board[sq] = (uint8_t)piece;
    gen_count(d, c->s, side)[kind]++;
    if (kind == d->royal_kind) {
        c->royals[side]++;
        c->s->royal[side] = (uint16_t)sq;
    }
    return BG_OK;
}

/* The side to move: its tag, or (lenient) its name. */
static int read_side(const gen_def *d, const bgi_field *f, unsigned flags)
{
    if (f->len == 1)
        return side_of_tag(d, f->p[0]);
    for (int side = 0; side < d->sides && (flags & BG_PARSE_LENIENT); side++)
        if (strlen(d->desc->side_name[side]) == f->len && !memcmp(d->desc->side_name[side], f->p, f->len))
            return side;
    return -1;
}

bg_status gen_fen_parse_sides(const gen_def *d, gen_state *s, const bgi_field *f, int nf, size_t len,
                              unsigned flags, bg_error *err)
{
    if (nf > 4)
        return bgi_fail(err, BG_E_PARSE, f[4].offset, "FEN: too many fields (board side quiet round)");
    sides_ctx c = {.d = d, .s = s};
    const bgi_board_text bt = {"FEN", "squares", d->w, d->h, BGI_RUNS_NUMBER, 0, 0, 0,
                               read_piece, place_piece, &c};
    bg_status st = bgi_board_text_read(&bt, &f[0], err);
    if (st != BG_OK)
        return st;
    for (int sq = 0; sq < d->nsq && d->holes; sq++)
        if (gen_bit(d->holes, sq) && !gen_bit(c.holes_seen, sq))
            return bgi_fail(err, BG_E_PARSE, f[0].offset, "FEN: %c%d is a hole, written '*'",
                            'a' + sq % d->w, sq / d->w + 1);
    if (nf < 2)
        return bgi_fail(err, BG_E_PARSE, len, "FEN: missing the side to move");
    int stm = read_side(d, &f[1], flags);
    if (stm < 0)
        return bgi_fail(err, BG_E_PARSE, f[1].offset, "FEN: '%.*s' is not the tag of a side of %s",
                        (int)f[1].len, f[1].p, d->desc->id);
    s->stm = (uint8_t)stm;
    int quiet = 0, round = 1;
    if (nf < 4 && !(flags & BG_PARSE_LENIENT))
        return bgi_fail(err, BG_E_PARSE, len, "FEN: missing the %s",
                        nf < 3 ? "plies since the last capture or pawn move" : "move number");
    if (nf > 2 && (st = bgi_fen_number(&f[2], 0, 65535, "halfmove clock", &quiet, err)) != BG_OK)
        return st;
    if (nf > 3 && (st = bgi_fen_number(&f[3], 1, 65535, "move number", &round, err)) != BG_OK)
        return st;
    s->halfmove = (uint16_t)quiet;
    s->round = (uint16_t)round;
    /* A side is in play while its king stands; a side without it is out and has no pieces. */
    long most = 0;
    for (int side = 0; side < d->sides; side++) {
        long pieces = 0;
        for (int k = 1; k <= d->nkinds; k++)
            pieces += gen_ccount(d, s, side)[k];
        most = pieces > most ? pieces : most;
        if (c.royals[side] > 1)
            return bgi_fail(err, BG_E_INVALID_POSITION, f[0].offset, "FEN: %s has %d kings, not one",
                            d->desc->side_name[side], c.royals[side]);
        if (!c.royals[side] && pieces)
            return bgi_fail(err, BG_E_INVALID_POSITION, f[0].offset,
                            "FEN: %s has pieces but no %s (a side without it is out of the game)",
                            d->desc->side_name[side], d->kind[d->royal_kind].name);
    }
    if (s->royal[stm] == GEN_NO_SQ)
        return bgi_fail(err, BG_E_INVALID_POSITION, f[1].offset, "FEN: %s is out of the game and cannot move",
                        d->desc->side_name[stm]);
    if (most * d->mob_max + 3 > BGI_MAX_MOVES)
        return bgi_fail(err, BG_E_LIMIT, 0,
                        "position has too many pieces: its legal moves could exceed %d", BGI_MAX_MOVES);
    s->key = gen_hash_full(d, s);
    gen_sides_settle(d, s);
    return BG_OK;
}

/* A piece's letters: lowercase for the second side; with more sides, then the side's tag. */
static void put_piece(bgi_out *o, const gen_def *d, uint8_t c)
{
    const gen_kind *k = &d->kind[GEN_KIND(c)];
    if (d->sides > 2) {
        bgi_out_str(o, k->letter);
        bgi_out_char(o, d->desc->side_letter[GEN_SIDE(c)]);
        return;
    }
    int lower = GEN_SIDE(c) == 1;
    for (const char *p = k->letter; *p; p++) {
        char ch = *p;
        if (lower && ch >= 'A' && ch <= 'Z')
            ch = (char)(ch - 'A' + 'a');
        bgi_out_char(o, ch);
    }
}

void gen_fen_put_board(bgi_out *o, const gen_def *d, const gen_state *s, int sfen)
{
    for (int r = d->h - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < d->w; f++) {
            uint8_t c = s->board[r * d->w + f];
            int hole = d->holes && gen_bit(d->holes, r * d->w + f);
            if (!c && !hole) {
                empty++;
                continue;
            }
            if (empty)
                bgi_out_printf(o, "%d", empty);
            empty = 0;
            if (hole) {
                bgi_out_char(o, '*');
            } else if (sfen && d->kind[GEN_KIND(c)].tilde) {
                char ch = d->kind[GEN_KIND(c)].letter[0];
                bgi_out_char(o, GEN_SIDE(c) ? (char)(ch - 'A' + 'a') : ch);
            } else {
                put_piece(o, d, c);
            }
        }
        if (empty)
            bgi_out_printf(o, "%d", empty);
        if (r)
            bgi_out_char(o, '/');
    }
}

int gen_fen_format_sides(const gen_def *d, const gen_state *s, char *buf, size_t cap)
{
    bgi_out o;
    bgi_out_init(&o, buf, cap);
    gen_fen_put_board(&o, d, s, 0);
    bgi_out_printf(&o, " %c %u %u", d->desc->side_letter[s->stm], (unsigned)s->halfmove,
                   (unsigned)(s->round ? s->round : 1));
    return bgi_out_finish(&o);
}
